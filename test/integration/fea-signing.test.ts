import { createHash } from 'node:crypto';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { feaSigningEs as f } from '../../shared/messages/fea-signing.es.js';
import { formatRut } from '../../shared/rules/rut.js';
import { mailsTo, newConfirmedUser } from '../support/client.js';
import { storedBytes } from '../support/documents.js';
import { allUp, setFault } from '../support/faults.js';
import { enrolledSigner, freshRut, pdfsigReports, settled, smsCode } from '../support/fea.js';
import { signer } from '../support/orders.js';
import {
  auditOf,
  openLink,
  orderWhen,
  orderWithSignerTypes,
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
  const made = await orderWithSignerTypes(stack, user, signers, ['advanced']);
  return { user, signers, ...made, feaSignerId: made.signerIds[0] as string };
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

    const reports = await pdfsigReports(stack, feaPdf, sealedPdf);
    expect(reports.fea).toContain('Signature Validation: Signature is Valid.');
    expect(reports.fea).toContain('Certificate Validation: Certificate is Trusted.');
    expect(reports.fea).toContain(fea.name);
    expect(reports.seal).toContain('Signature Validation: Signature is Valid.');
    // The order modal lists the provider-signed PDF beside the sealed one.
    const shown = await orderWhen(stack, user, order.id, 'completed');
    const fetched = new Uint8Array(
      await (await fetch(String(shown.fea_signed_file_url))).arrayBuffer(),
    );
    expect(createHash('sha256').update(fetched).digest('hex')).toBe(sha);
    expect(shown.signed_file_url).toBeTruthy();
    const verification = await storedVerification(stack, String(sealed.verification_code));
    expect(JSON.stringify(verification)).toContain(String(applied?.details?.transaction_code));
  });

  afterEach(() => allUp(stack));

  /** Submits a provider page's form (the emulator's) and answers where it sends the browser. */
  async function submitProviderPage(url: string, values: Record<string, string>) {
    expect((await fetch(url)).status).toBe(200);
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(values).toString(),
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    return new URL(res.headers.get('location') ?? '');
  }

  it('three wrong SMS codes block the second factor (134); its unlock page, then the signature', async () => {
    const fea = await enrolledSigner(stack);
    const { links } = await mixedOrder(fea);
    const { s } = await upToPassword(links[0] as URL);
    await s.step({ accion: 'request_second_factor', certificate_password: fea.password });
    expect((await settled(s)).next_step).toBe('submit_signature');
    const tryCode = async (code: string) => {
      await s.step({
        accion: 'submit_signature',
        second_factor_code: code,
        certificate_password: fea.password,
      });
      return settled(s);
    };
    const first = await tryCode('00000001');
    expect(first.current_step).toBe('submit_signature');
    expect(first.message).toBe('El código SMS no es correcto. Te quedan 2 intentos.');
    expect((await tryCode('00000002')).message).toBe(
      'El código SMS no es correcto. Te queda 1 intento.',
    );
    const blocked = await tryCode('00000003');
    expect(blocked.current_step).toBe('second_factor_blocked');
    expect(blocked.data.errorCode).toBe('134');
    expect(blocked.ui.components.map((c) => c.value)).toContain('unlock_second_factor');

    const unlock = await s.step({ accion: 'unlock_second_factor' });
    const unlockUrl = String(unlock.body.data.unlockUrl);
    expect(unlock.body.ui.components.some((c) => c.action === 'redirect_unlock')).toBe(true);
    const back = await submitProviderPage(unlockUrl, { rut: fea.rut, serial: fea.serial });
    expect(back.pathname).toBe('/second-factor-unlock-success');
    expect(back.searchParams.get('signer_id')).toBe(s.signerId);
    expect(back.searchParams.get('status')).toBe('success');
    // Never the signer's token in a provider's return address.
    expect(back.search).not.toMatch(/token/);

    // /firmar/…?refresh_status=true asks for the status again: the password screen is back.
    const fresh = await s.step({ accion: 'check_certificate_status' });
    expect(fresh.body.next_step).toBe('request_second_factor');
    await s.step({ accion: 'request_second_factor', certificate_password: fea.password });
    await settled(s);
    await s.step({
      accion: 'submit_signature',
      second_factor_code: await smsCode(stack, fea.rut),
      certificate_password: fea.password,
    });
    expect((await settled(s)).ui.type).toBe('success');
  });

  it('three wrong passwords lock the key (122): the screen offers the recovery page', async () => {
    const fea = await enrolledSigner(stack);
    const { links } = await mixedOrder(fea);
    const { s } = await upToPassword(links[0] as URL);
    for (const left of ['2 intentos', '1 intento']) {
      await s.step({ accion: 'request_second_factor', certificate_password: 'mala-clave' });
      expect((await settled(s)).message).toContain(left);
    }
    await s.step({ accion: 'request_second_factor', certificate_password: 'mala-clave' });
    const locked = await settled(s);
    expect(locked.current_step).toBe('certificate_blocked');
    expect(locked.data.errorCode).toBe('122');
    expect(locked.message).toBe(f.errors.tooManyKeyAttempts);
    expect(String(locked.data.unlockUrl)).toBe(`${stack.url}/fea/password-recovery`);
  });

  it('a signer without a certificate gets the enrolment link by e-mail, enrols, and reaches the password', async () => {
    const rut = freshRut();
    const { links, signers } = await mixedOrder({ rut });
    const { s, password: enrol } = await upToPassword(links[0] as URL);
    expect(enrol.current_step).toBe('enrolment_required');
    expect(enrol.data.vigenciaInfo?.vigencia).toBe(f.vigencia.none);
    const url = String(enrol.data.unlockUrl);
    const mails = await mailsTo(stack, signers[0]?.email ?? '');
    expect(
      mails.some((m) => m.subject === f.enrolmentMail.subject && (m.body.text ?? '').includes(url)),
    ).toBe(true);
    // Asked again (a reload): the same link, no second mail.
    expect((await s.step({ accion: 'check_status' })).body.data.unlockUrl).toBe(url);

    const back = await submitProviderPage(url, {
      serial: '123456789',
      phone: '+56 9 4444 5555',
      password: 'MiClave123',
      password2: 'MiClave123',
    });
    expect(back.pathname).toBe('/fea/enrolment-return');
    const now = await s.step({ accion: 'check_certificate_status' });
    expect(now.body.next_step).toBe('request_second_factor');
    expect(now.body.data.vigenciaInfo?.vigencia).toBe(f.vigencia.valid);
    const sentBefore = (await mailsTo(stack, signers[0]?.email ?? '')).length;
    expect(sentBefore).toBe(mails.length);
  });

  it('100 requests for the SMS at once make one job and one SMS', async () => {
    const fea = await enrolledSigner(stack);
    const { links } = await mixedOrder(fea);
    const { s } = await upToPassword(links[0] as URL);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        s.step({ accion: 'request_second_factor', certificate_password: fea.password }),
      ),
    );
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBeLessThan(500);
    expect((await settled(s)).next_step).toBe('submit_signature');
    const sms = (await (await fetch(`${stack.direct.fea}/_emulator/sms`)).json()) as {
      rut: string;
    }[];
    expect(sms.filter((m) => m.rut === fea.rut)).toHaveLength(1);
  });

  it('the provider down while signing: the job waits and signs once the provider is back', async () => {
    const fea = await enrolledSigner(stack);
    const { order, links } = await mixedOrder(fea);
    const { s } = await upToPassword(links[0] as URL);
    await s.step({ accion: 'request_second_factor', certificate_password: fea.password });
    await settled(s);
    const code = await smsCode(stack, fea.rut);
    await setFault(stack, 'fea', 'down');
    const signing = await s.step({
      accion: 'submit_signature',
      second_factor_code: code,
      certificate_password: fea.password,
    });
    expect(signing.body.status).toBe('loading');
    await new Promise((r) => setTimeout(r, 3_000));
    expect((await s.step({ accion: 'check_status' })).body.status).toBe('loading');
    await setFault(stack, 'fea', 'up');
    expect((await settled(s, 60_000)).ui.type).toBe('success');
    const { events } = await auditOf(stack, order.id);
    expect(events.filter((e) => e.kind === 'signature_applied')).toHaveLength(1);
  });
});
