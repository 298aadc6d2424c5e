import { describe, expect, it } from 'vitest';
import { es } from '../../../shared/messages.es';
import { loginNoticeText } from './loginNotice';

describe('loginNoticeText', () => {
  it('shows only the notices it knows', () => {
    expect(loginNoticeText({ notice: 'passwordChanged' })).toBe(es.auth.passwordChangedSignIn);
    expect(loginNoticeText({ notice: '<b>hola</b>' })).toBeUndefined();
    expect(loginNoticeText({ notice: 'toString' })).toBeUndefined();
    expect(loginNoticeText(null)).toBeUndefined();
    expect(loginNoticeText('passwordChanged')).toBeUndefined();
  });
});
