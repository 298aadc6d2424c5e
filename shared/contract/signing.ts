import * as z from 'zod/mini';
import { apiEs } from '../messages/api.es.js';
import { feaEs } from '../messages/fea.es.js';
import {
  DEFAULT_RECOVERY_KIND,
  isIdCardSerial,
  isRecoveryRut,
  RECOVERY_KINDS,
} from '../rules/fea-recovery.js';

/**
 * The server-driven signing screen (credits-signing-admin §2 screen 8, §3 "Signing response",
 * §4 signing steps, §5 signing form rules, §7 signing call). One route takes every step: the
 * server decides what the signer sees next; the SPA only renders `ui` and posts the next
 * `accion` with the form values. Design: docs/drafts/signing-design.md §3.3.
 */

/** The spec's eight steps (§4) plus the steps the in-house simple signature needs. */
export const signingActions = [
  'init_signing',
  'request_second_factor',
  'submit_signature',
  'check_certificate_status',
  'unlock_certificate',
  'unlock_second_factor',
  'submit_unlock_certificate',
  'submit_unlock_second_factor',
  // Simple signature (ours)
  'accept_consent',
  'confirm_review',
  'send_code',
  'verify_code',
  'reject_form',
  'send_reject_code',
  'reject_signing',
  'check_status',
  // Biometric signature (ours): the ID card's two sides and the selfie, in one call.
  'submit_biometric',
] as const;
export type SigningAction = (typeof signingActions)[number];

/**
 * Screen 8's component types; `signature` (a drawing pad) is ours: the simple flow needs it;
 * so is `camera` (one photo taken with the device's camera, posted as a JPEG data URL under the
 * component's id; its `value` says which camera: 'user' the front one, 'environment' the back).
 */
export const componentTypes = [
  'input',
  'password',
  'code',
  'button',
  'text',
  'document',
  'progress',
  'signature',
  'camera',
] as const;
export type ComponentType = (typeof componentTypes)[number];

export const buttonStyles = ['primary', 'secondary', 'danger', 'success'] as const;
export type ButtonStyle = (typeof buttonStyles)[number];

/**
 * The nine button actions (§2 screen 8). They decide the running text and the client-side
 * effects (go_home, contact_support, redirect_unlock); the `accion` a button posts is its
 * `value` (the spec leaves "the precise accion value for each step" open, §7).
 */
export const buttonActions = [
  'start_signing',
  'submit_signature',
  'request_second_factor',
  'go_home',
  'unlock_certificate',
  'unlock_second_factor',
  'redirect_unlock',
  'check_status',
  'contact_support',
] as const;
export type ButtonAction = (typeof buttonActions)[number];

export const screenTypes = [
  'success',
  'error',
  'blocked',
  'pending',
  'loading',
  'default',
] as const;
export type ScreenType = (typeof screenTypes)[number];

/** Server-supplied rules for input, password and code components (§5); each has its message. */
export const validationRulesSchema = z.object({
  required: z.optional(z.object({ message: z.string() })),
  minLength: z.optional(z.object({ value: z.number(), message: z.string() })),
  /** Digits only, with exactly `value` of them. */
  digits: z.optional(z.object({ value: z.number(), message: z.string() })),
});
export type ValidationRules = z.infer<typeof validationRulesSchema>;

export const signingComponentSchema = z.object({
  id: z.string(),
  type: z.enum(componentTypes),
  label: z.optional(z.string()),
  /** Buttons: the accion to post. Documents: a short-lived URL. Progress: 0–100. */
  value: z.optional(z.union([z.string(), z.number()])),
  placeholder: z.optional(z.string()),
  disabled: z.optional(z.boolean()),
  style: z.optional(z.enum(buttonStyles)),
  action: z.optional(z.enum(buttonActions)),
  validation: z.optional(validationRulesSchema),
});
export type SigningComponent = z.infer<typeof signingComponentSchema>;

const nullableString = z.optional(z.nullable(z.string()));

