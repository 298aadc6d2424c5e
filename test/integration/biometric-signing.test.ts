import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { LIMITS } from '../../functions/platform/limits.js';
import { biometricSigningEs as bio } from '../../shared/messages/biometric-signing.es.js';
import { signingEs as t } from '../../shared/messages/signing.es.js';
import { biometricTransactions, capture, resetBiometric } from '../support/biometric.js';
import { newConfirmedUser } from '../support/client.js';
import { allUp, setFault } from '../support/faults.js';
import { signer } from '../support/orders.js';
import { auditOf, openLink, orderWithSignerTypes, type SignerSession } from '../support/signing.js';
import { scanTable, streamRecords } from '../support/table.js';

const stack = inject('stack');

/**
 * The biometric signature through the local simulator (issue 23, local/biometric): every answer
 * of the provider, a provider slow, paused or down, the attempt bound, and the photos kept
 * nowhere (table, stream, bucket, trail).
 */
beforeEach(() => resetBiometric(stack));
afterEach(() => allUp(stack));

/** An order whose signers (one per RUT) sign biometrically; each at its capture screen. */
async function atCapture(
  ...ruts: string[]
): Promise<{ orderId: string; signers: SignerSession[] }> {
  const user = await newConfirmedUser(stack);
  const people = ruts.map((rut) => signer({ id_number: rut }));
  const { order, links } = await orderWithSignerTypes(
    stack,
    user,
    people,
    people.map(() => 'biometric' as const),
  );
  const signers: SignerSession[] = [];
  for (const link of links) {
    const s = await openLink(stack, link);
    await s.step({ accion: 'accept_consent' });
    const shown = (await s.step({ accion: 'confirm_review' })).body;
    expect(shown.current_step).toBe('identity_capture');
    signers.push(s);
  }
  return { orderId: order.id, signers };
}

const send = (s: SignerSession, body = capture().body) =>
  s.step({ accion: 'submit_biometric', ...body }).then((r) => r.body);

