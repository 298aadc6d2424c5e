import { describe, expect, it } from 'vitest';
import { MAINTENANCE_ACCESS_GRANTED, MAINTENANCE_ACCESS_KEY } from '../lib/maintenanceAccess';
import { AMPLIFY_STORAGE_PREFIX } from '../lib/session/session';
import { WIZARD_SESSION_KEYS } from '../lib/wizardSession';
import { bootScript } from './shells';

interface Visit {
  path: string;
  search?: string;
  local?: Record<string, string>;
  session?: Record<string, string>;
}

function storage(items: Record<string, string>) {
  return {
    getItem: (key: string) => items[key] ?? null,
    key: (i: number) => Object.keys(items)[i] ?? null,
    get length() {
      return Object.keys(items).length;
    },
  };
}

/** Runs the inline boot script (index.html) and returns the view it picked. */
function picked({ path, search = '', local = {}, session = {} }: Visit): string | undefined {
  const dataset: Record<string, string> = {};
  const window = { localStorage: storage(local), sessionStorage: storage(session) };
  new Function('window', 'location', 'document', bootScript())(
    window,
    { pathname: path, search },
    { documentElement: { dataset } },
  );
  return dataset.shell;
}

const granted = { [MAINTENANCE_ACCESS_KEY]: MAINTENANCE_ACCESS_GRANTED };

describe('the first-paint boot script', () => {
  it('shows the gate to a new visitor on every page with a shell, and nothing elsewhere', () => {
    expect(picked({ path: '/' })).toBe('gate');
    expect(picked({ path: '/firmar-documento' })).toBe('gate');
    expect(picked({ path: '/firmar-documento', search: '?request=r1' })).toBe('gate');
    expect(picked({ path: '/mis-pedidos', local: granted })).toBeUndefined();
  });

  it('shows the page to a visitor with the access code or a stored session', () => {
    expect(picked({ path: '/', local: granted })).toBe('home');
    expect(picked({ path: '/firmar-documento/', local: granted })).toBe('wizard');
    const signedIn = { [`${AMPLIFY_STORAGE_PREFIX}abc.idToken`]: 'x' };
    expect(picked({ path: '/firmar-documento', local: signedIn })).toBe('wizard');
  });

  it("shows the wizard's spinner, not its first step, for work in progress", () => {
    expect(picked({ path: '/firmar-documento', search: '?request=r1', local: granted })).toBe(
      'wizard-resume',
    );
    for (const key of WIZARD_SESSION_KEYS) {
      expect(picked({ path: '/firmar-documento', local: granted, session: { [key]: '{}' } })).toBe(
        'wizard-resume',
      );
    }
    // Only the wizard has a resume view.
    expect(picked({ path: '/', search: '?request=r1', local: granted })).toBe('home');
  });

  it('falls back to the gate when storage is refused', () => {
    const dataset: Record<string, string> = {};
    const refused = {
      get localStorage(): never {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
      get sessionStorage(): never {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    };
    new Function('window', 'location', 'document', bootScript())(
      refused,
      { pathname: '/firmar-documento', search: '' },
      { documentElement: { dataset } },
    );
    expect(dataset.shell).toBe('gate');
  });
});
