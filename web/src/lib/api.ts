import routes from 'virtual:sello/route-manifest';
import type * as z from 'zod/mini';
import type { RouteId, Routes } from '../../../shared/contract/routes';
import { es } from '../../../shared/messages.es';
import { workContextHeaders } from './workContext';

/**
 * The typed API client, built from the shared route table: its types come from the table itself,
 * its data (method, path and auth level per route) from a manifest that web/vite.config.ts
 * generates from the table at build time, so the SPA does not bundle the table's zod schemas.
 * It knows nothing of Amplify: the auth feature registers a token provider, so routes that need
 * no login (the signer's) stay light.
 */
type Schema<R> = R extends { request?: infer S extends z.core.$ZodType } ? z.input<S> : undefined;
type Result<R> = R extends { response?: infer S extends z.core.$ZodType } ? z.output<S> : unknown;

export type ApiRequest<Id extends RouteId> = Schema<Routes[Id]>;
export type ApiResponse<Id extends RouteId> = Result<Routes[Id]>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type TokenProvider = () => Promise<string | undefined>;
/**
 * The session's token source, kept on a hoisted function declaration rather than in a `let`:
 * the session module (the `frame` chunk) sets it while that chunk evaluates, and in the
 * core ↔ frame chunk cycle that can come before this module's body has run, where a `let`
 * is still uninitialised (a TDZ ReferenceError that stopped every page from starting).
 */
function tokenProvider(): Promise<string | undefined> {
  const set = (tokenProvider as { current?: TokenProvider }).current;
  return set ? set() : Promise.resolve(undefined);
}

/** Called by the auth feature once Amplify is configured. */
export function setTokenProvider(provider: TokenProvider): void {
  (tokenProvider as { current?: TokenProvider }).current = provider;
}

export interface CallOptions<Id extends RouteId> {
  body?: ApiRequest<Id>;
  params?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
}

function buildPath(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_m, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`missing path param ${key}`);
    return encodeURIComponent(value);
  });
}

export async function apiCall<Id extends RouteId>(
  id: Id,
  options: CallOptions<Id> = {},
): Promise<ApiResponse<Id>> {
  const route = routes[id];
  let url = buildPath(route.path, options.params);
  if (options.query) {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(options.query)) if (v !== undefined) qs.set(k, String(v));
    const s = qs.toString();
    if (s) url += `?${s}`;
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  if (route.auth !== 'public') {
    const token = await tokenProvider();
    if (token) headers.authorization = `Bearer ${token}`;
    // The work context (Personal or an organisation); routes that do not act on one ignore it.
    Object.assign(headers, workContextHeaders());
  }
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(url, {
      method: route.method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'NETWORK', es.api.network);
  }
  const text = await res.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!res.ok) {
    const e = (
      data as { error?: { code?: string; message?: string; fields?: Record<string, string> } }
    )?.error;
    throw new ApiError(res.status, e?.code ?? 'INTERNAL', e?.message ?? es.api.internal, e?.fields);
  }
  return data as ApiResponse<Id>;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
