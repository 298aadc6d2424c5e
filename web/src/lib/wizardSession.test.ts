import { afterEach, describe, expect, it, vi } from 'vitest';
import { resumesWizard, WIZARD_SESSION_KEYS } from './wizardSession';

function stubSession(items: Record<string, string>) {
  vi.stubGlobal('sessionStorage', { getItem: (key: string) => items[key] ?? null });
}

/** Which loading view the wizard shows (WizardLoading): the first step, or a spinner. */
describe('resumesWizard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is false for a new request: no edit link, nothing stored', () => {
    stubSession({});
    expect(resumesWizard('')).toBe(false);
    expect(resumesWizard('?utm_source=mail')).toBe(false);
  });

  it("is true for the cart's edit link", () => {
    stubSession({});
    expect(resumesWizard('?request=req_1')).toBe(true);
  });

  it("is true for each kind of this tab's work in progress", () => {
    for (const key of WIZARD_SESSION_KEYS) {
      stubSession({ [key]: '{}' });
      expect(resumesWizard('')).toBe(true);
    }
  });

  it('is false, and does not throw, when storage is refused', () => {
    vi.stubGlobal('sessionStorage', {
      getItem() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    expect(resumesWizard('')).toBe(false);
  });
});
