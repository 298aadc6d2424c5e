import * as z from 'zod/mini';
import { currentDeadline } from '../../../platform/deadline.js';
import { CAPTURE_ERRORS, resultOf, SERIAL_STATUS } from './biometric-codes.js';
import {
  type BiometricProvider,
  BiometricUnavailable,
  type DocumentType,
  type IdentityImages,
  type SerialStatus,
  type Verification,
} from './biometric-provider.js';

/**
 * The biometric port over an HTTP API shaped like TOC's (../shared/notes/claveunica-and-identity.md):
 *   POST /session-manager/v1/session-id   apiKey, liveness → { session_id }
 *   POST /v2/face-and-document            multipart: apiKey, session_id, documentType, id_front,
 *                                         id_back, selfie → { status, toc_token,
 *                                         "biometric result", "information from document" }
 *   POST /v1/document-status              { apiKey, run, serial, documentType } → { status }
 * The last one is ours: the Registro Civil's own page has a captcha, so the serial check goes
 * through a provider that offers it (one that does: Apitude's document-id-cl); confirm its shape.
 *
 * Budgets: the signing step is a request (API Lambda, 8.5 s deadline, functions/platform/
 * deadline.ts), so every call ends inside what is left of it, keeping WRITE_RESERVE_MS for the
 * step's own write. Only reads are retried (session id, serial status: they change nothing),
 * once; the comparison is not (a second one would be a second transaction at the provider).
 */
export interface BiometricHttpConfig {
  baseUrl: string;
  apiKey: string;
  timeouts?: Partial<typeof DEFAULT_TIMEOUTS>;
}

export const DEFAULT_TIMEOUTS = {
  /** The session id and the serial status. */
  read: 2_500,
  /** The face comparison and the card's reading. */
  verify: 5_000,
};

/** Left of the request's deadline for the write that records the attempt. */
export const WRITE_RESERVE_MS = 1_200;

const sessionReply = z.object({ session_id: z.string() });
const verifyReply = z.object({
  status: z.union([z.string(), z.number()]),
  toc_token: z.optional(z.nullable(z.string())),
  'biometric result': z.optional(z.nullable(z.number())),
  score: z.optional(z.nullable(z.number())),
  liveness: z.optional(z.nullable(z.string())),
  'information from document': z.optional(
    z.nullable(
      z.object({
        mrz: z.optional(
          z.nullable(
            z.object({
              data: z.optional(
                z.nullable(
                  z.object({
                    'national identification number': z.optional(z.nullable(z.string())),
                    'document number': z.optional(z.nullable(z.string())),
                  }),
                ),
              ),
            }),
          ),
        ),
      }),
    ),
  ),
});
const serialReply = z.object({ status: z.enum(['VIGENTE', 'NO_VIGENTE', 'NO_MATCH']) });

/** "11.111.111-1", "111111111" or "11111111-1" as the MRZ gives it → "11111111-1". */
export function runOfMrz(value: string | null | undefined): string | null {
  const compact = (value ?? '').replace(/[^0-9kK]/g, '').toUpperCase();
  if (compact.length < 2) return null;
  return `${compact.slice(0, -1)}-${compact.slice(-1)}`;
}

/** A `/v2/face-and-document` answer, read (pure: the unit tests feed it replies). */
export function verificationOf(json: unknown): Verification {
  const reply = verifyReply.safeParse(json);
  if (!reply.success) throw new BiometricUnavailable('unreadable verification reply', 'unexpected');
  const r = reply.data;
  const status = Number(r.status);
  const transactionId = r.toc_token ?? null;
  const side = CAPTURE_ERRORS[status];
  if (side) return { kind: 'capture_error', transactionId, code: status, side };
  if (status !== 200 || !transactionId) {
    throw new BiometricUnavailable(`verification status ${status}`, 'unexpected');
  }
  const result = resultOf(r['biometric result'] ?? Number.NaN, r.liveness === 'failed');
  if (!result) throw new BiometricUnavailable('unknown biometric result', 'unexpected');
  const mrz = r['information from document']?.mrz?.data;
  const serial = (mrz?.['document number'] ?? '').trim();
  return {
    kind: 'checked',
    transactionId,
    result,
    score: typeof r.score === 'number' ? r.score : null,
    mrzRun: runOfMrz(mrz?.['national identification number']),
    mrzSerial: serial || null,
  };
}