export const signingResponseSchema = z.object({
  status: z.enum(['success', 'error', 'loading']),
  message: z.string(),
  next_step: nullableString,
  current_step: nullableString,
  ui: z.object({
    title: z.string(),
    description: z.string(),
    type: z.enum(screenTypes),
    components: z.array(signingComponentSchema),
  }),
  data: z.object({
    orderNumber: nullableString,
    vigenciaInfo: z.optional(
      z.nullable(z.object({ rut: z.string(), vigencia: z.string(), fechaVencimiento: z.string() })),
    ),
    transactionCode: nullableString,
    signerRut: nullableString,
    signerEmail: nullableString,
    signedAt: nullableString,
    documentName: nullableString,
    /** The spec's base64 data URL; we send a short-lived URL in the document component instead. */
    documentPreview: nullableString,
    redirectUrl: nullableString,
    unlockUrl: nullableString,
    signingSessionId: nullableString,
    errorDetails: z.optional(z.nullable(z.object({ code: z.string() }))),
    errorCode: nullableString,
  }),
});
export type SigningResponse = z.infer<typeof signingResponseSchema>;

/**
 * One photo of the biometric capture: a JPEG or PNG data URL. 600,000 characters (≈ 440 KB of
 * image) each, so the three of them stay well under the route's 2 MiB body limit, itself far
 * under API Gateway's 10 MB and Lambda's 6 MB; the SPA sends ≤ 1280 px JPEGs (≈ 100–300 KB).
 */
export const PHOTO_MAX_CHARS = 600_000;
const photo = z.optional(
  z
    .string({ error: apiEs.validation })
    .check(
      z.maxLength(PHOTO_MAX_CHARS, { error: apiEs.tooLong }),
      z.regex(/^data:image\/(jpeg|png);base64,[A-Za-z0-9+/]+={0,2}$/, { error: apiEs.validation }),
    ),
);

const opt = (max: number) =>
  z.optional(
    z.string({ error: apiEs.validation }).check(z.maxLength(max, { error: apiEs.tooLong })),
  );

/**
 * One step (§7): accion, signerId, token (first call only: the page drops it from the address
 * bar), timestamp, plus the form values of the screen that posted it. Unknown fields are refused.
 */
export const signingStepRequest = z.strictObject({
  accion: z.enum(signingActions, { error: apiEs.validation }),
  signerId: z.string({ error: apiEs.validation }).check(z.minLength(1), z.maxLength(64)),
  token: opt(128),
  signingSessionId: opt(128),
  timestamp: z.optional(z.union([z.string().check(z.maxLength(40)), z.number()])),
  // Form values (component ids of the screens the server sends).
  code: opt(8),
  second_factor_code: opt(8),
  typed_name: opt(120),
  /** A drawn signature: data:image/png;base64,… (bounded by the route's body limit). */
  signature_image: opt(200_000),
  reason: opt(500),
  certificate_password: opt(128),
  /** FES + Clave Única: the query the identity provider returned with (code and state). */
  identity_return: opt(2000),
  /** Biometric signature: the ID card's front and back and the selfie (never stored). */
  id_front: photo,
  id_back: photo,
  selfie: photo,
  /** CHL1 = the card issued before 2013, CHL2 = since (the default). */
  document_type: z.optional(z.enum(['CHL1', 'CHL2'], { error: apiEs.validation })),
  document_number: opt(16),
  signerRut: opt(16),
  signerEmail: opt(254),
  documentName: opt(300),
});
export type SigningStepRequest = z.infer<typeof signingStepRequest>;

