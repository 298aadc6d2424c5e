import routes from 'virtual:sello/route-manifest';
import type { SigningResponse, SigningStepRequest } from '../../../../shared/contract/signing';
import { es, fmt } from '../../../../shared/messages.es';
import { signingCallKey, takeEarlyAnswer } from '../../lib/earlyAnswer';
import { isSigningResponse } from './screenModel';

/**
 * The signing call (credits-signing-admin §7): POST /api/signing/step. Not the shared API
 * client: the screen needs the three outcomes apart (a screen to render; a lost connection,
 * which shows 'Error de Conexión'; a refusal with its message), and the spec's
 * 'HTTP {status}: {text}' for a non-OK answer without a message of ours.
 */
export type StepOutcome =
  | { kind: 'answer'; answer: SigningResponse }
  /** Network failure, 5xx, or a body that is no answer (a proxy's page, a cut body). */
  | { kind: 'connection' }
  /** 4xx (429 included): the server's Spanish message, else 'HTTP {status}: {text}'. */
  | { kind: 'refused'; message: string };

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

function messageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const b = body as { message?: unknown; error?: { message?: unknown } };
  const m = b.error?.message ?? b.message;
  return typeof m === 'string' && m.trim() ? m : undefined;
}

/** What an HTTP answer means to the screen (pure: status line and body text in). */
export function outcomeOf(status: number, statusText: string, text: string): StepOutcome {
  const body = parse(text);
  // A screen is rendered whatever the status: the server chose to draw it.
  if (isSigningResponse(body)) return { kind: 'answer', answer: body };
  if (status >= 500 || (status >= 200 && status < 300)) return { kind: 'connection' };
  const message = messageOf(body);
  if (message) return { kind: 'refused', message };
  if (status === 429) return { kind: 'refused', message: es.signing.tooManyAttempts };
  return {
    kind: 'refused',
    // HTTP/2 has no reason phrase: 'Error' stands in for it.
    message: fmt(es.signing.httpError, { status, text: statusText || 'Error' }),
  };
}

export type StepBody = SigningStepRequest;

export async function postStep(body: StepBody, signal?: AbortSignal): Promise<StepOutcome> {
  const route = routes.signingStep;
  let res: Response;
  try {
    res = await fetch(route.path, {
      method: route.method,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal,
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    return { kind: 'connection' };
  }
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    return { kind: 'connection' };
  }
  return outcomeOf(res.status, res.statusText, text);
}

/**
 * The page's first init_signing when index.html's boot script already sent it with these
 * credentials (lib/earlyAnswer.ts): its outcome, read like postStep's. Undefined otherwise,
 * and the page sends the call itself.
 */
export async function earlyInitOutcome(
  signerId: string,
  creds: { token: string } | { signingSessionId: string },
): Promise<StepOutcome | undefined> {
  const early = takeEarlyAnswer(signingCallKey(signerId, creds));
  if (!early) return undefined;
  const answer = await early;
  return answer ? outcomeOf(answer.status, answer.statusText, answer.text) : { kind: 'connection' };
}
