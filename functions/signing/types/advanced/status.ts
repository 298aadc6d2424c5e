import type { SigningResponse } from '../../../../shared/contract/signing.js';
import { feaSigningEs as f } from '../../../../shared/messages/fea-signing.es.js';
import { fmt } from '../../../../shared/messages/fmt.js';
import { required } from '../../../platform/config.js';
import { logger } from '../../../platform/logger.js';
import { sesMailer } from '../../../platform/mail.js';
import { layout } from '../../../platform/mail-templates.js';
import { type Live, limited, signerEvent } from '../../link/context.js';
import { sessionExpiredScreen } from '../../steps/screens.js';
import { record, stepItems } from '../../steps/step-write.js';
import type { FeaCertificateStatus, FeaProvider } from './fea-provider.js';
import {
  blockedScreen,
  enrolmentScreen,
  type Problem,
  passwordScreen,
  unavailableScreen,
  unlockLinkScreen,
} from './screens.js';

/** The site's own address (the provider's pages send the signer back under it). */
export const appUrl = () => required('APP_URL').replace(/\/+$/, '');

interface Ready {
  live: Live;
  provider: FeaProvider;
  rut: string;
}

/**
 * The certificate's status decides the screen (the 'vigencia' card): valid → its password;
 * blocked → unlock or recovery; none or expired → the enrolment link, e-mailed once per
 * session. `problem` is a refusal to show with it (the last job's).
 */
export async function statusScreen(r: Ready, problem?: Problem): Promise<SigningResponse> {
  let status: FeaCertificateStatus;
  try {
    status = await r.provider.certificateStatus(r.rut);
  } catch {
    return unavailableScreen(r.live.ctx);
  }
  const recoveryUrl = `${appUrl()}/fea/password-recovery`;
  if (
    problem &&
    (problem.kind === 'tooManyKeyAttempts' ||
      problem.kind === 'certificateBlocked' ||
      problem.kind === 'secondFactorBlocked')
  ) {
    return blockedScreen(r.live.ctx, status, problem, recoveryUrl);
  }
  switch (status.state) {
    case 'valid':
      return passwordScreen(r.live.ctx, status, problem);
    case 'blocked':
      return blockedScreen(
        r.live.ctx,
        status,
        problem ?? { kind: 'certificateBlocked', code: 123 },
        recoveryUrl,
      );
    default:
      return enrolment(r, status);
  }
}

/** The enrolment link: asked of the provider and e-mailed once per session, shown each time. */
async function enrolment(r: Ready, status: FeaCertificateStatus): Promise<SigningResponse> {
  const { live } = r;
  const known = live.session.progress.fea_enrolment_url;
  if (known) return enrolmentScreen(live.ctx, status, known);
  await limited('feaLinksPerSigner', live.signer.id);
  let url: string;
  try {
    ({ url } = await r.provider.enrolmentLink({
      rut: r.rut,
      name: `${live.signer.first_name} ${live.signer.last_name}`.trim(),
      email: live.signer.email,
      returnUrl: `${appUrl()}/fea/enrolment-return`,
    }));
  } catch {
    return unavailableScreen(live.ctx);
  }
  const ok = await record(live, {
    items: stepItems(live, { fea_enrolment_url: url }),
    events: [signerEvent(live, 'fea_enrolment_sent', { state: status.state })],
  });
  if (!ok) return sessionExpiredScreen();
  await sesMailer
    .send({
      to: live.signer.email,
      subject: f.enrolmentMail.subject,
      ...layout({
        greeting: f.enrolmentMail.heading,
        body: fmt(f.enrolmentMail.body, {
          name: live.signer.first_name,
          document: live.order.document_name,
        }),
        action: f.enrolmentMail.button,
        url,
        note: '',
      }),
    })
    .catch((err: unknown) =>
      // The screen shows the same link: a lost mail costs nothing but the copy.
      logger.warn('fea: enrolment mail not accepted', { error: (err as Error)?.name }),
    );
  return enrolmentScreen(live.ctx, status, url);
}

/** The provider's unlock page for the key or the second factor; it returns to our result page. */
export async function unlockStep(r: Ready, secondFactor: boolean): Promise<SigningResponse> {
  const { live } = r;
  await limited('feaLinksPerSigner', live.signer.id);
  const page = secondFactor ? 'second-factor-unlock-success' : 'certificate-unlock-success';
  const returnUrl = `${appUrl()}/${page}?signer_id=${encodeURIComponent(live.signer.id)}`;
  let status: FeaCertificateStatus;
  let url: string;
  try {
    status = await r.provider.certificateStatus(r.rut);
    ({ url } = secondFactor
      ? await r.provider.unlockSecondFactor({ rut: r.rut, returnUrl })
      : await r.provider.unlockCertificate({ rut: r.rut, returnUrl }));
  } catch {
    return unavailableScreen(live.ctx);
  }
  return unlockLinkScreen(live.ctx, status, url, secondFactor);
}
