import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BiometricHttpProvider } from '../../functions/signing/types/biometric/biometric-http.js';
import {
  BiometricUnavailable,
  type IdentityImages,
} from '../../functions/signing/types/biometric/biometric-provider.js';
import { freePort } from '../ports.js';
import { type BiometricSimulator, startBiometricSimulator } from './server.js';

/**
 * The biometric port's HTTP adapter against the simulator: every test identity of
 * identities.ts, a capture that is not a picture, a wrong key, a serial check that never ends.
 */
const KEY = 'test-biometric-key';
let sim: BiometricSimulator;
let provider: BiometricHttpProvider;

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
const pictures: IdentityImages = { idFront: JPEG, idBack: PNG, selfie: JPEG };
const verify = (run: string, images = pictures) =>
  provider.verify({ documentType: 'CHL2', images, expectedRun: run });

beforeAll(async () => {
  sim = await startBiometricSimulator({ port: await freePort(), apiKey: KEY });
  provider = new BiometricHttpProvider({
    baseUrl: sim.endpoint,
    apiKey: KEY,
    timeouts: { read: 300 },
  });
});
afterAll(() => sim?.stop());
beforeEach(() => sim.state.reset());

describe('the biometric simulator through the HTTP adapter', () => {
  it('approves the approved identity, and any RUT that is not a fixture, with its own card', async () => {
    expect(await verify('11.111.111-1')).toMatchObject({
      kind: 'checked',
      result: 'positive',
      mrzRun: '11111111-1',
      mrzSerial: '100111111',
    });
    expect(await verify('12.345.678-5')).toMatchObject({
      result: 'positive',
      mrzRun: '12345678-5',
    });
    expect(
      await provider.serialStatus({ run: '11111111-1', serial: '100111111', documentType: 'CHL2' }),
    ).toBe('vigente');
  });

  it('refuses the first selfie of 22.222.222-2 as another face, then passes', async () => {
    expect(await verify('22222222-2')).toMatchObject({ result: 'negative' });
    expect(await verify('22222222-2')).toMatchObject({ result: 'positive', mrzRun: '22222222-2' });
  });

  it('takes a RUT a test registers with a scenario, refuses a bad registration, forgets on reset', async () => {
    const register = (body: unknown) =>
      fetch(`${sim.endpoint}/_emulator/identities`, { method: 'POST', body: JSON.stringify(body) });
    expect(
      (await register({ run: '30.123.456-0', scenario: 'first_selfie_rejected' })).status,
    ).toBe(200);
    expect(await verify('30123456-0')).toMatchObject({ result: 'negative' });
    expect(await verify('30123456-0')).toMatchObject({ result: 'positive', mrzRun: '30123456-0' });
    expect((await register({ run: '30.123.456-0', scenario: 'nonsense' })).status).toBe(400);
    expect((await register({ run: 'x', scenario: 'no_face' })).status).toBe(400);
    expect((await register({ run: '30.123.457-9', scenario: 'no_face' })).status).toBe(200);
    expect(await verify('30123457-9')).toMatchObject({ result: 'no_face' });
    sim.state.reset();
    expect(await verify('30123457-9')).toMatchObject({ result: 'positive' });
  });

  it('answers no face, spoof, unreadable MRZ and another person’s card', async () => {
    expect(await verify('33333333-3')).toMatchObject({ result: 'no_face' });
    expect(await verify('66666666-6')).toMatchObject({ result: 'spoof' });
    expect(await verify('77777777-7')).toMatchObject({
      result: 'positive',
      mrzRun: null,
      mrzSerial: null,
    });
    expect(await verify('13131313-6')).toMatchObject({ result: 'positive', mrzRun: '11111111-1' });
  });

  it('answers the serial states, and never answers for 16.161.616-8', async () => {
    const status = (run: string, serial: string) =>
      provider.serialStatus({ run, serial, documentType: 'CHL2' });
    expect(await status('14141414-3', '100141414')).toBe('no_vigente');
    expect(await status('15151515-0', '100151515')).toBe('no_match');
    expect(await status('11111111-1', '999')).toBe('no_match');
    const err = await status('16161616-8', '100161616').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BiometricUnavailable);
    expect((err as BiometricUnavailable).kind).toBe('timeout');
  });

  it('answers a capture error for bytes that are not a picture, per side', async () => {
    const text = new TextEncoder().encode('not a picture at all');
    expect(await verify('11111111-1', { ...pictures, idFront: text })).toMatchObject({
      kind: 'capture_error',
      code: 201,
      side: 'id_front',
    });
    expect(await verify('11111111-1', { ...pictures, selfie: text })).toMatchObject({
      kind: 'capture_error',
      code: 203,
      side: 'selfie',
    });
  });

  it('keeps each transaction (never the pictures) and forgets them on reset', async () => {
    await verify('11111111-1');
    const kept = (await (await fetch(`${sim.endpoint}/_emulator/transactions`)).json()) as {
      run: string;
      toc_token: string;
    }[];
    expect(kept).toHaveLength(1);
    expect(kept[0]?.run).toBe('11111111-1');
    expect(JSON.stringify(kept)).not.toContain('selfie"');
    await fetch(`${sim.endpoint}/_emulator/reset`, { method: 'POST' });
    expect(sim.state.transactions).toHaveLength(0);
  });

  it('refuses a wrong key as a provider that cannot be used', async () => {
    const wrong = new BiometricHttpProvider({ baseUrl: sim.endpoint, apiKey: 'nope' });
    await expect(
      wrong.verify({ documentType: 'CHL2', images: pictures, expectedRun: '11111111-1' }),
    ).rejects.toBeInstanceOf(BiometricUnavailable);
  });
});
