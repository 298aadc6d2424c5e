import { route } from '../route-def.js';
import * as signing from '../signing.js';

/** Routes of the signer's link and the signing screen (the whole table is ../routes.ts). */

export const signingStep = route({
  id: 'signingStep',
  method: 'POST',
  path: '/api/signing/step',
  // No Cognito token: the first step carries the link token (checked by its hash), every later
  // step the short signing session it was exchanged for (docs/drafts/signing-design.md §6).
  auth: 'public',
  handler: 'signing/step',
  summary:
    "One step of a signer's flow (credits-signing-admin §4, §7): exchanges the link token for a signing session, then consent, review, e-mail code, signature or rejection; answers the server-driven screen (§3)",
  access: {
    table: 'write',
    bucket: 'write',
    mail: true,
    // The FEA provider (types/advanced/): its status and links, and the key that seals the
    // password and SMS code into a job.
    secrets: [
      'SIGNING_CODE_HMAC_KEY',
      'FEA_API_URL',
      'FEA_API_KEY',
      'FEA_TRANSIT_KEY',
      // FES + Clave Única's OpenID provider (types/clave-unica/).
      'CLAVEUNICA_ISSUER',
      'CLAVEUNICA_CLIENT_ID',
      'CLAVEUNICA_CLIENT_SECRET',
      // The biometric signature's identity provider (types/biometric/).
      'BIOMETRIC_API_URL',
      'BIOMETRIC_API_KEY',
    ],
  },
  request: signing.signingStepRequest,
  response: signing.signingResponseSchema,
  // A drawn signature travels as a PNG data URL; the biometric capture as three photos of at
  // most PHOTO_MAX_CHARS each (contract/signing.ts).
  maxBodyBytes: 2 * 1024 * 1024,
  // Public, yet every signer of every order goes through it several times (link, consent,
  // review, code, signature): the signed-in class's rate, not the public writes'.
  throttle: { rate: 25, burst: 50 },
});

export const getOrderActivity = route({
  id: 'getOrderActivity',
  method: 'GET',
  path: '/api/orders/{id}/activity',
  auth: 'user',
  workContext: true,
  handler: 'signing/order-activity',
  summary:
    "The 'Actividad' of one of the caller's orders: its audit trail in order, times in Santiago with the offset, and whether the hash chain verifies",
  access: { table: 'read' },
  response: signing.orderActivityResponse,
});

export const getOrderTrail = route({
  id: 'getOrderTrail',
  method: 'GET',
  path: '/api/orders/{id}/trail',
  auth: 'user',
  workContext: true,
  handler: 'signing/order-trail',
  summary:
    "One of the caller's orders' audit trail as hashed (JSON to download): each event with its hash and the previous one, for `npm run verify-trail`",
  access: { table: 'read' },
  response: signing.auditTrailResponse,
});

export const verifyDocument = route({
  id: 'verifyDocument',
  method: 'GET',
  path: '/api/verify/{code}',
  auth: 'public',
  handler: 'signing/verify',
  summary:
    'Public verification of a sealed document by its code: state, order number, seal date, signers (masked RUT) and both hashes; unknown codes get one fixed 404',
  access: { table: 'write' },
  response: signing.verificationResponse,
});

export const downloadDelivery = route({
  id: 'downloadDelivery',
  method: 'POST',
  path: '/api/delivery/download',
  auth: 'public',
  handler: 'signing/delivery-download',
  summary:
    "A delivery mail's personal link exchanged for a short-lived download of the sealed PDF; unknown, expired and foreign tokens get one fixed 404",
  access: { table: 'write', bucket: 'read' },
  request: signing.deliveryDownloadRequest,
  response: signing.deliveryDownloadResponse,
});

export const feaRecovery = route({
  id: 'feaRecovery',
  method: 'POST',
  path: '/api/signing/fea-recovery',
  // The signer is not signed in to Sello: the RUT and the ID-card serial are checked by the
  // provider. Rate-limited per client and per RUT (functions/platform/limits.ts).
  auth: 'public',
  handler: 'signing/fea-recovery',
  summary:
    "FEA certificate password or second-factor recovery (credits-signing-admin §7 recover-fea-password): the §5 rules again, then the provider's recovery link (or its mail); urlRetorno only on the app's own origin",
  access: { table: 'write', secrets: ['FEA_API_URL', 'FEA_API_KEY'] },
  request: signing.feaRecoveryRequest,
  response: signing.feaRecoveryResponse,
});
