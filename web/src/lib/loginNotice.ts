import { es } from '../../../shared/messages.es';

/**
 * Notices a page may ask /login to show, passed as router state `{ notice: key }`. Only these
 * keys are read, so no text from elsewhere is ever shown.
 */
const NOTICES = {
  passwordChanged: es.auth.passwordChangedSignIn,
} as const;

export type LoginNotice = keyof typeof NOTICES;

export function loginNoticeText(state: unknown): string | undefined {
  const key = (state as { notice?: unknown } | null)?.notice;
  return typeof key === 'string' && Object.hasOwn(NOTICES, key)
    ? NOTICES[key as LoginNotice]
    : undefined;
}
