import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { resetSecretCache } from '../platform/secret-values.js';
import {
  linkToken,
  linkTokenHash,
  mintLinkToken,
  newLinkMarker,
  withToken,
} from './link-tokens.js';

const KEY = 'k'.repeat(48);
const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('linkToken', () => {
  it('is 43 URL-safe characters, like a random 256-bit token', () => {
    expect(linkToken(KEY, 'signing', ID, 1)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('is the same for the same link and version: a retried send mails the same link', () => {
    expect(linkToken(KEY, 'signing', ID, 1)).toBe(linkToken(KEY, 'signing', ID, 1));
  });

  it('differs by version, purpose, id and key', () => {
    const base = linkToken(KEY, 'signing', ID, 1);
    const others = [
      linkToken(KEY, 'signing', ID, 2),
      linkToken(KEY, 'delivery', ID, 1),
      linkToken(KEY, 'signing', ID.replace('0f', '1f'), 1),
      linkToken(`${KEY}x`, 'signing', ID, 1),
    ];
    expect(new Set([base, ...others]).size).toBe(5);
  });

  it('cannot be told apart by a field boundary (id and version are separated)', () => {
    expect(linkToken(KEY, 'signing', 'a1', 1)).not.toBe(linkToken(KEY, 'signing', 'a', 11));
  });
});

describe('linkTokenHash', () => {
  it('is the SHA-256 hex the lookups use, never the token', () => {
    const token = linkToken(KEY, 'delivery', ID, 1);
    const hash = linkTokenHash(token);
    expect(hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(hash).not.toContain(token);
  });
});

describe('mintLinkToken', () => {
  const saved = process.env.LINK_TOKEN_KEY;
  afterEach(() => {
    if (saved === undefined) delete process.env.LINK_TOKEN_KEY;
    else process.env.LINK_TOKEN_KEY = saved;
    resetSecretCache();
  });

  it("derives under the deployment's LINK_TOKEN_KEY", async () => {
    process.env.LINK_TOKEN_KEY = KEY;
    expect(await mintLinkToken('signing', ID, 3)).toBe(linkToken(KEY, 'signing', ID, 3));
  });

  it('refuses to mint without the key (only the mail sender is given it)', async () => {
    delete process.env.LINK_TOKEN_KEY;
    await expect(mintLinkToken('signing', ID, 1)).rejects.toThrow(/LINK_TOKEN_KEY/);
  });
});

describe('markers', () => {
  it('are random, hex and survive HTML escaping and URL encoding unchanged', () => {
    const a = newLinkMarker();
    expect(a).toMatch(/^lnk[0-9a-f]{32}$/);
    expect(newLinkMarker()).not.toBe(a);
    expect(encodeURIComponent(a)).toBe(a);
  });

  it('are replaced by the token everywhere in a part (button and printed address)', () => {
    const m = newLinkMarker();
    const html = `<a href="https://x/sign/1?token=${m}">Firmar</a><p>https://x/sign/1?token=${m}</p>`;
    const out = withToken(html, m, 'TOKEN');
    expect(out).not.toContain(m);
    expect(out.match(/TOKEN/g)).toHaveLength(2);
  });
});
