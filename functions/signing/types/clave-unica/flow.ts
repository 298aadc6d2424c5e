import type { SigningResponse } from '../../../../shared/contract/signing.js';
import { claveUnicaSigningEs as cu } from '../../../../shared/messages/clave-unica-signing.es.js';
import { fmt } from '../../../../shared/messages/fmt.js';
import { signingEs as t } from '../../../../shared/messages/signing.es.js';
import { cleanRut, formatRut, isValidRut } from '../../../../shared/rules/rut.js';
import { required } from '../../../platform/config.js';
import { logger } from '../../../platform/logger.js';
import { type FlowDeps, type Live, signerEvent } from '../../link/context.js';
import { consentReviewScreen, consentReviewStep } from '../../steps/consent-review.js';
import { button, errorData, rejectButton, screen } from '../../steps/screen-builder.js';
import { sessionExpiredScreen, typeUnavailableScreen } from '../../steps/screens.js';
import { record, stepItems } from '../../steps/step-write.js';
import type { SignatureFlow } from '../index.js';
import { signatureScreen } from '../simple/screens.js';
import { signWithPad } from '../simple/signature-step.js';
import { ProviderUnreachable } from './oidc-identity.js';
import { identityProvider } from './provider-instance.js';
import { sameRun } from './run-claims.js';

/**
 * FES + Clave Única (issue 23): consent and review as every type, then the signer proves who
 * they are with ClaveÚnica (OpenID: code, PKCE, state, nonce; oidc-identity.ts); the RUN it
 * returns must be the signer's RUT, or the signature is refused with a clear message; then the
 * simple signature's pad. The trail records the RUN, the provider's subject and issuer.
 */
export const returnPath = '/claveunica/retorno';
const redirectUri = () => `${required('APP_URL').replace(/\/+$/, '')}${returnPath}`;

/** How long a login started at the provider may come back (its own codes live 5 minutes). */
const LOGIN_MS = 10 * 60_000;

const rutOf = (live: Live) => cleanRut(live.signer.id_number ?? '');

async function current(live: Live): Promise<SigningResponse> {
  const before = await consentReviewScreen(live);
  if (before) return before;
  if (!isValidRut(rutOf(live))) return refusal(live, cu.noRut, 'CU-RUT-MISSING', false);
  if (live.input.body.identity_return) return finishLogin(live);
  const p = live.session.progress;
  if (p.cu_verified_at && p.cu_run) return verifiedScreen(live, p.cu_run);
  return loginScreen(live);
}

function verifiedScreen(live: Live, run: string): SigningResponse {
  const base = signatureScreen(live.ctx);
  return { ...base, message: fmt(cu.verified, { run: formatRut(run) }) };
}

/** A refusal on the login screen, or without a way on (no RUT to compare). */
async function refusal(
  live: Live,
  message: string,
  code: string,
  retry = true,
): Promise<SigningResponse> {
  if (retry) return loginScreen(live, { message, code });
  // The provider down: the same screen again once it answers; no RUT: nothing to try again.
  const again = code === 'CU-UNAVAILABLE';
  return screen(live.ctx, {
    status: 'error',
    message,
    step: 'identity_required',
    current: true,
    type: 'error',
    title: cu.loginTitle,
    description: message,
    components: again
      ? [button('retry', t.retry, 'check_status', 'check_status'), rejectButton]
      : [rejectButton],
    data: errorData(code),
  });
}

