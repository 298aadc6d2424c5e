import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmRouter } from './router';

/** warmRouter runs at every start-up (main.tsx): it must never be what stops the app. */
describe('warmRouter', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads sessionStorage once, so the router finds it loaded', () => {
    const getItem = vi.fn(() => null);
    vi.stubGlobal('window', {
      location: { pathname: '/firmar-documento', search: '', hash: '' },
      sessionStorage: { getItem },
    });
    warmRouter();
    expect(getItem).toHaveBeenCalledTimes(1);
  });

  it('starts the app when storage is refused (privacy settings)', () => {
    vi.stubGlobal('window', {
      location: { pathname: '/', search: '', hash: '' },
      get sessionStorage(): Storage {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    expect(() => warmRouter()).not.toThrow();
  });
});
