import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { feaSigningEs as f } from '../../shared/messages/fea-signing.es.js';
import { formatRut } from '../../shared/rules/rut.js';
import { newConfirmedUser } from '../support/client.js';
import { storedBytes } from '../support/documents.js';
import { enrolledSigner, settled, smsCode } from '../support/fea.js';
import { paidOrder, signer, waitForLinks } from '../support/orders.js';
import { pdfsigTrusting } from '../support/seal-samples.js';
import {
  auditOf,
  openLink,
  orderWhen,
  rewriteSigner,
  signAll,
  storedVerification,
} from '../support/signing.js';

const stack = inject('stack');

/**
 * An order of two signers whose first signs with the advanced signature (FEA) through the
 * stack's provider emulator and the second with the simple one: an order may mix types, each
 * signer's own type wins (issue 23).
 */
async function mixedOrder(fea: { rut: string }) {
  const user = await newConfirmedUser(stack);
  const signers = [signer({ id_number: fea.rut }), signer({ first_name: 'Bruno' })];
  const order = await paidOrder(stack, user, { signers });
  const links = await Promise.all(signers.map((s) => waitForLinks(stack, s.email)));
  const stored = await auditOf(stack, order.id);
  const feaSignerId = stored.order.signer_ids[0] as string;
  await rewriteSigner(stack, feaSignerId, { signature_type: 'advanced' });
  return { user, order, signers, links: links.map((l) => l[0] as URL), feaSignerId };
}

async function upToPassword(link: URL) {
  const s = await openLink(stack, link);
  const consent = await s.step({ accion: 'check_status' });
  expect(consent.body.next_step).toBe('consent');
  expect(JSON.stringify(consent.body.ui.components)).toContain(f.consentText.slice(0, 40));
  expect((await s.step({ accion: 'accept_consent' })).body.next_step).toBe('review');
  const password = await s.step({ accion: 'confirm_review' });
  return { s, password: password.body };
}

describe('the advanced signature (FEA) through the provider emulator', () => {
  it('vigencia, a wrong password (120), the SMS code, the signature: signed, with its evidence', async () => {
    const fea = await enrolledSigner(stack);
    const { user, order, links, feaSignerId, signers } = await mixedOrder(fea);
    const { s, password } = await upToPassword(links[0] as URL);
    expect(password.next_step).toBe('request_second_factor');
    expect(password.data.vigenciaInfo).toMatchObject({
      rut: formatRut(fea.rut),
      vigencia: f.vigencia.valid,
    });

    const asked = await s.step({ accion: 'request_second_factor', certificate_password: 'mala' });
    expect(asked.body.status).toBe('loading');
    const wrong = await settled(s);
    expect(wrong.status).toBe('error');
    expect(wrong.message).toBe('La clave del certificado no es correcta. Te quedan 2 intentos.');
    expect(wrong.data.errorCode).toBe('120');

    await s.step({ accion: 'request_second_factor', certificate_password: fea.password });
    const code = await settled(s);
    expect(code.next_step).toBe('submit_signature');
    expect(code.ui.description).toContain('+56 9 **** 8888');

    const signing = await s.step({
      accion: 'submit_signature',
      second_factor_code: await smsCode(stack, fea.rut),
      certificate_password: fea.password,
    });
    expect(signing.body.status).toBe('loading');
    const done = await settled(s);
    expect(done.status).toBe('success');
    expect(done.ui.type).toBe('success');

    const { order: stored, events } = await auditOf(stack, order.id);
    expect(stored.sign_count).toBe(1);
    const kinds = events.map((e) => e.kind);
    expect(kinds).toContain('fea_refused');
    expect(kinds).toContain('fea_code_sent');
    const applied = events.find((e) => e.kind === 'signature_applied');
    expect(applied?.signer_id).toBe(feaSignerId);
    expect(applied?.details).toMatchObject({ method: 'fea', signer_rut: fea.rut });
    expect(String(applied?.details?.transaction_code)).toMatch(/^TX-/);
    // Neither the password nor the code is in the trail.
    expect(JSON.stringify(events)).not.toContain(fea.password);

    // The simple signer signs as before; the order moves on to its seal.
    const second = await openLink(stack, links[1] as URL);
    const last = await signAll(stack, second, signers[1]?.email ?? '', { typed: 'Bruno Pérez' });
    expect(last.ui.type).toBe('success');
    expect((await auditOf(stack, order.id)).order.sign_count).toBe(2);

    // The seal: the provider-signed PDF is never altered; a separate sealed evidence PDF
    // carries it attached, names its SHA-256, and lists both signers.
    await orderWhen(stack, user, order.id, 'completed', 90_000);
    const sealed = (await auditOf(stack, order.id)).order;
    expect(sealed.fea_signed_key).toMatch(new RegExp(`^evidence/${order.id}/fea-1-`));
    const feaPdf = await storedBytes(stack, String(sealed.fea_signed_key));
    const sealedPdf = await storedBytes(stack, String(sealed.sealed_file_key));
    if (!feaPdf || !sealedPdf) throw new Error('files missing');
    const sha = createHash('sha256').update(feaPdf).digest('hex');
    expect(sealed.fea_signed_sha256).toBe(sha);
    expect(String(applied?.details?.signed_sha256)).toBe(sha);

    const dir = mkdtempSync(join(tmpdir(), 'fea-seal-'));
    try {
      const feaCa = join(dir, 'fea-ca.pem');
      writeFileSync(feaCa, await (await fetch(`${stack.direct.fea}/_emulator/ca.pem`)).text());
      writeFileSync(join(dir, 'fea.pdf'), feaPdf);
      const feaReport = pdfsigTrusting(feaCa, join(dir, 'nss-fea'))(join(dir, 'fea.pdf'));
      expect(feaReport).toContain('Signature Validation: Signature is Valid.');
      expect(feaReport).toContain('Certificate Validation: Certificate is Trusted.');
      expect(feaReport).toContain(fea.name);
      writeFileSync(join(dir, 'sealed.pdf'), sealedPdf);
      const sealReport = pdfsigTrusting(
        stack.sealRootCaPath,
        join(dir, 'nss-seal'),
      )(join(dir, 'sealed.pdf'));
      expect(sealReport).toContain('Signature Validation: Signature is Valid.');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const verification = await storedVerification(stack, String(sealed.verification_code));
    expect(JSON.stringify(verification)).toContain(String(applied?.details?.transaction_code));
  });
});
