import * as routes from '../../shared/contract/routes/signing.js';
import { feaEs as t } from '../../shared/messages/fea.es.js';
import { recoveryReturnUrl, recoveryRut } from '../../shared/rules/fea-recovery.js';
import { required } from '../platform/config.js';
import { AppError } from '../platform/errors.js';
import { httpRoute } from '../platform/http.js';
import { hitLimit } from '../platform/limits.js';
import { logger } from '../platform/logger.js';
import { FeaError } from './types/advanced/fea-provider.js';
import { feaProvider } from './types/advanced/provider-instance.js';

/** What the signer is told for each refusal of the provider (its own text stays in the logs). */
function refusal(err: FeaError): AppError {
  if (err.transient) return new AppError('UNAVAILABLE', t.providerUnavailable);
  switch (err.kind) {
    case 'invalidInput':
      return new AppError('BUSINESS_RULE', t.serialMismatch, { numDocumento: t.serialMismatch });
    case 'notEnrolled':
      return new AppError('BUSINESS_RULE', t.notEnrolled, { rut: t.notEnrolled });
    // Our integration key refused: nothing the signer can change.
    case 'unauthorized':
      return new AppError('UNAVAILABLE', t.providerUnavailable);
    default:
      return new AppError('BUSINESS_RULE', t.providerRefused);
  }
}

/**
 * POST /api/signing/fea-recovery (credits-signing-admin §7 recover-fea-password): the signer's
 * RUT and ID-card serial, already checked by the contract (§5), go to the provider, which
 * answers a page where the password or the phone is set again (or mails its link). The serial
 * is never logged; the return address is the app's own page unless the asked one is on the
 * app's origin.
 */
export const handler = httpRoute(routes.feaRecovery, async ({ body, sourceIp }) => {
  const rut = recoveryRut(body.rut);
  await hitLimit('feaRecoveryPerClient', sourceIp);
  await hitLimit('feaRecoveryPerRut', rut);
  const provider = await feaProvider();
  if (!provider) throw new AppError('UNAVAILABLE', t.notConfigured);
  try {
    const result = await provider.recover({
      rut,
      documentNumber: body.numDocumento,
      returnUrl: recoveryReturnUrl(required('APP_URL'), body.urlRetorno),
      sendMail: body.enviarMail,
      kind: body.tipoRecuperacion,
    });
    return {
      success: true,
      message: result.url ? t.recoveryLinkReady : t.recoveryMailSent,
      urlRecuperacion: result.url ?? null,
    };
  } catch (err) {
    if (!(err instanceof FeaError)) throw err;
    const log = err.transient || err.kind === 'unauthorized' ? logger.warn : logger.info;
    log.call(logger, 'fea recovery refused', {
      kind: err.kind,
      code: err.code,
      tipo: body.tipoRecuperacion,
    });
    throw refusal(err);
  }
});