/** One event of an order's 'Actividad' timeline (the audit trail, as the requester sees it). */
export const activityEventSchema = z.object({
  seq: z.int(),
  kind: z.string(),
  /** Spanish label of the kind. */
  label: z.string(),
  actor: z.object({ type: z.string(), name: z.nullable(z.string()) }),
  /** UTC, ISO 8601. */
  at: z.string(),
  /** Santiago's wall clock with its offset: '24-11-2026 21:28 (UTC−03:00)'. */
  at_local: z.string(),
  ip: z.nullable(z.string()),
  user_agent: z.nullable(z.string()),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type ActivityEvent = z.infer<typeof activityEventSchema>;

export const orderActivityResponse = z.object({
  events: z.array(activityEventSchema),
  /** Every hash recomputed from the first event to the order's recorded head. */
  chain_ok: z.boolean(),
  chain_head: z.nullable(z.string()),
});

/**
 * An order's audit trail as hashed, for its owner to keep and check outside Sello
 * (`npm run verify-trail -- file.json`): each event exactly as its hash covers it, with the
 * previous event's hash, from the order's genesis (sha256 of "sello-audit:" + order_id).
 */
export const AUDIT_TRAIL_FORMAT = 'sello-audit-trail/1' as const;
const detailValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const auditTrailEventSchema = z.object({
  seq: z.int(),
  kind: z.string(),
  actor: z.object({ type: z.string(), id: z.optional(z.string()) }),
  signer_id: z.optional(z.string()),
  ip: z.optional(z.string()),
  user_agent: z.optional(z.string()),
  at: z.string(),
  details: z.optional(z.record(z.string(), detailValue)),
  prev_hash: z.string(),
  hash: z.string(),
});
export const auditTrailResponse = z.object({
  format: z.literal(AUDIT_TRAIL_FORMAT),
  order_id: z.string(),
  order_number: z.string(),
  exported_at: z.string(),
  /** The head the order records now (its last event's hash). */
  chain_head: z.nullable(z.string()),
  chain_ok: z.boolean(),
  events: z.array(auditTrailEventSchema),
});
export type AuditTrail = z.infer<typeof auditTrailResponse>;

/** The public verification page's data (/verificar/{code}): only what a public page may show. */
export const verificationResponse = z.object({
  state: z.enum(['sealed']),
  verification_code: z.string(),
  order_number: z.string(),
  sealed_at: z.string(),
  sealed_at_local: z.string(),
  signers: z.array(
    z.object({
      name: z.string(),
      rut_masked: z.nullable(z.string()),
      signature_type: z.string(),
      signature_label: z.string(),
      signed_at_local: z.string(),
      /** Advanced signature (FEA): the provider's certificate serial and transaction code. */
      certificate_serial: z.optional(z.nullable(z.string())),
      transaction_code: z.optional(z.nullable(z.string())),
    }),
  ),
  original_sha256: z.nullable(z.string()),
  sealed_sha256: z.string(),
  /** The same sealed file with later document timestamps appended (yearly), oldest first. */
  later_sha256: z.optional(z.array(z.string())),
});
export type Verification = z.infer<typeof verificationResponse>;

/** A delivery link's download: the personal token from the mail, exchanged for a short link. */
export const deliveryDownloadRequest = z.strictObject({
  orderId: z.string({ error: apiEs.validation }).check(z.minLength(1), z.maxLength(64)),
  token: z.string({ error: apiEs.validation }).check(z.minLength(1), z.maxLength(128)),
});

export const deliveryDownloadResponse = z.object({
  url: z.string(),
  file_name: z.string(),
  sha256: z.string(),
  verification_code: z.string(),
});

/**
 * FEA password or second-factor recovery (credits-signing-admin §3 recovery request, §5, §7
 * recover-fea-password): the §5 rules with the spec's messages, the §9 defaults. `urlRetorno`
 * is only a wish: the server keeps it when it is on the app's own origin.
 */
export const feaRecoveryRequest = z.strictObject({
  rut: z
    .string({ error: feaEs.rutInvalid })
    .check(
      z.maxLength(32, { error: feaEs.rutInvalid }),
      z.refine(isRecoveryRut, { error: feaEs.rutInvalid }),
    ),
  numDocumento: z
    .string({ error: feaEs.serialInvalid })
    .check(z.refine(isIdCardSerial, { error: feaEs.serialInvalid })),
  tipoRecuperacion: z._default(z.enum(RECOVERY_KINDS), DEFAULT_RECOVERY_KIND),
  enviarMail: z._default(z.boolean(), false),
  urlRetorno: z.optional(z.string().check(z.maxLength(2048))),
});

export const feaRecoveryResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  /** The provider's recovery page, when it gives one (none when the link went by mail). */
  urlRecuperacion: z.nullable(z.string()),
});
