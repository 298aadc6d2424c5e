import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readCappedBody, sendJson } from '../emulators/http-body.js';
import type { Managed } from '../emulators/process.js';
import { compact, isScenario } from './identities.js';
import { BiometricState, documentStatus, faceAndDocument } from './verify.js';

export interface BiometricSimulatorOptions {
  port: number;
  /** The key every call must carry (`apiKey`). */
  apiKey: string;
  /** How long a comparison takes (the dev stack: a real provider's second or two). */
  verifyDelayMs?: number;
}

export interface BiometricSimulator extends Managed {
  endpoint: string;
  state: BiometricState;
}

/** Three pictures of ≤ 1 MB each and the form fields: more is not a signer's capture. */
const MAX_BODY = 8 * 1024 * 1024;

const readBody = (req: IncomingMessage) => readCappedBody(req, MAX_BODY);
const json = sendJson;

/**
 * A local stand-in for a biometric identity provider (issue 23; port and adapter in
 * functions/signing/types/biometric/), shaped like TOC's API:
 *   POST /session-manager/v1/session-id  apiKey, liveness (form)   → { session_id }
 *   POST /v2/face-and-document           multipart (see verify.ts) → TOC's answer
 *   POST /v1/document-status             { apiKey, run, serial }   → { status } or no answer
 * Test identities by RUT: identities.ts. Test-only doors, never a provider's:
 *   GET  /_emulator/transactions   every comparison made (RUN, token, answer; no pictures)
 *   POST /_emulator/reset          forgets sessions, attempts, transactions and registrations
 *   POST /_emulator/identities     {run, scenario, serial?}: a RUT of a test's own with a
 *                                  scenario (identities.ts), so parallel tests share no state
 */
export async function startBiometricSimulator(
  opts: BiometricSimulatorOptions,
): Promise<BiometricSimulator> {
  const state = new BiometricState();
  const hanging = new Set<ServerResponse>();

  function register(res: ServerResponse, body: Buffer): void {
    let b: Record<string, unknown>;
    try {
      b = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    } catch {
      json(res, 400, { message: 'JSON expected' });
      return;
    }
    const run = compact(String(b.run ?? ''));
    if (!/^\d{7,8}[0-9K]$/.test(run) || !isScenario(b.scenario)) {
      json(res, 400, { message: 'run and a known scenario expected' });
      return;
    }
    const identity = {
      run: `${run.slice(0, -1)}-${run.slice(-1)}`,
      scenario: b.scenario,
      serial: String(b.serial ?? '100000000'),
    };
    state.registered.set(run, identity);
    json(res, 200, identity);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const method = req.method ?? 'GET';
    if (path === '/_emulator/transactions') return json(res, 200, state.transactions);
    if (path === '/_emulator/reset' && method === 'POST') {
      state.reset();
      return json(res, 200, { ok: true });
    }
    if (method !== 'POST') return json(res, 404, { status: '404' });
    const body = await readBody(req);
    if (!body) return json(res, 413, { status: '413', message: 'body too large' });
    if (path === '/_emulator/identities') return register(res, body);
    const type = String(req.headers['content-type'] ?? '');

    if (path === '/session-manager/v1/session-id') {
      const form = new URLSearchParams(body.toString('utf8'));
      if (form.get('apiKey') !== opts.apiKey) return json(res, 401, { status: '401' });
      const session_id = randomUUID();
      state.sessions.add(session_id);
      return json(res, 200, { session_id });
    }

    if (path === '/v2/face-and-document') {
      let form: FormData;
      try {
        form = await new Response(new Uint8Array(body), {
          headers: { 'content-type': type },
        }).formData();
      } catch {
        return json(res, 400, { status: '400', message: 'multipart expected' });
      }
      if (form.get('apiKey') !== opts.apiKey) return json(res, 401, { status: '401' });
      if (!state.sessions.delete(String(form.get('session_id')))) {
        return json(res, 400, { status: '400', message: 'unknown session' });
      }
      const file = async (name: string) => {
        const v = form.get(name);
        return v instanceof Blob ? new Uint8Array(await v.arrayBuffer()) : undefined;
      };
      if (opts.verifyDelayMs) await new Promise((r) => setTimeout(r, opts.verifyDelayMs));
      const reply = faceAndDocument(
        state,
        {
          run: String(form.get('expected_run') ?? ''),
          files: {
            id_front: await file('id_front'),
            id_back: await file('id_back'),
            selfie: await file('selfie'),
          },
        },
        new Date(),
      );
      return json(res, 200, reply);
    }

    if (path === '/v1/document-status') {
      let b: Record<string, unknown>;
      try {
        b = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
      } catch {
        return json(res, 400, { status: '400' });
      }
      if (b.apiKey !== opts.apiKey) return json(res, 401, { status: '401' });
      const status = documentStatus(state, String(b.run ?? ''), String(b.serial ?? ''));
      if (status === 'hang') {
        // The Registro Civil not answering: the caller's own timeout ends the call.
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      return json(res, 200, { status });
    }
    return json(res, 404, { status: '404' });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent)
        json(res, 500, { status: '500', message: String((err as Error)?.message) });
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  const endpoint = `http://127.0.0.1:${opts.port}`;
  return {
    name: 'biometric simulator',
    endpoint,
    state,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
