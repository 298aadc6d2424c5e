import type { SigningResponse } from '../../../../shared/contract/signing.js';
import { cleanRut, isValidRut } from '../../../../shared/rules/rut.js';
import type { FlowDeps, Live } from '../../link/context.js';
import { limited } from '../../link/context.js';
import { consentReviewScreen, consentReviewStep } from '../../steps/consent-review.js';
import { sessionExpiredScreen, typeUnavailableScreen } from '../../steps/screens.js';
import { record, stepItems } from '../../steps/step-write.js';
import type { SignatureFlow } from '../index.js';
import { codeWindowOpen, lastCodeOpen } from './code-window.js';
import { FeaError, type FeaProvider } from './fea-provider.js';
import { type FeaJob, getJob, newJobItems } from './jobs.js';
import { feaProvider } from './provider-instance.js';
import { blockedScreen, codeScreen, noRutScreen, type Problem, waitingScreen } from './screens.js';
import { appUrl, statusScreen, unlockStep } from './status.js';

/**
 * The advanced signature (FEA) through an accredited provider (issue 23,
 * docs/drafts/fea-design.md): consent and review as every type, then the certificate's status,
 * its password → an SMS code → the provider's PAdES signature. The provider's slow calls run as
 * jobs (jobs.ts, run-job.ts) while the screen polls; the password and the code only pass
 * through, sealed, to the provider.
 */
interface Ready {
  live: Live;
  provider: FeaProvider;
  rut: string;
}

async function ready(live: Live): Promise<Ready | SigningResponse> {
  const rut = cleanRut(live.signer.id_number ?? '');
  if (!isValidRut(rut)) return noRutScreen(live.ctx);
  const provider = await feaProvider();
  if (!provider) return typeUnavailableScreen(live.ctx);
  return { live, provider, rut };
}

const isScreen = (v: Ready | SigningResponse): v is SigningResponse => 'ui' in v;

async function current(live: Live): Promise<SigningResponse> {
  const before = await consentReviewScreen(live);
  if (before) return before;
  const r = await ready(live);
  if (isScreen(r)) return r;
  const jobId = live.session.progress.fea_job_id;
  const job = jobId ? await getJob(jobId) : undefined;
  return (job && (await jobScreen(r, job))) ?? statusScreen(r);
}

/** Where the last job leaves the signer; undefined: the certificate's status decides. */
async function jobScreen(r: Ready, job: FeaJob): Promise<SigningResponse | undefined> {
  const { live } = r;
  const nowEpoch = Math.floor(live.input.now.getTime() / 1000);
  if (job.status === 'pending') {
    if (job.deadline > nowEpoch) return waitingScreen(live.ctx, job.kind);
    return statusScreen(r, { kind: 'unavailable' });
  }
  if (job.status === 'done') {
    if (job.kind === 'second_factor' && codeWindowOpen(job, live.input.now)) {
      return codeScreen(live.ctx, job.phone_masked ?? '');
    }
    return undefined;
  }
  const problem: Problem = {
    kind: job.error_kind ?? 'unexpected',
    code: job.error_code,
    attemptsLeft: job.attempts_left,
  };
  if (
    problem.kind === 'tooManyKeyAttempts' ||
    problem.kind === 'certificateBlocked' ||
    problem.kind === 'secondFactorBlocked'
  ) {
    const status = await r.provider.certificateStatus(r.rut).catch(() => undefined);
    if (!status) return statusScreen(r, { kind: 'unavailable' });
    return blockedScreen(live.ctx, status, problem, `${appUrl()}/fea/password-recovery`);
  }
  // A wrong code or password while signing: the SMS code still serves (the provider checks
  // the password first and keeps the code for the next try), until it expires.
  if (
    job.kind === 'sign' &&
    (problem.kind === 'wrongCode' || problem.kind === 'wrongPassword') &&
    lastCodeOpen(live)
  ) {
    return codeScreen(live.ctx, live.session.progress.fea_phone ?? '', problem);
  }
  return statusScreen(r, problem);
}

