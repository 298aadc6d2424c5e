import { clientLimitKey } from './client-address.js';
import { type Clock, systemClock } from './clock.js';
import { hitRateLimit, type RateHit, rateLimitReached, releaseRateHit } from './rate-limit.js';

/**
 * Every abuse limit of the product, in one place (docs/architecture.md lists them). Each is a
 * fixed window counted in the table by `hitRateLimit`; going over answers 429 with the limit's
 * Spanish message (or the generic one). Keys are hashed before they are stored.
 *
 * A limit on something that can still fail after it was counted (a mail SES may refuse) gives
 * the hit back with `releaseLimit`, so only what really happened uses the allowance: a refused
 * hit is never counted, so the counter holds exactly the hits let through and not given back.
 *
 * Numbers are chosen so a real person never meets them and a script meets them quickly:
 * - sign-up: a person signs up once or twice; a mail bomb against one address stops at 3/hour.
 * - payment intents: card testing creates many intents; 20/hour is far above any real checkout.
 * - uploads and analyses: each costs storage and CPU; 100 uploads and 50 analyses a day per user.
 * - signing: a signer opens a link a few times and asks for one or two codes; guessing tokens
 *   from one address stops at 30 tries in 10 minutes (and each code allows 5 tries).
 */
export const LIMITS = {
  /** Sign-up attempts per client address (IP). */
  signupPerClient: { scope: 'signup', limit: 20, windowSeconds: 3600, perClient: true },
  /** Sign-up confirmation mails per e-mail address. */
  signupMailPerAddress: { scope: 'signup-mail', limit: 3, windowSeconds: 3600 },
  /** Password changes (current-password checks) per signed-in user. */
  passwordChangePerUser: { scope: 'password-change', limit: 10, windowSeconds: 3600 },
  /** Password-recovery requests per client address. */
  recoveryPerClient: { scope: 'recovery-ip', limit: 30, windowSeconds: 3600, perClient: true },
  /** Password-recovery mails per e-mail address (silent: the answer never tells). */
  recoveryMailPerAddress: { scope: 'recovery-email', limit: 5, windowSeconds: 3600 },
  /** Signing-link resends per signer (their inbox). */
  resendPerSigner: { scope: 'resend-signer', limit: 5, windowSeconds: 3600 },
  /** Signing-link resends per customer. */
  resendPerUser: { scope: 'resend-user', limit: 30, windowSeconds: 3600 },
  /** Maintenance access-code tries per client address. */
  maintenancePerClient: { scope: 'maintenance', limit: 10, windowSeconds: 600, perClient: true },
  /** Stripe payment intents (packages and orders) per user: card testing. */
  paymentIntentsPerUser: { scope: 'payment-intent', limit: 20, windowSeconds: 3600 },
  /** Document uploads started per user per day. */
  uploadsPerUser: { scope: 'upload', limit: 100, windowSeconds: 86_400 },
  /** AI analysis attempts per user per day. */
  analysesPerUser: { scope: 'analysis', limit: 50, windowSeconds: 86_400 },
  /** Signing links opened per client address: token guessing meets it within a burst. */
  signingOpenPerClient: { scope: 'sign-open-ip', limit: 30, windowSeconds: 600, perClient: true },
  /** One signer's link opened (each opening is an audit event): a loop stops here. */
  signingOpenPerSigner: { scope: 'sign-open-signer', limit: 30, windowSeconds: 3600 },
  /** Steps of one signing session: a person takes a dozen; a script driving steps stops. */
  signingStepPerSession: { scope: 'sign-step', limit: 120, windowSeconds: 600 },
  /**
   * Codes one signer locked with one link (5 wrong tries each): past 3 an hour no new code is
   * sent, so a guesser holding a link gets at most 15 tries an hour whatever the codes; the
   * signer waits or asks the requester for a new link.
   */
  signingCodeLocksPerSigner: { scope: 'sign-code-locks', limit: 3, windowSeconds: 3600 },
  /** Code mails to one signer (only accepted mails count): no mail bomb of their inbox. */
  signingCodeSendPerSigner: { scope: 'sign-code-send', limit: 5, windowSeconds: 3600 },
  /**
   * FEA provider calls one signer starts (an SMS, a signature): each costs the provider a call
   * and may send an SMS, so a stuck finger or a script stops here.
   */
  feaJobsPerSigner: { scope: 'fea-job', limit: 20, windowSeconds: 3600 },
  /**
   * Identity checks (photos sent to the biometric provider) for one signer, whatever the
   * session: a session allows 3, and each opening of the link is a new session, so this is
   * what bounds a face-guesser holding a link (and the provider's bill) over a day.
   */
  biometricChecksPerSigner: { scope: 'bio-check', limit: 9, windowSeconds: 86_400 },
  /** FEA enrolment and unlock links one signer asks the provider for. */
  feaLinksPerSigner: { scope: 'fea-link', limit: 10, windowSeconds: 3600 },
  /** Public verification pages per client address: enumerating codes stops here. */
  verifyPerClient: { scope: 'verify-ip', limit: 60, windowSeconds: 600, perClient: true },
  /** Delivery downloads per client address: guessing delivery tokens stops here. */
  deliveryPerClient: { scope: 'delivery-ip', limit: 30, windowSeconds: 3600, perClient: true },
  /**
   * FEA password or second-factor recoveries asked from one client address: each asks the
   * provider whether a serial belongs to a RUT, so guessing serials stops here.
   */
  feaRecoveryPerClient: {
    scope: 'fea-recovery-ip',
    limit: 10,
    windowSeconds: 3600,
    perClient: true,
  },
  /** FEA recoveries asked for one RUT, from any address: a guesser spreading out stops too. */
  feaRecoveryPerRut: { scope: 'fea-recovery-rut', limit: 5, windowSeconds: 3600 },
  /** 'Descargar mis datos' per user: each export reads the whole account. */
  accountExportPerUser: { scope: 'account-export', limit: 10, windowSeconds: 3600 },
  /** 'Avísame' sign-ups per client address: a script filling the CRM stops here. */
  waitlistPerClient: { scope: 'waitlist', limit: 20, windowSeconds: 3600, perClient: true },
  /** 'Eliminar mi cuenta' attempts (current-password checks) per user. */
  accountDeletePerUser: { scope: 'account-delete', limit: 5, windowSeconds: 3600 },
  /** 'Crear Organización' per user per day: a person creates one or two; a script stops here. */
  organizationsPerUser: { scope: 'org-create', limit: 10, windowSeconds: 86_400 },
  /** Invitations sent per user per day (each is a mail to any address): no mass mailing. */
  invitationsPerUser: { scope: 'org-invite', limit: 50, windowSeconds: 86_400 },
} as const satisfies Record<string, LimitDef>;

