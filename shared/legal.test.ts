import { describe, expect, it } from 'vitest';
import {
  acceptedTerms,
  legalDateText,
  PRIVACY_VERSION,
  TERMS_VERSION,
  termsAcceptance,
} from './legal.js';

describe('the consent rule of sign-up', () => {
  it('accepts only an explicit true', () => {
    expect(acceptedTerms(true)).toBe(true);
    for (const value of [false, undefined, null, 'true', 1, 'on', {}]) {
      expect(acceptedTerms(value)).toBe(false);
    }
  });

  it('records the versions in force, the time and the client address', () => {
    const at = new Date('2026-11-27T19:30:00.000Z');
    expect(termsAcceptance(at, '203.0.113.7')).toEqual({
      terms_version: TERMS_VERSION,
      privacy_version: PRIVACY_VERSION,
      accepted_at: '2026-11-27T19:30:00.000Z',
      ip: '203.0.113.7',
    });
  });
});

describe("the documents' dates", () => {
  it('are written out in Spanish, whatever the time zone', () => {
    expect(legalDateText('2026-11-27')).toBe('27 de noviembre de 2026');
    expect(legalDateText('2027-01-01')).toBe('1 de enero de 2027');
  });
});