/** A new provider call as a job (one at a time per signer), and the wait screen. */
async function startJob(
  r: Ready,
  kind: FeaJob['kind'],
  secrets: { password: string; code?: string },
  progress: { fea_code_sent_at?: string; fea_phone?: string } = {},
): Promise<SigningResponse> {
  const { live } = r;
  await limited('feaJobsPerSigner', live.signer.id);
  const job = await newJobItems({
    kind,
    signerId: live.signer.id,
    orderId: live.order.id,
    sessionHash: live.sessionHash,
    ip: live.input.ip,
    userAgent: live.input.userAgent,
    secrets,
    now: live.input.now,
  });
  const ok = await record(live, {
    items: [...stepItems(live, { fea_job_id: job.jobId, ...progress }), ...job.items],
    events: [],
  });
  if (!ok) {
    // Another click started a job a moment ago, or the session ended: show where it stands.
    return current(live);
  }
  return waitingScreen(live.ctx, kind);
}

async function requestSecondFactor(r: Ready): Promise<SigningResponse> {
  const password = r.live.input.body.certificate_password ?? '';
  if (!password) return current(r.live);
  return startJob(r, 'second_factor', { password });
}

async function submitSignature(r: Ready): Promise<SigningResponse> {
  const { live } = r;
  const password = live.input.body.certificate_password ?? '';
  const code = (live.input.body.second_factor_code ?? live.input.body.code ?? '').trim();
  const jobId = live.session.progress.fea_job_id;
  const job = jobId ? await getJob(jobId) : undefined;
  const codeStage =
    job &&
    ((job.kind === 'second_factor' &&
      job.status === 'done' &&
      codeWindowOpen(job, live.input.now)) ||
      (job.kind === 'sign' && job.status === 'failed' && lastCodeOpen(live)));
  if (!job || !codeStage) return current(live);
  if (!password || !/^\d{1,8}$/.test(code)) {
    return codeScreen(live.ctx, job.phone_masked ?? live.session.progress.fea_phone ?? '', {
      kind: !password ? 'wrongPassword' : 'wrongCode',
    });
  }
  // The code's window and phone move to the session: the sign job replaces the SMS job.
  const window =
    job.kind === 'second_factor'
      ? { fea_code_sent_at: job.ended_at ?? '', fea_phone: job.phone_masked ?? '' }
      : {};
  return startJob(r, 'sign', { password, code }, window);
}

/** 'Actualizar Estado': the last job's outcome is left behind, the status asked again. */
async function refreshStatus(r: Ready): Promise<SigningResponse> {
  if (r.live.session.progress.fea_job_id) {
    const ok = await record(r.live, {
      items: stepItems(r.live, { fea_job_id: '' }),
      events: [],
    });
    if (!ok) return sessionExpiredScreen();
    r.live.session.progress.fea_job_id = '';
  }
  return statusScreen(r);
}

async function step(live: Live, _deps: FlowDeps): Promise<SigningResponse> {
  const shared = consentReviewStep(live, current);
  if (shared) return shared;
  const before = await consentReviewScreen(live);
  if (before) return before;
  const r = await ready(live);
  if (isScreen(r)) return r;
  try {
    switch (live.input.body.accion) {
      case 'request_second_factor':
        return await requestSecondFactor(r);
      case 'submit_signature':
        return await submitSignature(r);
      case 'check_certificate_status':
        return await refreshStatus(r);
      case 'unlock_certificate':
        return await unlockStep(r, false);
      case 'unlock_second_factor':
        return await unlockStep(r, true);
      default:
        return await current(live);
    }
  } catch (err) {
    // A provider refusal on a direct call (the status, an unlock link): said on the screen.
    if (err instanceof FeaError) return statusScreen(r, { kind: err.kind, code: err.code });
    throw err;
  }
}

export const advancedFlow: SignatureFlow = { type: 'advanced', step, current };
