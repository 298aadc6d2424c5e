import { describe, expect, it } from 'vitest';
import { gateView } from './gateView';

describe('gateView', () => {
  it('opens with the flag, even while the session loads', () => {
    expect(gateView(true, 'loading')).toBe('open');
    expect(gateView(true, 'signedOut')).toBe('open');
  });
  it('opens for a signed-in user', () => {
    expect(gateView(false, 'signedIn')).toBe('open');
  });
  it('waits for the session instead of flashing the gate', () => {
    expect(gateView(false, 'loading')).toBe('loading');
  });
  it('shows the gate to a signed-out visitor without the flag', () => {
    expect(gateView(false, 'signedOut')).toBe('gate');
  });
});