describe('the biometric signature', () => {
  it('verifies the approved identity, signs with the pad and records the transaction; photos are kept nowhere', async () => {
    const { orderId, signers } = await atCapture('11.111.111-1');
    const s = signers[0] as SignerSession;

    const screen = (await s.step({ accion: 'check_status' })).body;
    expect(screen.ui.title).toBe(bio.captureTitle);
    expect(screen.ui.components.filter((c) => c.type === 'camera').map((c) => c.id)).toEqual([
      'id_front',
      'id_back',
      'selfie',
    ]);
    expect(screen.ui.components.find((c) => c.id === 'send')?.value).toBe('submit_biometric');

    // Bytes that are not a picture never reach the provider and cost no attempt.
    const text = `data:image/jpeg;base64,${Buffer.from('not a picture').toString('base64')}`;
    const bad = await send(s, { ...capture().body, selfie: text });
    expect(bad.data.errorCode).toBe('BIO-IMAGE-INVALID');
    expect(bad.ui.description).toBe(bio.badImage);
    expect(await biometricTransactions(stack)).toHaveLength(0);
    // Not a JPEG or PNG data URL at all: the contract refuses it.
    const gif = await s.step({ accion: 'submit_biometric', selfie: 'data:image/gif;base64,R0lG' });
    expect(gif.status).toBe(400);

    const photos = capture();
    const verified = await send(s, photos.body);
    expect(verified.next_step).toBe('submit_signature');
    expect(verified.message).toBe(bio.verified.replace('{run}', '11.111.111-1'));
    const signed = (await s.step({ accion: 'submit_signature', typed_name: 'Ana Pérez' })).body;
    expect(signed.ui.title).toBe(t.signedTitle);

    const [tx] = await biometricTransactions(stack);
    const { events } = await auditOf(stack, orderId);
    expect(events.find((e) => e.kind === 'biometric_verified')?.details).toMatchObject({
      attempt: 1,
      transaction_id: tx?.toc_token,
      result: 'positive',
      score: 0.95,
      mrz_run: '11111111-1',
      mrz_serial: '100111111',
      document_type: 'CHL2',
    });
    expect(events.find((e) => e.kind === 'signature_applied')?.details).toMatchObject({
      identity: 'biometric',
      verified_run: '11111111-1',
      provider_transaction: tx?.toc_token,
      biometric_result: 'positive',
      card_serial: '100111111',
    });

    // The photos went to the provider and nowhere else.
    const everywhere = JSON.stringify([await scanTable(stack), await streamRecords(stack), events]);
    for (const [i, marker] of photos.markers.entries()) {
      const b64 = Object.values(photos.body)[i] as string;
      expect(everywhere).not.toContain(marker);
      expect(everywhere).not.toContain(b64.slice(60, 120));
    }
    expect(everywhere).not.toContain('data:image/jpeg');
  });

  it('refuses the first selfie of 22.222.222-2 as another face, then verifies it', async () => {
    const { orderId, signers } = await atCapture('22.222.222-2');
    const s = signers[0] as SignerSession;
    const refused = await send(s);
    expect(refused.status).toBe('error');
    expect(refused.data.errorCode).toBe('BIO-FACE-MISMATCH');
    expect(refused.ui.description).toBe(
      `${bio.faceMismatch} ${bio.attemptsLeft.replace('{n}', '2')}`,
    );
    const passed = await send(s);
    expect(passed.next_step).toBe('submit_signature');
    const { events } = await auditOf(stack, orderId);
    expect(events.find((e) => e.kind === 'biometric_refused')?.details).toMatchObject({
      attempt: 1,
      result: 'negative',
      refusal: 'face_mismatch',
    });
    expect(events.find((e) => e.kind === 'biometric_verified')?.details).toMatchObject({
      attempt: 2,
    });
  });

  it('refuses no face, spoof, unreadable MRZ, another person’s card, a card not in force or unknown', async () => {
    const { signers } = await atCapture(
      '33.333.333-3',
      '66.666.666-6',
      '77.777.777-7',
      '13.131.313-6',
      '14.141.414-3',
      '15.151.515-0',
    );
    const answers = [];
    for (const s of signers) answers.push(await send(s));
    expect(answers.map((a) => a.data.errorCode)).toEqual([
      'BIO-NO-FACE',
      'BIO-SPOOF',
      'BIO-MRZ-UNREADABLE',
      'BIO-RUN-MISMATCH',
      'BIO-SERIAL-NOT-VALID',
      'BIO-SERIAL-NO-MATCH',
    ]);
    expect(answers[3]?.message).toBe(bio.runMismatch.replace('{run}', '11.111.111-1'));
    // Each refusal leaves the capture screen, with its attempts counted.
    for (const a of answers) {
      expect(a.current_step).toBe('identity_capture');
      expect(a.ui.description).toContain(bio.attemptsLeft.replace('{n}', '2'));
    }
  });

  it('blocks the session after three refused attempts', async () => {
    const { orderId, signers } = await atCapture('33.333.333-3');
    const s = signers[0] as SignerSession;
    await send(s);
    await send(s);
    const third = await send(s);
    expect(third.current_step).toBe('identity_blocked');
    expect(third.ui.type).toBe('blocked');
    expect(third.data.errorCode).toBe('BIO-ATTEMPTS-EXHAUSTED');
    expect(third.ui.description).toContain(bio.noFace);
    const fourth = await send(s);
    expect(fourth.current_step).toBe('identity_blocked');
    expect((await s.step({ accion: 'check_status' })).body.current_step).toBe('identity_blocked');
    // The provider saw three comparisons, the trail records three refusals.
    expect(await biometricTransactions(stack)).toHaveLength(3);
    const { events } = await auditOf(stack, orderId);
    expect(events.filter((e) => e.kind === 'biometric_refused')).toHaveLength(3);
  });

  it('bounds a signer’s checks over a day, across sessions (each opening of the link is one)', async () => {
    const user = await newConfirmedUser(stack);
    const { links } = await orderWithSignerTypes(
      stack,
      user,
      [signer({ id_number: '33.333.333-3' })],
      ['biometric'],
    );
    const session = async () => {
      const s = await openLink(stack, links[0] as URL);
      await s.step({ accion: 'accept_consent' });
      await s.step({ accion: 'confirm_review' });
      return s;
    };
    const max = LIMITS.biometricChecksPerSigner.limit;
    for (let done = 0; done < max; done += 3) {
      const s = await session();
      for (let i = 0; i < 3; i++) await send(s);
    }
    expect(await biometricTransactions(stack)).toHaveLength(max);
    const next = await send(await session());
    expect(next.current_step).toBe('identity_blocked');
    expect(next.data.errorCode).toBe('BIO-DAILY-LIMIT');
    expect(next.ui.description).toBe(bio.dailyLimit.replace('{max}', String(max)));
    // Nothing more reached the provider.
    expect(await biometricTransactions(stack)).toHaveLength(max);
  });

  it('a serial check that never answers, a provider paused or down: try again, nothing lost', async () => {
    const { signers } = await atCapture('16.161.616-8', '11.111.111-1');
    const [slow, ok] = signers as [SignerSession, SignerSession];

    const timedOut = await send(slow);
    expect(timedOut.data.errorCode).toBe('BIO-UNAVAILABLE');
    expect(timedOut.ui.description).toBe(bio.unavailable);

    await setFault(stack, 'biometric', 'paused');
    const paused = await send(ok);
    expect(paused.data.errorCode).toBe('BIO-UNAVAILABLE');
    await setFault(stack, 'biometric', 'down');
    const down = await send(ok);
    expect(down.data.errorCode).toBe('BIO-UNAVAILABLE');
    // No attempt was spent: the screen counts none.
    expect(down.ui.description).toBe(bio.unavailable);

    await setFault(stack, 'biometric', 'up');
    const verified = await send(ok);
    expect(verified.next_step).toBe('submit_signature');
    const signed = (await ok.step({ accion: 'submit_signature', typed_name: 'Ana Pérez' })).body;
    expect(signed.ui.title).toBe(t.signedTitle);
  });
});
