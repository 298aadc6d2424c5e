import { beforeEach, describe, expect, it } from 'vitest';
import {
  buyCreditsPath,
  checkoutReturnOf,
  readCheckoutDraft,
  saveCheckoutDraft,
} from './checkoutReturn';

class MemoryStorage {
  private items = new Map<string, string>();
  getItem(k: string) {
    return this.items.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.items.set(k, v);
  }
  removeItem(k: string) {
    this.items.delete(k);
  }
}

beforeEach(() => {
  Object.assign(globalThis, { sessionStorage: new MemoryStorage() });
});

describe('the way back from buying credits', () => {
  it('opens the packages with the checkout of the request to come back to', () => {
    expect(buyCreditsPath('req_123')).toBe(
      '/credit-packages?volver=%2Fcheckout%3Frequest%3Dreq_123',
    );
    const back = new URLSearchParams(buyCreditsPath('req_123').split('?')[1]).get('volver');
    expect(checkoutReturnOf(back)).toBe('/checkout?request=req_123');
  });

  it('without a request, is the plain packages page', () => {
    expect(buyCreditsPath(null)).toBe('/credit-packages');
    expect(buyCreditsPath('../x')).toBe('/credit-packages');
  });

  it('goes back only to a checkout of ours', () => {
    for (const bad of [
      'https://evil.example/checkout?request=a',
      '//evil.example',
      '/settings',
      '/checkout?request=a&x=1',
      null,
    ]) {
      expect(checkoutReturnOf(bad)).toBeNull();
    }
  });
});

describe('the checkout draft', () => {
  it('keeps the title typed at checkout for that request only', () => {
    saveCheckoutDraft('req_1', { title: 'Contrato de arriendo', company: '', phone: 5 });
    expect(readCheckoutDraft('req_2')).toEqual({});
    expect(readCheckoutDraft('req_1')).toEqual({ title: 'Contrato de arriendo' });
    // Read again (a second mount): the same draft.
    expect(readCheckoutDraft('req_1')).toEqual({ title: 'Contrato de arriendo' });
    saveCheckoutDraft('req_1', { title: 'Otro título' });
    expect(readCheckoutDraft('req_1')).toEqual({ title: 'Otro título' });
  });
});