/** A new login at the provider (its checks kept in the session) and the button that opens it. */
async function loginScreen(
  live: Live,
  problem?: { message: string; code: string },
): Promise<SigningResponse> {
  const idp = await identityProvider();
  if (!idp) return typeUnavailableScreen(live.ctx);
  const p = live.session.progress;
  // A login under way (the page reloaded, or opened again on the way back) keeps its checks:
  // a new one would leave the provider's return without a match.
  const pending =
    !problem &&
    p.cu_state &&
    p.cu_login_url &&
    p.cu_login_at &&
    Date.parse(p.cu_login_at) + LOGIN_MS > live.input.now.getTime();
  let url = pending ? p.cu_login_url : undefined;
  if (!url) {
    let login: Awaited<ReturnType<typeof idp.start>>;
    try {
      login = await idp.start(redirectUri(), live.signer.id);
    } catch (err) {
      logger.warn('clave única: provider unreachable', { error: (err as Error)?.name });
      return refusal(live, cu.unavailable, 'CU-UNAVAILABLE', false);
    }
    const ok = await record(live, {
      items: stepItems(live, {
        cu_state: login.checks.state,
        cu_nonce: login.checks.nonce,
        cu_verifier: login.checks.verifier,
        cu_login_url: login.url,
        cu_login_at: live.input.now.toISOString(),
      }),
      events: [],
    });
    if (!ok) return sessionExpiredScreen();
    url = login.url;
  }
  return screen(live.ctx, {
    status: problem ? 'error' : 'success',
    message: problem?.message ?? '',
    step: 'identity_required',
    current: true,
    type: problem ? 'error' : 'pending',
    title: cu.loginTitle,
    description: problem?.message ?? cu.loginDescription,
    components: [button('login', cu.login, 'check_status', 'redirect_unlock'), rejectButton],
    data: { unlockUrl: url, ...(problem ? errorData(problem.code) : {}) },
  });
}

/** The provider's return: the checks, the RUN against the signer's RUT, the evidence. */
async function finishLogin(live: Live): Promise<SigningResponse> {
  const p = live.session.progress;
  const query = live.input.body.identity_return ?? '';
  const state = new URLSearchParams(query).get('state');
  const idp = await identityProvider();
  if (!idp) return typeUnavailableScreen(live.ctx);
  if (!p.cu_state || !p.cu_nonce || !p.cu_verifier || state !== p.cu_state) {
    // A stale return (an older login) or another session's: a new login.
    return loginScreen(live, { message: cu.failed, code: 'CU-STATE' });
  }
  let identity: Awaited<ReturnType<typeof idp.finish>>;
  try {
    identity = await idp.finish(new URL(`${redirectUri()}?${query}`), {
      state: p.cu_state,
      nonce: p.cu_nonce,
      verifier: p.cu_verifier,
    });
  } catch (err) {
    if (err instanceof ProviderUnreachable) {
      // The provider's code serves once and may be spent already: a new login, to try when it
      // is back.
      logger.warn('clave única: provider unreachable on return', { error: err.message });
      return loginScreen(live, { message: cu.unavailable, code: 'CU-UNAVAILABLE' });
    }
    logger.info('clave única: login not verified', { error: (err as Error)?.name });
    return loginScreen(live, { message: cu.failed, code: 'CU-FAILED' });
  }
  const matches = sameRun(identity.run, rutOf(live));
  const facts = {
    run: identity.run,
    provider_subject: identity.subject,
    provider_issuer: identity.issuer,
  };
  const ok = await record(live, {
    items: stepItems(live, {
      // The login's checks serve once.
      cu_state: '',
      cu_nonce: '',
      cu_verifier: '',
      cu_login_url: '',
      ...(matches
        ? {
            cu_run: identity.run,
            cu_subject: identity.subject,
            cu_issuer: identity.issuer,
            cu_verified_at: live.input.now.toISOString(),
          }
        : {}),
    }),
    events: [signerEvent(live, matches ? 'identity_verified' : 'identity_refused', facts)],
  });
  if (!ok) return sessionExpiredScreen();
  if (!matches) {
    return loginScreen(live, {
      message: fmt(cu.mismatch, { run: formatRut(identity.run) }),
      code: 'CU-RUN-MISMATCH',
    });
  }
  return verifiedScreen(live, identity.run);
}

async function step(live: Live, _deps: FlowDeps): Promise<SigningResponse> {
  const shared = consentReviewStep(live, current);
  if (shared) return shared;
  const p = live.session.progress;
  if (live.input.body.accion === 'submit_signature' && p.cu_verified_at && p.cu_run) {
    return signWithPad(live, {
      event: {
        identity: 'clave_unica',
        verified_run: p.cu_run,
        provider_subject: p.cu_subject ?? null,
        provider_issuer: p.cu_issuer ?? null,
      },
      record: {
        identity: 'clave_unica',
        verified_run: p.cu_run,
        provider_subject: p.cu_subject ?? null,
        provider_issuer: p.cu_issuer ?? null,
        identity_verified_at: p.cu_verified_at,
      },
    });
  }
  return current(live);
}

export const claveUnicaFlow: SignatureFlow = { type: 'clave_unica', step, current };
