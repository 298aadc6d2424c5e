import { afterEach, describe, expect, inject, it } from 'vitest';
import { claveUnicaSigningEs as cu } from '../../shared/messages/clave-unica-signing.es.js';
import { signingEs as t } from '../../shared/messages/signing.es.js';
import { signIn } from '../support/claveunica.js';
import { newConfirmedUser } from '../support/client.js';
import { allUp, setFault } from '../support/faults.js';
import { signer } from '../support/orders.js';
import { auditOf, openLink, orderWithSignerTypes } from '../support/signing.js';

const stack = inject('stack');
const RETURN = `${stack.url}/claveunica/retorno`;

/**
 * FES + Clave Única through the local ClaveÚnica (issue 23): the RUN the provider returns must
 * be the signer's RUT; a different person is refused with a clear message, the right one signs.
 */
describe('FES + Clave Única', () => {
  it('refuses a RUN that is not the signer’s, accepts the right one, and records RUN and subject', async () => {
    const user = await newConfirmedUser(stack);
    const person = signer({ id_number: '44.444.444-4' });
    const { order, links } = await orderWithSignerTypes(
      stack,
      user,
      [person, signer()],
      ['clave_unica'],
    );
    const [link] = links;

    const s = await openLink(stack, link as URL);
    const consent = await s.step({ accion: 'check_status' });
    expect(JSON.stringify(consent.body.ui.components)).toContain(cu.consentText.slice(0, 40));
    await s.step({ accion: 'accept_consent' });
    const login = (await s.step({ accion: 'confirm_review' })).body;
    expect(login.current_step).toBe('identity_required');
    const url = new URL(String(login.data.unlockUrl));
    expect(url.pathname).toBe('/openid/authorize/');
    expect(url.searchParams.get('state')).toMatch(new RegExp(`^${s.signerId}\\.`));
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');

    // Someone else's ClaveÚnica: refused, with a new login offered.
    const wrong = await signIn(url, RETURN, '55.555.555-5', 'testing');
    if (!(wrong instanceof URL)) throw new Error('login refused');
    const refused = (
      await s.step({ accion: 'check_status', identity_return: wrong.search.slice(1) })
    ).body;
    expect(refused.status).toBe('error');
    expect(refused.message).toBe(cu.mismatch.replace('{run}', '55.555.555-5'));
    expect(refused.data.errorCode).toBe('CU-RUN-MISMATCH');
    // The old return again (a replay): refused, it served once.
    const replay = (
      await s.step({ accion: 'check_status', identity_return: wrong.search.slice(1) })
    ).body;
    expect(replay.data.errorCode).toBe('CU-STATE');

    const again = await signIn(
      new URL(String(replay.data.unlockUrl)),
      RETURN,
      '44.444.444-4',
      'testing',
    );
    if (!(again instanceof URL)) throw new Error('login refused');
    const verified = (
      await s.step({ accion: 'check_status', identity_return: again.search.slice(1) })
    ).body;
    expect(verified.next_step).toBe('submit_signature');
    expect(verified.message).toBe(cu.verified.replace('{run}', '44.444.444-4'));

    const signed = (await s.step({ accion: 'submit_signature', typed_name: 'María González' }))
      .body;
    expect(signed.ui.title).toBe(t.signedTitle);

    const { events } = await auditOf(stack, order.id);
    const refusedEvent = events.find((e) => e.kind === 'identity_refused');
    expect(refusedEvent?.details).toMatchObject({ run: '55555555-5', provider_subject: '2595' });
    const verifiedEvent = events.find((e) => e.kind === 'identity_verified');
    expect(verifiedEvent?.details).toMatchObject({ run: '44444444-4', provider_subject: '2594' });
    const applied = events.find((e) => e.kind === 'signature_applied');
    expect(applied?.details).toMatchObject({
      identity: 'clave_unica',
      verified_run: '44444444-4',
      provider_subject: '2594',
    });
  });

  afterEach(() => allUp(stack));

  it('ClaveÚnica down or silent on the return: the signer is told to try again and nothing is lost', async () => {
    const user = await newConfirmedUser(stack);
    const person = signer({ id_number: '88.888.888-8' });
    const { order, links } = await orderWithSignerTypes(stack, user, [person], ['clave_unica']);
    const s = await openLink(stack, links[0] as URL);
    await s.step({ accion: 'check_status' });
    await s.step({ accion: 'accept_consent' });
    let login = (await s.step({ accion: 'confirm_review' })).body;

    const returnWhile = async (mode: 'down' | 'paused') => {
      const back = await signIn(
        new URL(String(login.data.unlockUrl)),
        RETURN,
        person.id_number as string,
        'testing',
      );
      if (!(back instanceof URL)) throw new Error('login refused');
      await setFault(stack, 'claveunica', mode);
      const answer = (
        await s.step({ accion: 'check_status', identity_return: back.search.slice(1) })
      ).body;
      await setFault(stack, 'claveunica', 'up');
      return { answer, back };
    };

    // Refused connections, then a provider that never answers (the call's own time budget).
    for (const mode of ['down', 'paused'] as const) {
      const { answer, back } = await returnWhile(mode);
      expect(answer.status).toBe('error');
      expect(answer.message).toBe(cu.unavailable);
      expect(answer.data.errorCode).toBe('CU-UNAVAILABLE');
      expect(answer.current_step).toBe('identity_required');
      // A new login is offered; the one that could not be finished is not taken again.
      expect(answer.data.unlockUrl).not.toBe(login.data.unlockUrl);
      const replay = (
        await s.step({ accion: 'check_status', identity_return: back.search.slice(1) })
      ).body;
      expect(replay.data.errorCode).toBe('CU-STATE');
      login = replay;
    }

    const back = await signIn(
      new URL(String(login.data.unlockUrl)),
      RETURN,
      person.id_number as string,
      'testing',
    );
    if (!(back instanceof URL)) throw new Error('login refused');
    const verified = (
      await s.step({ accion: 'check_status', identity_return: back.search.slice(1) })
    ).body;
    expect(verified.next_step).toBe('submit_signature');
    const signed = (await s.step({ accion: 'submit_signature', typed_name: 'Ana Pérez' })).body;
    expect(signed.ui.title).toBe(t.signedTitle);
    const { events } = await auditOf(stack, order.id);
    expect(events.filter((e) => e.kind === 'identity_verified')).toHaveLength(1);
    expect(events.filter((e) => e.kind === 'signature_applied')).toHaveLength(1);
  }, 90_000);
});
