import { describe, expect, it } from 'vitest';
import type { Country } from '../../../../shared/contract/countries';
import {
  countryLabel,
  GEO_RECHECK_MS,
  isDetectionFresh,
  isGeoDetection,
  resolveCountry,
} from './countryRules';

const country = (id: string, code: string, name: string, currency: string): Country => ({
  id,
  code,
  name,
  currency_code: currency,
  dial_code: '+56',
  ai_analysis_available: false,
  ai_analysis_message: null,
});

const countries = [
  country('ar', 'AR', 'Argentina', 'ARS'),
  country('cl', 'CL', 'Chile', 'CLP'),
  country('es', 'ES', 'España', 'EUR'),
];

describe('resolveCountry', () => {
  it('prefers the favourite over the stored and detected countries', () => {
    expect(resolveCountry({ favorite: 'es', stored: 'ar', detected: 'CL', countries })?.id).toBe(
      'es',
    );
  });

  it('uses the stored country when there is no favourite', () => {
    expect(resolveCountry({ favorite: null, stored: 'ar', detected: 'CL', countries })?.id).toBe(
      'ar',
    );
  });

  it('falls back to the detected code, case-insensitively', () => {
    expect(resolveCountry({ favorite: null, stored: null, detected: 'cl', countries })?.id).toBe(
      'cl',
    );
  });

  it('skips ids that are no longer active', () => {
    expect(resolveCountry({ favorite: 'gone', stored: 'old', detected: 'ES', countries })?.id).toBe(
      'es',
    );
  });

  it('gives null when nothing matches', () => {
    expect(resolveCountry({ favorite: null, stored: null, detected: 'US', countries })).toBeNull();
    expect(resolveCountry({ favorite: null, stored: null, detected: null, countries })).toBeNull();
    expect(
      resolveCountry({ favorite: 'cl', stored: 'cl', detected: 'CL', countries: [] }),
    ).toBeNull();
  });
});

describe('geo detection cache', () => {
  const now = 1_800_000_000_000;

  it('is fresh for 24 hours', () => {
    expect(isDetectionFresh({ code: 'CL', checkedAt: now }, now)).toBe(true);
    expect(isDetectionFresh({ code: null, checkedAt: now - GEO_RECHECK_MS + 1 }, now)).toBe(true);
    expect(isDetectionFresh({ code: 'CL', checkedAt: now - GEO_RECHECK_MS }, now)).toBe(false);
  });

  it('is stale when missing or from the future', () => {
    expect(isDetectionFresh(null, now)).toBe(false);
    expect(isDetectionFresh({ code: 'CL', checkedAt: now + 60_000 }, now)).toBe(false);
  });

  it('validates the stored shape', () => {
    expect(isGeoDetection({ code: 'CL', checkedAt: 1 })).toBe(true);
    expect(isGeoDetection({ code: null, checkedAt: 1 })).toBe(true);
    expect(isGeoDetection({ code: 'CHL', checkedAt: 1 })).toBe(false);
    expect(isGeoDetection({ code: 'CL', checkedAt: '1' })).toBe(false);
    expect(isGeoDetection({ code: 'CL' })).toBe(false);
    expect(isGeoDetection(null)).toBe(false);
    expect(isGeoDetection('CL')).toBe(false);
  });
});

describe('labels', () => {
  it('shows name and currency, no flag emoji (see countryLabel)', () => {
    expect(countryLabel({ name: 'Chile', currency_code: 'CLP' })).toBe('Chile (CLP)');
    expect(countryLabel({ name: 'España', currency_code: 'EUR' })).toBe('España (EUR)');
  });
});
