import { describe, expect, it } from 'vitest';
import type { Profile } from '../../../../shared/contract/profile';
import { updateProfileRequest } from '../../../../shared/contract/profile';
import { es } from '../../../../shared/messages.es';
import { ApiError } from '../../lib/api';
import {
  canSubmitPassword,
  passwordChangeErrorDetail,
  passwordChangeForm,
  profileToForm,
  SETTINGS_MESSAGE_MS,
} from './settingsRules';

const profile: Profile = {
  id: 'u1',
  email: 'ana@example.com',
  first_name: 'Ana',
  last_name: 'Pérez',
  role: 'customer',
  phone: null,
  company: 'ACME',
  address: null,
  city: 'Santiago',
  whatsapp: null,
  billing_country_id: null,
  region_province: null,
  account_type: 'team',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

describe('profile form', () => {
  it('starts from the profile with nulls as empty fields', () => {
    expect(profileToForm(profile)).toEqual({
      first_name: 'Ana',
      last_name: 'Pérez',
      phone: '',
      whatsapp: '',
      company: 'ACME',
      address: '',
      city: 'Santiago',
      region_province: '',
      billing_country_id: '',
      account_type: 'team',
    });
  });

  it('sends empty fields, the "Sin país" choice included, as null', () => {
    const body = updateProfileRequest.parse(profileToForm(profile));
    expect(body.billing_country_id).toBeNull();
    expect(body.phone).toBeNull();
    expect(body.company).toBe('ACME');
    // The e-mail is not part of what the form sends.
    expect(Object.keys(body)).not.toContain('email');
  });

  it("checks the phone with the wizard's rule, in the browser as on the server", () => {
    const form = profileToForm(profile);
    const bad = updateProfileRequest.safeParse({ ...form, phone: 'abc' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues).toContainEqual(
      expect.objectContaining({
        path: ['phone'],
        message: 'Número inválido para Chile (9 dígitos)',
      }),
    );
    expect(updateProfileRequest.parse({ ...form, phone: '+56 9 1234 5678' }).phone).toBe(
      '+56 9 1234 5678',
    );
  });

  it('clears its messages after 3 seconds', () => {
    expect(SETTINGS_MESSAGE_MS).toBe(3000);
  });
});

describe('password change form', () => {
  const valid = {
    currentPassword: 'vieja-clave',
    newPassword: 'nueva1',
    confirmPassword: 'nueva1',
  };

  it('accepts at least 6 characters, equal twice', () => {
    expect(passwordChangeForm.safeParse(valid).success).toBe(true);
  });

  it('says the spec texts for a short or unmatched password', () => {
    const short = passwordChangeForm.safeParse({
      ...valid,
      newPassword: 'abc',
      confirmPassword: 'abc',
    });
    expect(short.error?.issues.map((i) => i.message)).toContain(es.auth.passwordTooShort);
    const mismatch = passwordChangeForm.safeParse({ ...valid, confirmPassword: 'otra-cosa' });
    expect(mismatch.error?.issues).toEqual([
      expect.objectContaining({ path: ['confirmPassword'], message: es.auth.passwordsMismatch }),
    ]);
  });

  it('keeps the button disabled while a field is empty', () => {
    expect(canSubmitPassword(valid)).toBe(true);
    expect(canSubmitPassword({ ...valid, newPassword: '' })).toBe(false);
    expect(canSubmitPassword({ ...valid, confirmPassword: '' })).toBe(false);
    expect(canSubmitPassword({ ...valid, currentPassword: '' })).toBe(false);
    expect(canSubmitPassword({})).toBe(false);
  });

  it("shows the API's Spanish reason, and the generic text for anything unexpected", () => {
    expect(
      passwordChangeErrorDetail(
        new ApiError(400, 'VALIDATION', es.auth.wrongCurrentPassword, {
          currentPassword: es.auth.wrongCurrentPassword,
        }),
      ),
    ).toBe(es.auth.wrongCurrentPassword);
    expect(
      passwordChangeErrorDetail(
        new ApiError(429, 'TOO_MANY_REQUESTS', es.auth.passwordChangeTooMany),
      ),
    ).toBe(es.auth.passwordChangeTooMany);
    expect(passwordChangeErrorDetail(new ApiError(0, 'NETWORK', es.api.network))).toBe(
      es.api.network,
    );
    expect(passwordChangeErrorDetail(new ApiError(500, 'INTERNAL', 'x'))).toBe(es.auth.unexpected);
    expect(passwordChangeErrorDetail(new Error('boom'))).toBe(es.auth.unexpected);
    expect(passwordChangeErrorDetail(undefined)).toBe(es.auth.unexpected);
  });
});
