import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import {
  PERSONAL_CONTEXT,
  parseContextHeader,
  WORK_CONTEXT_HEADER,
} from '../../../shared/contract/work-context';
import { readStorage, storageKeys, writeStorage } from './storage';

/**
 * The work context the signed-in user acts in (customer-flows §2.2): `personal` or
 * `org_{id}`. The API client sends it with every signed-in call (X-Sello-Context) and the
 * server checks the membership each time. Kept per account in localStorage, so a reload stays
 * in the organisation and another account on this browser starts in Personal.
 */
let current: string = PERSONAL_CONTEXT;
let owner: string | null = null;
const listeners = new Set<() => void>();

const storageKey = (sub: string) => `${storageKeys.workContextPrefix}${sub}`;
const notify = () => {
  for (const listener of listeners) listener();
};

/** The header the API client adds to a signed-in call. */
export function workContextHeaders(): Record<string, string> {
  return current === PERSONAL_CONTEXT ? {} : { [WORK_CONTEXT_HEADER]: current };
}

export const currentWorkContext = () => current;

/**
 * The context of the account that just signed in (its stored choice), or Personal when nobody
 * is signed in. Called by the session before it announces the user, so the first calls of a
 * page already carry it.
 */
export function restoreWorkContext(sub: string | null): void {
  owner = sub;
  const stored = sub ? readStorage(storageKey(sub)) : null;
  const next =
    stored && parseContextHeader(stored)?.kind === 'organization' ? stored : PERSONAL_CONTEXT;
  if (next === current) return;
  current = next;
  notify();
}

/** Switches the context (the switcher, once the server accepted it). */
export function setWorkContext(value: string): void {
  current = parseContextHeader(value) ? value : PERSONAL_CONTEXT;
  if (owner) writeStorage(storageKey(owner), current === PERSONAL_CONTEXT ? null : current);
  notify();
}

/**
 * Switches and reads every screen's data again in the new context (all queries but the
 * account's own, `['me', …]`, which are the same in every context).
 */
export function switchWorkContext(queryClient: QueryClient, value: string): Promise<void> {
  setWorkContext(value);
  return queryClient.resetQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current context value, re-rendering on a switch. */
export function useWorkContext(): string {
  return useSyncExternalStore(subscribe, currentWorkContext, currentWorkContext);
}
