import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { BiometricHttpProvider, runOfMrz, verificationOf } from './biometric-http.js';
import { BiometricUnavailable } from './biometric-provider.js';

const mrz = (run: string | null, serial: string | null) => ({
  mrz: { data: { 'national identification number': run, 'document number': serial } },
});

describe("the provider's verification answer", () => {
  it('reads a positive comparison with the MRZ RUN and serial', () => {
    expect(
      verificationOf({
        status: '200',
        toc_token: 'tx-1',
        'biometric result': 2,
        score: 0.93,
        'information from document': mrz('11111111-1', '100123456'),
      }),
    ).toEqual({
      kind: 'checked',
      transactionId: 'tx-1',
      result: 'positive',
      score: 0.93,
      mrzRun: '11111111-1',
      mrzSerial: '100123456',
    });
  });

  it('maps 0, -1 and a failed liveness to negative, no face and spoof', () => {
    const base = { status: 200, toc_token: 't', 'information from document': mrz(null, null) };
    const r = (extra: object) => verificationOf({ ...base, ...extra });
    expect(r({ 'biometric result': 0 })).toMatchObject({ result: 'negative', mrzRun: null });
    expect(r({ 'biometric result': -1 })).toMatchObject({ result: 'no_face' });
    expect(r({ 'biometric result': 2, liveness: 'failed' })).toMatchObject({ result: 'spoof' });
  });

  it('reads 201, 202, 203 and 431 as capture errors of the front, back, selfie, any', () => {
    const sides = [201, 202, 203, 431].map((status) => verificationOf({ status: String(status) }));
    expect(sides.map((s) => (s.kind === 'capture_error' ? s.side : s.kind))).toEqual([
      'id_front',
      'id_back',
      'selfie',
      'any',
    ]);
  });

  it('refuses what it cannot read instead of guessing', () => {
    expect(() => verificationOf({ status: '200', 'biometric result': 2 })).toThrow(
      BiometricUnavailable,
    );
    expect(() => verificationOf({ status: '200', toc_token: 't', 'biometric result': 7 })).toThrow(
      BiometricUnavailable,
    );
    expect(() => verificationOf('nope')).toThrow(BiometricUnavailable);
  });

  it("normalises the MRZ's RUN (dots, no hyphen, a lower-case k)", () => {
    expect(runOfMrz('11.111.111-1')).toBe('11111111-1');
    expect(runOfMrz('19191919k')).toBe('19191919-K');
    expect(runOfMrz('')).toBeNull();
    expect(runOfMrz(undefined)).toBeNull();
  });
});

describe('the HTTP adapter', () => {
  let close: (() => void) | undefined;
  afterEach(() => close?.());

  /** A provider that never answers the serial status: the adapter's read is retried once. */
  it('gives up on a slow read after its budget, retried once', async () => {
    let calls = 0;
    const server = createServer((req) => {
      if (req.url === '/v1/document-status') calls++;
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    close = () => {
      server.closeAllConnections();
      server.close();
    };
    const port = (server.address() as AddressInfo).port;
    const p = new BiometricHttpProvider({
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: 'k',
      timeouts: { read: 200 },
    });
    const started = Date.now();
    const err = await p
      .serialStatus({ run: '11111111-1', serial: '1', documentType: 'CHL2' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BiometricUnavailable);
    expect((err as BiometricUnavailable).kind).toBe('timeout');
    expect(calls).toBe(2);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