export interface LimitDef {
  scope: string;
  limit: number;
  windowSeconds: number;
  /** Keyed by the client's address: counted per IPv6 /64 (platform/client-address.ts). */
  perClient?: boolean;
}

export type LimitName = keyof typeof LIMITS;

/** One counted hit of a limit, to give back with `releaseLimit`. */
export type LimitHit = RateHit;

/** The key a limit counts: a client's address by its IPv6 /64 (client-address.ts). */
const countedKey = (def: LimitDef, key: string) => (def.perClient ? clientLimitKey(key) : key);

/**
 * Counts one hit of `name` for `key`; throws a 429 AppError past the limit (and then counts
 * nothing). Count first, give back on failure: parallel requests can never pass the limit
 * together, as they could if each checked first and counted after its work.
 */
export function hitLimit(
  name: LimitName,
  key: string,
  clock: Clock = systemClock,
  hitId?: string,
): Promise<LimitHit> {
  const def: LimitDef = LIMITS[name];
  return hitRateLimit(def.scope, countedKey(def, key), def.limit, def.windowSeconds, clock, hitId);
}

/** Whether a limit's current window is used up for this key, without counting a hit. */
export function limitReached(
  name: LimitName,
  key: string,
  clock: Clock = systemClock,
): Promise<boolean> {
  const def: LimitDef = LIMITS[name];
  return rateLimitReached(def.scope, countedKey(def, key), def.limit, def.windowSeconds, clock);
}

/**
 * Gives back a hit whose work did not happen (the mail was not accepted). Best effort and
 * never throws: if the table cannot be written the hit stays counted, which errs on the side of
 * the limit.
 */
export function releaseLimit(hit: LimitHit): Promise<void> {
  return releaseRateHit(hit);
}
