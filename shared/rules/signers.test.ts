import { describe, expect, it } from 'vitest';
import { signerMessages } from '../contract/requests.js';
import { fmt } from '../messages.es.js';
import { renumber, type SignerFields, signerErrors } from './signers.js';

const valid: SignerFields = {
  first_name: 'Ana',
  last_name: 'Pérez',
  id_number: '12345678-5',
  email: 'ana@example.com',
  phone: '987654321',
  phone_country_code: '+56',
};
const check = (s: Partial<SignerFields>, type: string | null = 'fes') =>
  signerErrors({ ...valid, ...s }, type, signerMessages, fmt);

describe('signer rules (§5)', () => {
  it('accepts a complete signer', () => {
    expect(check({})).toEqual({});
    expect(check({}, 'fea')).toEqual({});
  });

  it('requires every field', () => {
    const errors = signerErrors(
      {
        first_name: ' ',
        last_name: '',
        id_number: '',
        email: '',
        phone: '',
        phone_country_code: '+56',
      },
      'fes',
      signerMessages,
      fmt,
    );
    expect(Object.keys(errors).sort()).toEqual(
      ['email', 'first_name', 'id_number', 'last_name', 'phone'].sort(),
    );
    expect(errors.first_name).toBe('Este campo es obligatorio');
  });

  it('checks the e-mail shape and spaces', () => {
    expect(check({ email: 'ana@example' }).email).toBe('Email inválido');
    expect(check({ email: 'an a@example.com' }).email).toBe('Email inválido');
  });

  it('requires a valid RUT only for the advanced and Clave Única types', () => {
    expect(check({ id_number: '12345678-9' }, 'fes')).toEqual({});
    expect(check({ id_number: 'P1234567' }, 'biometrica')).toEqual({});
    expect(check({ id_number: '12345678-9' }, 'fea').id_number).toBe(
      'RUT chileno inválido (formato: 12345678-9)',
    );
    expect(check({ id_number: '12345678-9' }, 'fes_clave_unica').id_number).toBe(
      'RUT chileno inválido (formato: 12345678-9)',
    );
  });

  it('names the country and range in the phone message', () => {
    expect(check({ phone: '98765432' }).phone).toBe('Número inválido para Chile (9 dígitos)');
    expect(check({ phone: '12345', phone_country_code: '+54' }).phone).toBe(
      'Número inválido para Argentina (10-11 dígitos)',
    );
  });

  it('renumbers from 1', () => {
    expect(renumber([{ a: 1 }, { a: 3 }]).map((s) => s.signer_index)).toEqual([1, 2]);
  });
});
