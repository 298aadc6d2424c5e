import { createHmac, randomBytes } from 'node:crypto';
import { requiredSecret } from '../platform/secret-values.js';
import { sha256 } from '../platform/secrets.js';

/**
 * Link tokens minted at send time (docs/security.md §3). A signing, delivery or invitation
 * link's token is never stored, not even for the moment between the transaction that promises
 * its mail and the send: the outbox item holds the mail with a random marker where the token goes, and the mail
 * sender, the only function that can read `LINK_TOKEN_KEY`, derives the token, writes its
 * SHA-256 where the link is looked up, and mails it. So no table item, stream record or backup
 * holds a usable token, and a retried send (a sender that died after SES accepted) mails the
 * very same link, since the derivation is deterministic.
 */
export type LinkPurpose = 'signing' | 'delivery' | 'invitation';

/**
 * The token of link `id` at `version`: HMAC-SHA256 under `key`, base64url (43 characters, the
 * shape of a random 256-bit token). The purpose keeps a signing link's token from ever being a
 * delivery or invitation link's. A new version (a resend) is a different token.
 */
export function linkToken(key: string, purpose: LinkPurpose, id: string, version: number): string {
  return createHmac('sha256', key).update(`${purpose}\n${id}\n${version}`).digest('base64url');
}

/** `linkToken` under the deployment's key (Secrets Manager in AWS, an env value locally). */
export async function mintLinkToken(
  purpose: LinkPurpose,
  id: string,
  version: number,
): Promise<string> {
  return linkToken(await requiredSecret('LINK_TOKEN_KEY'), purpose, id, version);
}

/**
 * Where the sender puts the token in a mail's parts. Random per mail, so no text a customer
 * typed into the mail (a title, a name) can contain it; hex, so HTML escaping and URL encoding
 * leave it as it is.
 */
export function newLinkMarker(): string {
  return `lnk${randomBytes(16).toString('hex')}`;
}

/** The mail's parts with the token where the marker is (every occurrence: link and address). */
export function withToken(text: string, marker: string, token: string): string {
  return text.split(marker).join(token);
}

/** What the table keeps of a token: its SHA-256 (hex), the key a link is looked up by. */
export const linkTokenHash = (token: string): string => sha256(token);
