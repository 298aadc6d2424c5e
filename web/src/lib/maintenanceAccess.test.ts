import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearMaintenanceAccess,
  grantMaintenanceAccess,
  hasMaintenanceAccess,
  MAINTENANCE_ACCESS_KEY,
} from './maintenanceAccess';

describe('the stored flag', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is read, written and cleared under maintenance_access', () => {
    const store = new Map<string, string>();
    vi.stubGlobal('window', {
      localStorage: {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => store.set(k, v),
        removeItem: (k: string) => store.delete(k),
      },
    });
    expect(MAINTENANCE_ACCESS_KEY).toBe('maintenance_access');
    expect(hasMaintenanceAccess()).toBe(false);
    grantMaintenanceAccess();
    expect(store.get('maintenance_access')).toBe('granted');
    expect(hasMaintenanceAccess()).toBe(true);
    store.set('maintenance_access', 'yes');
    expect(hasMaintenanceAccess()).toBe(false);
    clearMaintenanceAccess();
    expect(store.has('maintenance_access')).toBe(false);
  });

  it('never throws without storage', () => {
    vi.stubGlobal('window', {
      localStorage: {
        getItem: () => {
          throw new Error('denied');
        },
        setItem: () => {
          throw new Error('denied');
        },
        removeItem: () => {
          throw new Error('denied');
        },
      },
    });
    expect(hasMaintenanceAccess()).toBe(false);
    expect(() => grantMaintenanceAccess()).not.toThrow();
    expect(() => clearMaintenanceAccess()).not.toThrow();
  });
});
