import { describe, expect, it } from 'vitest';
import type { SigningComponent } from '../../../../shared/contract/signing';
import { checkForm, checkRules, initialValues, postedValues, sanitizeCode } from './formRules';

const required = { message: 'Ingresa tu nombre' };
const minLength = { value: 3, message: 'Mínimo 3 caracteres' };
const digits = { value: 6, message: 'El código tiene 6 dígitos' };

describe('checkRules (credits-signing-admin §5)', () => {
  it('required: a trimmed empty value fails with its own message', () => {
    expect(checkRules('', { required })).toBe(required.message);
    expect(checkRules('   ', { required })).toBe(required.message);
    expect(checkRules(' Ana ', { required })).toBeUndefined();
  });

  it('minLength: counts the trimmed value', () => {
    expect(checkRules('ab', { minLength })).toBe(minLength.message);
    expect(checkRules('  ab  ', { minLength })).toBe(minLength.message);
    expect(checkRules('abc', { minLength })).toBeUndefined();
  });

  it('digits: digits only, exactly the length', () => {
    expect(checkRules('12345', { digits })).toBe(digits.message);
    expect(checkRules('1234567', { digits })).toBe(digits.message);
    expect(checkRules('12a456', { digits })).toBe(digits.message);
    expect(checkRules('123456', { digits })).toBeUndefined();
  });

  it('an empty optional field passes; the first failing rule speaks', () => {
    expect(checkRules('', { minLength, digits })).toBeUndefined();
    expect(checkRules('', { required, minLength })).toBe(required.message);
    expect(checkRules('1', { minLength, digits })).toBe(minLength.message);
    expect(checkRules('anything', undefined)).toBeUndefined();
  });
});

const screen: SigningComponent[] = [
  { id: 'intro', type: 'text', value: 'Hola' },
  { id: 'code', type: 'code', validation: { required: { message: 'Falta' }, digits } },
  { id: 'typed_name', type: 'input', value: 'Ana', validation: { minLength } },
  { id: 'certificate_password', type: 'password' },
  { id: 'signature_image', type: 'signature', validation: { required: { message: 'Firma' } } },
  { id: 'doc', type: 'document', value: 'https://x/y.pdf' },
  { id: 'go', type: 'button', value: 'verify_code' },
];

describe('checkForm', () => {
  it('answers each failing field by component id, nothing for the others', () => {
    expect(checkForm(screen, { code: '12', typed_name: 'Ana', signature_image: '' })).toEqual({
      code: digits.message,
      signature_image: 'Firma',
    });
    expect(
      checkForm(screen, {
        code: '123456',
        typed_name: 'Ana',
        signature_image: 'data:image/png;base64,AAAA',
      }),
    ).toEqual({});
  });
});

describe('form values', () => {
  it('start from the server value of each field (code sanitised), signature empty', () => {
    expect(initialValues(screen)).toEqual({
      code: '',
      typed_name: 'Ana',
      certificate_password: '',
    });
  });

  it('post only the fields that hold something, under their component ids', () => {
    expect(
      postedValues(screen, {
        code: '123456',
        typed_name: '',
        certificate_password: 'x',
        signature_image: 'data:image/png;base64,AAAA',
        stray: 'never',
      }),
    ).toEqual({
      code: '123456',
      certificate_password: 'x',
      signature_image: 'data:image/png;base64,AAAA',
    });
  });
});

describe('sanitizeCode', () => {
  it('keeps digits only, at most 8', () => {
    expect(sanitizeCode('12 34-56')).toBe('123456');
    expect(sanitizeCode('abc')).toBe('');
    expect(sanitizeCode('1234567890')).toBe('12345678');
    expect(sanitizeCode('１２３')).toBe(''); // full-width digits are not \d
  });
});
