import { randomBytes } from 'node:crypto';
import type { SigningResponse } from '../../../../shared/contract/signing.js';
import { signingEs as t } from '../../../../shared/messages/signing.es.js';
import { digest } from '../../../documents/stored-file.js';
import { deleteObject, putObject } from '../../../platform/storage.js';
import { epochOf, type Live } from '../../link/context.js';
import { codeSendScreen } from '../../steps/code-screens.js';
import { VERIFIED_FOR_SECONDS } from '../../steps/email-code.js';
import { applySignature } from '../../steps/signer-signed.js';
import { signatureScreen } from './screens.js';
import { parseSignaturePng } from './signature-image.js';

/**
 * The simple signature ('submit_signature'): a verified, still valid e-mailed code, then a typed
 * name or a drawn image (signature-image.ts). What it records as evidence is built here; the
 * write that makes the signer 'signed' is every type's (steps/signer-signed.ts).
 */
export async function submitSignature(live: Live): Promise<SigningResponse> {
  const p = live.session.progress;
  const verifiedAt = p.code_verified_at ? Date.parse(p.code_verified_at) / 1000 : 0;
  if (!p.viewed_sha256 || !verifiedAt) {
    return codeSendScreen(live.ctx, { message: t.codeMissing, code: 'SIG-CODE-MISSING' });
  }
  if (verifiedAt + VERIFIED_FOR_SECONDS <= epochOf(live.input.now)) {
    return codeSendScreen(live.ctx, { message: t.codeExpired, code: 'SIG-CODE-EXPIRED' });
  }
  return signWithPad(live);
}

/**
 * The typed or drawn signature of a signer whose identity is already established (the e-mailed
 * code for the simple type; ClaveÚnica for FES + Clave Única, whose evidence `identity` adds).
 */
export async function signWithPad(
  live: Live,
  identity?: { event: Record<string, string | null>; record: Record<string, string | null> },
): Promise<SigningResponse> {
  const p = live.session.progress;
  const typed = (live.input.body.typed_name ?? '').replace(/\s+/g, ' ').trim();
  const drawn = live.input.body.signature_image;
  if (!typed && !drawn) return signatureScreen(live.ctx, t.signatureMissing);
  if (typed && typed.length < 3) return signatureScreen(live.ctx, t.typedNameShort);
  const png = drawn ? parseSignaturePng(drawn) : undefined;
  if (drawn && !png) return signatureScreen(live.ctx, t.signatureImageInvalid);

  // The drawn image goes first, under a key of its own: a signature that does not land
  // leaves an object nothing references, deleted by `discard`.
  let image: { key: string; sha256: string } | undefined;
  if (png) {
    const d = digest(png);
    const key = `evidence/${live.order.id}/sig-${live.signer.id}-${randomBytes(6).toString('hex')}.png`;
    await putObject({ key, bytes: png, contentType: 'image/png', sha256Base64: d.base64 });
    image = { key, sha256: d.hex };
  }

  return applySignature(live, {
    event: {
      method: png ? 'drawn' : 'typed',
      // Who signed, as the chain's hashes cover it: the identity the requester declared (name,
      // RUT as entered, e-mail: not verified by Sello for a simple signature), the name typed.
      signer_name: `${live.signer.first_name} ${live.signer.last_name}`.trim(),
      signer_rut_declared: live.signer.id_number || null,
      signer_email: live.signer.email,
      typed_name: typed || null,
      document_sha256: p.viewed_sha256 ?? null,
      image_sha256: image?.sha256 ?? null,
      consent_version: p.consent_version ?? null,
      ...identity?.event,
    },
    record: {
      method: png ? 'drawn' : 'typed',
      typed_name: typed || null,
      image_key: image?.key ?? null,
      image_sha256: image?.sha256 ?? null,
      document_sha256: p.viewed_sha256,
      code_id: p.code_id,
      code_verified_at: p.code_verified_at,
      consent_version: p.consent_version,
      ...identity?.record,
    },
    discard: async () => {
      if (image) await deleteObject(image.key).catch(() => undefined);
    },
  });
}
