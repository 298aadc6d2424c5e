/**
 * What the maintenance gate shows (spec §2.3): the app, a neutral loader while the session is
 * read, or the gate. Kept apart from the access-code form's rules (access.ts), which load only
 * with the gate's screen.
 */
export type GateView = 'open' | 'loading' | 'gate';

/** The flag opens the app at once; otherwise a signed-in user does, once the session is known. */
export function gateView(
  granted: boolean,
  sessionStatus: 'loading' | 'signedIn' | 'signedOut',
): GateView {
  if (granted || sessionStatus === 'signedIn') return 'open';
  return sessionStatus === 'loading' ? 'loading' : 'gate';
}
