/**
 * The wizard's in-progress request, kept in sessionStorage so a reload, the trip to /checkout
 * and back, or the login modal do not lose it. Everything else of the wizard lives on the
 * server (the request). 'Process another document' and a completed payment clear it.
 */
const KEY = 'sello.wizard.request';

export interface WizardSession {
  requestId: string;
  step: number;
}

export function readWizardSession(): WizardSession | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<WizardSession>;
    if (typeof v.requestId !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(v.requestId)) return null;
    const step = typeof v.step === 'number' && v.step >= 1 && v.step <= 4 ? v.step : 1;
    return { requestId: v.requestId, step };
  } catch {
    return null;
  }
}

export function writeWizardSession(s: WizardSession): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(s));
  } catch {
    // Storage full or disabled: the wizard still works for this page view.
  }
}

export function clearWizardSession(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // ignore
  }
}
