import { describe, expect, it } from 'vitest';
import { SCREEN_LOOK } from './screenLook';

describe('the look of a screen', () => {
  it('every screen type has its icon and colour', () => {
    expect(SCREEN_LOOK.success).toEqual({ icon: 'check', tone: 'success' });
    expect(SCREEN_LOOK.error.tone).toBe('danger');
    expect(SCREEN_LOOK.blocked.icon).toBe('lock');
    expect(SCREEN_LOOK.pending.icon).toBe('clock');
    expect(SCREEN_LOOK.loading.icon).toBe('spinner');
    expect(SCREEN_LOOK.default.icon).toBe('fileText');
  });
});
