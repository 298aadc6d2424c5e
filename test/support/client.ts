import { randomUUID } from 'node:crypto';
import type { StackInfo } from '../../local/stack.js';

/** A small HTTP client for the local gateway, as a browser would call it. */
export interface ApiResult<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  body?: unknown;
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
  /** Pretend to be this client address (test stacks trust X-Forwarded-For). */
  ip?: string;
}

export function api(stack: StackInfo) {
  return async function call<T = Record<string, unknown>>(
    method: string,
    path: string,
    opts: CallOptions = {},
  ): Promise<ApiResult<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.ip) headers['x-forwarded-for'] = opts.ip;
    let body: string | undefined = opts.rawBody;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(`${stack.url}${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  };
}

/** A fresh client address per call site, so per-IP rate limits do not leak between tests. */
export const freshIp = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

export const uniqueEmail = (tag = 'user') => `${tag}-${randomUUID().slice(0, 8)}@example.com`;

interface StoredMail {
  messageId: string;
  destination: { to: string[] };
  subject: string;
  body: { html?: string; text?: string };
  at: number;
}

/**
 * The store's mails from this test file's start on (epoch seconds; each file loads this module
 * afresh). The store keeps every mail of the run, and serialising all of it, in the very
 * process that runs the handlers, is work a test should not add to every poll.
 */
const FILE_STARTED = Math.floor(Date.now() / 1000) - 1;

/** Mails sent to `to` since this test file started, from aws-ses-v2-local's store. */
export async function mailsTo(stack: StackInfo, to: string): Promise<StoredMail[]> {
  const res = await fetch(`${stack.direct.mail}/store?since=${FILE_STARTED}`);
  const { emails } = (await res.json()) as { emails: StoredMail[] };
  return emails.filter((m) => m.destination.to.includes(to));
}

/**
 * Waits for the n-th mail to `to`. Most are sent before the API answers, some by the outbox a
 * moment later; on a loaded 2-core machine that moment reached 5 s, so the wait is 20 s.
 */
export async function waitForMail(stack: StackInfo, to: string, count = 1): Promise<StoredMail> {
  for (let i = 0; i < 200; i++) {
    const mails = await mailsTo(stack, to);
    if (mails.length >= count) return mails[count - 1] as StoredMail;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail #${count} to ${to}`);
}

/** The first link to the app in a mail's HTML body. */
export function appLink(stack: StackInfo, mail: StoredMail): URL {
  const html = mail.body.html ?? '';
  const escaped = stack.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`href="(${escaped}[^"]+)"`).exec(html);
  if (!m) throw new Error(`no app link in mail "${mail.subject}"`);
  return new URL((m[1] as string).replace(/&amp;|&#38;|&#x26;/gi, '&'));
}

export interface Tokens {
  accessToken: string;
  idToken: string;
  refreshToken: string;
}

/** USER_PASSWORD_AUTH through the gateway's /cognito door, exactly what Amplify sends. */
export async function cognitoCall(stack: StackInfo, target: string, payload: unknown) {
  const res = await fetch(`${stack.url}/cognito`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
    },
    body: JSON.stringify(payload),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export async function signIn(stack: StackInfo, email: string, password: string): Promise<Tokens> {
  const res = await cognitoCall(stack, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: stack.userPoolClientId,
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  const result = res.body.AuthenticationResult as Record<string, string> | undefined;
  if (res.status !== 200 || !result) {
    throw Object.assign(new Error(`sign-in failed: ${JSON.stringify(res.body)}`), {
      code: res.body.__type,
    });
  }
  return {
    accessToken: result.AccessToken as string,
    idToken: result.IdToken as string,
    refreshToken: result.RefreshToken as string,
  };
}

export interface TestUser extends Tokens {
  email: string;
  password: string;
  firstName: string;
}

/**
 * Signs up, confirms through the e-mailed link and signs in: a real new customer. This is a
 * test's setup, not a test of sign-up: a 503 (the mail not accepted in time while the one-process
 * stack is busy) is retried as the page tells a person to, and the newest link that confirms is
 * used (a retry replaces the pending account, so an earlier mail's link may be dead).
 */
export async function newConfirmedUser(stack: StackInfo, firstName = 'Prueba'): Promise<TestUser> {
  const call = api(stack);
  const email = uniqueEmail(firstName.toLowerCase());
  const password = `Clave-${randomUUID().slice(0, 8)}`;
  const ip = freshIp();
  const signUp = () =>
    call('POST', '/api/auth/signup', {
      ip,
      body: {
        firstName,
        lastName: 'Test',
        email,
        password,
        confirmPassword: password,
        acceptTerms: true,
      },
    });
  let res = await signUp();
  for (let retry = 1; res.status === 503 && retry <= 3; retry++) {
    await new Promise((r) => setTimeout(r, 1_000 * retry));
    res = await signUp();
  }
  if (res.status !== 200) throw new Error(`signup ${res.status} ${JSON.stringify(res.body)}`);
  await waitForMail(stack, email);
  const links = (await mailsTo(stack, email)).map((m) => appLink(stack, m)).reverse();
  for (const link of links) {
    const confirm = await call('POST', '/api/auth/confirm', {
      ip,
      body: { token_hash: link.searchParams.get('token_hash'), type: 'email' },
    });
    if (confirm.status === 200) {
      return { email, password, firstName, ...(await signIn(stack, email, password)) };
    }
  }
  throw new Error(`confirm: none of ${links.length} links confirmed ${email}`);
}
