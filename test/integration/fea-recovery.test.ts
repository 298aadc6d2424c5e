import { afterEach, describe, expect, inject, it } from 'vitest';
import { LIMITS } from '../../functions/platform/limits.js';
import { FEA_TEST_IDENTITIES } from '../../local/fea/identities.js';
import { apiEs } from '../../shared/messages/api.es.js';
import { feaEs } from '../../shared/messages/fea.es.js';
import { rutCheckDigit } from '../../shared/rules/rut.js';
import { api, freshIp } from '../support/client.js';
import { allUp, setFault } from '../support/faults.js';

/**
 * POST /api/signing/fea-recovery (credits-signing-admin §5, §7) against the stack's FEA
 * emulator (local/fea): a test identity gets the emulator's recovery page, which returns to the
 * app's own result page only; a serial of another RUT, a RUT without certificate and the §5
 * rules are refused with Spanish messages; the per-RUT and per-client limits; the provider down.
 */
const stack = inject('stack');
const call = api(stack);
const [fernanda, tomas] = FEA_TEST_IDENTITIES as [
  (typeof FEA_TEST_IDENTITIES)[number],
  (typeof FEA_TEST_IDENTITIES)[number],
];
const feaOrigin = new URL(stack.smsOutboxUrl).origin;
const appOrigin = new URL(stack.url).origin;

interface Answer {
  success?: boolean;
  message?: string;
  urlRecuperacion?: string | null;
  error?: { code: string; message: string; fields?: Record<string, string> };
}

const recover = (body: Record<string, unknown>, ip = freshIp()) =>
  call<Answer>('POST', '/api/signing/fea-recovery', { body, ip });

/** A well-formed RUT (right check digit) no identity of the emulator has. */
const strangerRut = () => {
  const body = String(30_000_000 + Math.floor(Math.random() * 60_000_000));
  return `${body}-${rutCheckDigit(body)}`;
};

/** Submits the emulator's recovery page and answers where it sends the browser back. */
async function completeRecovery(url: string, values: Record<string, string>): Promise<URL> {
  expect((await fetch(url)).status).toBe(200);
  const done = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(values).toString(),
    redirect: 'manual',
  });
  expect(done.status).toBe(303);
  return new URL(done.headers.get('location') ?? '');
}

afterEach(async () => {
  await allUp(stack);
});

describe('FEA recovery', () => {
  it("gives a test identity the provider's page, which returns to the app's result page", async () => {
    const res = await recover({ rut: '11.111.111-1', numDocumento: fernanda.serial });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: feaEs.recoveryLinkReady });
    const page = res.body.urlRecuperacion ?? '';
    expect(new URL(page).origin).toBe(feaOrigin);
    // The identity's own password again: other tests sign with it.
    const back = await completeRecovery(page, {
      password: fernanda.password,
      password2: fernanda.password,
    });
    expect(back.origin).toBe(appOrigin);
    expect(back.pathname).toBe('/password-recovery-success');
    expect(Object.fromEntries(back.searchParams)).toEqual({
      status: 'success',
      message: 'Clave recuperada',
      tipo: 'certificado',
    });
  });

  it('recovers the second factor and keeps a return address on the app origin', async () => {
    const res = await recover({
      rut: tomas.rut,
      numDocumento: tomas.serial,
      tipoRecuperacion: 'segundo_factor',
      urlRetorno: `${appOrigin}/password-recovery-success?desde=prueba`,
    });
    expect(res.status).toBe(200);
    const back = await completeRecovery(res.body.urlRecuperacion ?? '', { phone: tomas.phone });
    expect(back.pathname).toBe('/password-recovery-success');
    expect(back.searchParams.get('desde')).toBe('prueba');
    expect(back.searchParams.get('tipo')).toBe('segundo_factor');
  });

  it('never uses a foreign urlRetorno', async () => {
    const res = await recover({
      rut: tomas.rut,
      numDocumento: tomas.serial,
      urlRetorno: 'https://evil.example/password-recovery-success',
    });
    expect(res.status).toBe(200);
    const back = await completeRecovery(res.body.urlRecuperacion ?? '', {
      password: tomas.password,
      password2: tomas.password,
    });
    expect(back.origin).toBe(appOrigin);
    expect(back.pathname).toBe('/password-recovery-success');
  });

  it('sends the link by mail when asked, with the 5-minute advice and no page', async () => {
    const res = await recover({ rut: tomas.rut, numDocumento: tomas.serial, enviarMail: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: feaEs.recoveryMailSent,
      urlRecuperacion: null,
    });
  });

  it("refuses a serial that is not the RUT's, and a RUT without certificate", async () => {
    const wrong = await recover({ rut: fernanda.rut, numDocumento: tomas.serial });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error?.message).toBe(feaEs.serialMismatch);
    const none = await recover({ rut: strangerRut(), numDocumento: '123456789' });
    expect(none.status).toBe(422);
    expect(none.body.error?.message).toBe(feaEs.notEnrolled);
  });

  it("refuses an invalid RUT or serial with the spec's exact messages", async () => {
    const rut = await recover({ rut: '1234-5', numDocumento: fernanda.serial });
    expect(rut.status).toBe(400);
    expect(rut.body.error?.message).toBe('Formato de RUT inválido. Debe ser: 12345678-9');
    expect(rut.body.error?.fields?.rut).toBe('Formato de RUT inválido. Debe ser: 12345678-9');
    for (const numDocumento of ['123456', '1234567890123', '11111111-1']) {
      const serial = await recover({ rut: fernanda.rut, numDocumento });
      expect(serial.status, numDocumento).toBe(400);
      expect(serial.body.error?.message).toBe(
        'El número de serie de la cédula debe contener solo números y tener entre 7 y 12 dígitos. NO uses el RUT, busca el número de serie en tu cédula física.',
      );
    }
    const kind = await recover({
      rut: fernanda.rut,
      numDocumento: fernanda.serial,
      tipoRecuperacion: 'otro',
    });
    expect(kind.status).toBe(400);
  });

  it(`answers ${LIMITS.feaRecoveryPerRut.limit} recoveries per RUT from any address, then a Spanish 429`, async () => {
    const rut = strangerRut();
    const { limit } = LIMITS.feaRecoveryPerRut;
    const answers = await Promise.all(
      Array.from({ length: limit + 3 }, () => recover({ rut, numDocumento: '123456789' })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 422)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    const refused = answers.find((a) => a.status === 429);
    expect(refused?.body.error?.message).toBe(apiEs.tooManyRequests);
  });

  it(`answers ${LIMITS.feaRecoveryPerClient.limit} recoveries per client, then a Spanish 429`, async () => {
    const ip = freshIp();
    const { limit } = LIMITS.feaRecoveryPerClient;
    const answers = await Promise.all(
      Array.from({ length: limit + 3 }, () =>
        recover({ rut: strangerRut(), numDocumento: '123456789' }, ip),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 422)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    // Another client is not affected.
    expect((await recover({ rut: strangerRut(), numDocumento: '123456789' })).status).toBe(422);
  });

  it('answers a Spanish 503 while the provider is down', async () => {
    await setFault(stack, 'fea', 'down');
    const res = await recover({ rut: fernanda.rut, numDocumento: fernanda.serial });
    expect(res.status).toBe(503);
    expect(res.body.error?.message).toBe(feaEs.providerUnavailable);
  });
});
