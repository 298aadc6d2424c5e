import { describe, expect, it } from 'vitest';
import { initCredentials, urlWithoutToken } from './linkCredentials';

describe('urlWithoutToken', () => {
  it('drops the token and keeps the path, other parameters and hash', () => {
    expect(urlWithoutToken('https://sello.cl/sign/abc?token=T0k3n')).toBe('/sign/abc');
    expect(urlWithoutToken('https://sello.cl/firmar/abc?refresh_status=true&token=T#x')).toBe(
      '/firmar/abc?refresh_status=true#x',
    );
    expect(urlWithoutToken('https://sello.cl/sign/abc?token=a&token=b')).toBe('/sign/abc');
  });

  it('answers null when there is nothing to clean', () => {
    expect(urlWithoutToken('https://sello.cl/sign/abc')).toBeNull();
    expect(urlWithoutToken('https://sello.cl/sign/abc?refresh_status=true')).toBeNull();
  });
});

describe('initCredentials', () => {
  it('a link just opened wins over a stored session', () => {
    expect(initCredentials({ token: 'T', freshToken: true, session: 'S' })).toEqual({ token: 'T' });
  });

  it('otherwise resumes the stored session, then the token held in memory', () => {
    expect(initCredentials({ token: 'T', freshToken: false, session: 'S' })).toEqual({
      signingSessionId: 'S',
    });
    expect(initCredentials({ token: 'T', freshToken: false })).toEqual({ token: 'T' });
  });

  it('nothing at all: no call can be made', () => {
    expect(initCredentials({ freshToken: false })).toBeUndefined();
  });
});
