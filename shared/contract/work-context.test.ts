import { describe, expect, it } from 'vitest';
import { organizationContextValue, parseContextHeader } from './work-context.js';

describe('parseContextHeader', () => {
  it('reads absent, empty and "personal" as Personal', () => {
    for (const value of [undefined, '', 'personal']) {
      expect(parseContextHeader(value)).toEqual({ kind: 'personal' });
    }
  });

  it('reads an organisation by its id, and round-trips organizationContextValue', () => {
    const id = '0123456789abcdef01234567';
    expect(parseContextHeader(organizationContextValue(id))).toEqual({
      kind: 'organization',
      organizationId: id,
    });
  });

  it.each([
    'org_',
    'org_0123456789ABCDEF01234567',
    'org_0123456789abcdef0123456',
    'org_0123456789abcdef012345678',
    'org_0123456789abcdef01234567 ',
    'ORG_0123456789abcdef01234567',
    'user_abc',
    'Personal',
    'org_../../x',
  ])('refuses the malformed %j', (value) => {
    expect(parseContextHeader(value)).toBeUndefined();
  });
});
