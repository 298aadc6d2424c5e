import { describe, expect, it } from 'vitest';
import { accountEs } from '../../shared/messages/account.es.js';
import { documentFolders, documentIdOfKey, inProgress } from './contents.js';
import { pseudonymOf } from './deletion.js';

describe("an account's records", () => {
  it('finds document ids in the keys of both of its folders, and nothing else', () => {
    const [checked, incoming] = documentFolders('sub-1');
    expect(documentIdOfKey(`${checked}abc_DEF-123/0123456789abcdef.pdf`)).toBe('abc_DEF-123');
    expect(documentIdOfKey(`${incoming}abc_DEF-123.docx`)).toBe('abc_DEF-123');
    expect(documentIdOfKey('documents/sub-1/')).toBeUndefined();
  });

  it('counts paid orders still moving as in progress; completed and cancelled ones are not', () => {
    expect(inProgress({ status: 'pending' })).toBe(true);
    expect(inProgress({ status: 'processing' })).toBe(true);
    expect(inProgress({ status: 'completed' })).toBe(false);
    expect(inProgress({ status: 'cancelled' })).toBe(false);
  });

  it('gives each account one pseudonym, the same on every retry, that names no one', () => {
    const a = pseudonymOf('1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed');
    expect(a).toBe(pseudonymOf('1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed'));
    expect(a).not.toBe(pseudonymOf('6ec0bd7f-11c0-43da-975e-2a8ad9ebae0b'));
    expect(a).toMatch(new RegExp(`^${accountEs.pseudonymName} [0-9a-f]{8}$`));
    expect(a).not.toContain('1b9d6bcd');
  });
});