export class BiometricHttpProvider implements BiometricProvider {
  private readonly timeouts: typeof DEFAULT_TIMEOUTS;

  constructor(private readonly config: BiometricHttpConfig) {
    this.timeouts = { ...DEFAULT_TIMEOUTS, ...config.timeouts };
  }

  async verify(input: {
    documentType: DocumentType;
    images: IdentityImages;
    expectedRun: string;
  }): Promise<Verification> {
    const session = await this.read(() =>
      this.post(
        '/session-manager/v1/session-id',
        new URLSearchParams({ apiKey: this.config.apiKey, liveness: 'true' }),
        this.timeouts.read,
      ),
    );
    const { session_id } = parse(sessionReply, session.json, 'session id');
    const form = new FormData();
    form.set('apiKey', this.config.apiKey);
    form.set('session_id', session_id);
    form.set('documentType', input.documentType);
    // Not part of TOC's call: a real provider reads the RUN from the card's MRZ. The simulator
    // picks its test identity by it (local/biometric).
    form.set('expected_run', input.expectedRun);
    form.set('id_front', blob(input.images.idFront), 'id_front');
    form.set('id_back', blob(input.images.idBack), 'id_back');
    form.set('selfie', blob(input.images.selfie), 'selfie');
    const res = await this.post('/v2/face-and-document', form, this.timeouts.verify);
    return verificationOf(res.json);
  }

  async serialStatus(input: {
    run: string;
    serial: string;
    documentType: DocumentType;
  }): Promise<SerialStatus> {
    const res = await this.read(() =>
      this.post(
        '/v1/document-status',
        JSON.stringify({ apiKey: this.config.apiKey, ...input }),
        this.timeouts.read,
      ),
    );
    return SERIAL_STATUS[parse(serialReply, res.json, 'document status').status];
  }

  /** A call that changes nothing: tried again once if the provider was down or slow. */
  private async read<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (!(err instanceof BiometricUnavailable) || err.kind === 'unexpected') throw err;
      return call();
    }
  }

  private async post(
    path: string,
    body: FormData | URLSearchParams | string,
    timeoutMs: number,
  ): Promise<{ status: number; json: unknown }> {
    const budget = withinDeadline(timeoutMs);
    if (budget <= 0) throw new BiometricUnavailable(`${path}: no time left`, 'timeout');
    let res: Response;
    try {
      res = await fetch(`${this.config.baseUrl.replace(/\/+$/, '')}${path}`, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
        },
        body,
        signal: AbortSignal.timeout(budget),
      });
    } catch (err) {
      const name = (err as Error)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new BiometricUnavailable(`${path}: no answer in ${budget} ms`, 'timeout');
      }
      throw new BiometricUnavailable(`${path}: provider unreachable`, 'unavailable');
    }
    let json: unknown;
    try {
      json = await res.json();
    } catch {
      throw new BiometricUnavailable(
        `${path}: HTTP ${res.status}, unreadable reply`,
        res.status >= 500 ? 'unavailable' : 'unexpected',
      );
    }
    if (res.status >= 500) {
      throw new BiometricUnavailable(`${path}: HTTP ${res.status}`, 'unavailable');
    }
    if (res.status >= 400 && !(typeof json === 'object' && json && 'status' in json)) {
      throw new BiometricUnavailable(`${path}: HTTP ${res.status}`, 'unexpected');
    }
    return { status: res.status, json };
  }
}

/** A call's budget: its own, cut to what the request has left less the write's reserve. */
function withinDeadline(ms: number): number {
  const d = currentDeadline();
  return d ? Math.min(ms, Math.floor(d.remainingMs() - WRITE_RESERVE_MS)) : ms;
}

const blob = (bytes: Uint8Array) => new Blob([new Uint8Array(bytes)]);

function parse<S extends z.ZodMiniType>(shape: S, json: unknown, what: string): z.infer<S> {
  const r = shape.safeParse(json);
  if (!r.success) throw new BiometricUnavailable(`unreadable ${what} reply`, 'unexpected');
  return r.data;
}
