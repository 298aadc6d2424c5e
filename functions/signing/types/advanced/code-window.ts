import type { Live } from '../../link/context.js';
import type { FeaJob } from './jobs.js';

/**
 * How long the provider's SMS code serves (the emulator's CODE_TTL_MS; Certificadora del Sur
 * does not publish it: confirm before going live). Past it the signer asks for a new code.
 */
export const CODE_TTL_SECONDS_AT_PROVIDER = 5 * 60;

/** A second-factor job that sent its SMS recently enough for the code to serve. */
export const codeWindowOpen = (job: FeaJob, now: Date): boolean =>
  !!job.ended_at &&
  Date.parse(job.ended_at) / 1000 + CODE_TTL_SECONDS_AT_PROVIDER > now.getTime() / 1000;

/** The SMS code the signer holds (recorded when the signature job started) still serves. */
export function lastCodeOpen(live: Live): boolean {
  const at = live.session.progress.fea_code_sent_at;
  return (
    !!at && Date.parse(at) / 1000 + CODE_TTL_SECONDS_AT_PROVIDER > live.input.now.getTime() / 1000
  );
}
