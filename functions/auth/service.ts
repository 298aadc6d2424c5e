import { acceptedTerms, type TermsAcceptance, termsAcceptance } from '../../shared/legal.js';
import { authEs } from '../../shared/messages/auth.es.js';
import { type Clock, epochSeconds, systemClock } from '../platform/clock.js';
import { required } from '../platform/config.js';
import { currentDeadline, timedOut } from '../platform/deadline.js';
import { AppError, unauthorized } from '../platform/errors.js';
import { hitLimit, type LimitHit, type LimitName, releaseLimit } from '../platform/limits.js';
import { logger } from '../platform/logger.js';
import type { Mail, Mailer } from '../platform/mail.js';
import { sesMailer } from '../platform/mail.js';
import { confirmationMail, passwordResetMail } from '../platform/mail-templates.js';
import { randomToken, sha256 } from '../platform/secrets.js';
import { createProfileIfMissing } from '../profile/repo.js';
import {
  identity as cognitoIdentity,
  type Identity,
  type IdentityUser,
  InvalidPasswordError,
  isActive,
  isPending,
  UsernameExistsError,
} from './identity.js';
import {
  findPendingSignUp,
  passwordCheckOf,
  passwordMatches,
  putPendingSignUp,
} from './pending-signups.js';
import {
  consumeLinkToken,
  findLinkToken,
  findUsedLinkToken,
  type LinkPurpose,
  putLinkToken,
  releaseLinkToken,
} from './repo.js';

/** Link lifetimes: long enough to find the mail, short enough to limit a leaked link. */
export const CONFIRM_LINK_SECONDS = 24 * 3600;
export const RECOVERY_LINK_SECONDS = 3600;
/** How long a pending sign-up's password check is kept (pending-signups.ts). */
export const PENDING_RECORD_SECONDS = 30 * 86_400;

/**
 * Every recovery request answers after at least this long, whatever happened inside: looking
 * up the account, writing the link and sending the mail take well under it, so the answer time
 * does not tell whether the address has an account (bench/ prints the real spread).
 */
export const RECOVERY_ANSWER_MS = 1200;

/**
 * The longest an account mail may take before the user is told it could not be sent. SES
 * accepts a mail in well under a second; one still pending after this is a hung mail service,
 * and the user (who waits for the answer) is better served by "retry in a few minutes" than by
 * a gateway timeout. Also kept inside the request's deadline, with AFTER_MAIL_RESERVE_MS left
 * to give the limit back and answer.
 */
export const ACCOUNT_MAIL_WAIT_MS = 4000;
const AFTER_MAIL_RESERVE_MS = 1000;

export interface AuthDeps {
  identity: Identity;
  mailer: Mailer;
  clock: Clock;
  /** Waits `ms`; injectable so tests can see the padding without waiting for it. */
  sleep: (ms: number) => Promise<void>;
}

const defaults: AuthDeps = {
  identity: cognitoIdentity,
  mailer: sesMailer,
  clock: systemClock,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

const invalidConfirm = () => new AppError('INVALID_LINK', authEs.confirmInvalidLink);
const invalidRecovery = () => new AppError('INVALID_LINK', authEs.resetInvalidLink);
const weakPassword = () =>
  new AppError('VALIDATION', authEs.passwordTooShort, { password: authEs.passwordTooShort });
const alreadyRegistered = () => new AppError('ALREADY_REGISTERED', authEs.alreadyRegistered);
const termsNotAccepted = () =>
  new AppError('BUSINESS_RULE', authEs.termsRequired, { acceptTerms: authEs.termsRequired });

const isTooMany = (err: unknown) => err instanceof AppError && err.code === 'TOO_MANY_REQUESTS';

/** Counts one hit of a limit; past it, a 429 with this flow's own Spanish message. */
async function limit(
  deps: AuthDeps,
  name: LimitName,
  key: string,
  message: string,
): Promise<LimitHit> {
  try {
    return await hitLimit(name, key, deps.clock);
  } catch (err) {
    if (isTooMany(err)) throw new AppError('TOO_MANY_REQUESTS', message);
    throw err;
  }
}

/**
 * Runs the work a mail limit's hit was counted for (ending with the mail) and gives the hit
 * back if it fails: only mails SES accepted use an inbox's allowance, so an outage never
 * leaves a user locked out of the mails they did not get.
 */
async function paidBy<T>(hit: LimitHit, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    await releaseLimit(hit);
    throw err;
  }
}

/**
 * Sends an account mail and waits for SES to accept it, at most ACCOUNT_MAIL_WAIT_MS; false
 * when it was refused, failed or hung. The user waits for this answer, so the caller then
 * answers a retryable 503 with its own Spanish message, never a 500 and never an "ok" that
 * promises a mail. A send given up on may still be accepted later (SES was only slow): the
 * user then gets a mail after being told to retry, which is harmless.
 */
async function sendAccountMail(deps: AuthDeps, mail: Mail): Promise<boolean> {
  const left = currentDeadline()?.remainingMs() ?? Number.POSITIVE_INFINITY;
  const wait = Math.min(ACCOUNT_MAIL_WAIT_MS, left - AFTER_MAIL_RESERVE_MS);
  if (wait <= 0) throw timedOut();
  const sending = deps.mailer.send(mail);
  sending.catch(() => undefined); // a send given up on may still fail later: nobody waits for it
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`mail not accepted within ${wait} ms`)), wait);
  });
  try {
    await Promise.race([sending, hung]);
    return true;
  } catch (err) {
    logger.warn('account mail not sent', {
      error: (err as Error)?.name,
      reason: (err as Error)?.message,
    });
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Rate-limit keys for an address: one mailbox however it is capitalised. */
const addressKey = (email: string) => email.trim().toLowerCase();

async function issueLink(
  deps: AuthDeps,
  purpose: LinkPurpose,
  user: { email: string; sub: string; firstName: string; lastName: string },
): Promise<string> {
  const token = randomToken();
  const lifetime = purpose === 'confirm' ? CONFIRM_LINK_SECONDS : RECOVERY_LINK_SECONDS;
  await putLinkToken({
    hash: sha256(token),
    purpose,
    email: user.email,
    username: user.sub,
    firstName: user.firstName,
    lastName: user.lastName,
    expiresAt: epochSeconds(deps.clock.now()) + lifetime,
  });
  return token;
}

/**
 * Creates a pending account and mails its confirmation link. A pending account for the same
 * address (someone else's sign-up, or this person's earlier one) is deleted first: its links
 * name its sub, so they die with it, and the password it was created with never works again.
 * Until the link is followed the account is disabled, so nobody can sign in to an address
 * they have not shown they read.
 */
export async function signUp(
  input: {
    firstName: string;
    lastName: string;
    email: string;
    password: string;
    acceptTerms?: boolean | undefined;
  },
  sourceIp: string,
  deps: AuthDeps = defaults,
): Promise<void> {
  // No account without the terms and the privacy policy accepted (the form asks first).
  if (!acceptedTerms(input.acceptTerms)) throw termsNotAccepted();
  const terms = termsAcceptance(deps.clock.now(), sourceIp);
  await limit(deps, 'signupPerClient', sourceIp, authEs.signupTooManyFromClient);
  const existing = await deps.identity.getUser(input.email);
  if (existing && !isPending(existing)) throw alreadyRegistered();
  // Only attempts that will send a mail count against the inbox's limit, and only if SES
  // accepts that mail: a failure gives the hit back.
  const hit = await limit(
    deps,
    'signupMailPerAddress',
    addressKey(input.email),
    authEs.signupTooManyMails,
  );
  await paidBy(hit, () => createPendingAndMail(input, terms, existing, deps));
  logger.info('signup link sent');
}

/**
 * Sign-up after its limits: replaces a pending account, creates this one and mails its link.
 * When the mail fails, the pending account just made stays as it is (its link was never seen
 * by anyone): a retry finds it pending and replaces it like any earlier sign-up of the same
 * person, so the outage blocks nothing.
 */
async function createPendingAndMail(
  input: { firstName: string; lastName: string; email: string; password: string },
  terms: TermsAcceptance,
  existing: IdentityUser | undefined,
  deps: AuthDeps,
): Promise<void> {
  const now = epochSeconds(deps.clock.now());
  // Contested: this sign-up replaces someone's pending one made with another password (or one
  // already contested). Its confirmation then keeps neither password (see pending-signups.ts).
  let contested = false;
  if (existing) {
    const previous = await findPendingSignUp(existing.sub, now);
    contested =
      !previous ||
      previous.contested ||
      !(await passwordMatches(previous.passwordCheck, input.password));
    await deps.identity.deleteUser(existing.sub);
  }
  const passwordCheck = await passwordCheckOf(input.password);
  let sub: string;
  try {
    ({ sub } = await deps.identity.createPending(input));
  } catch (err) {
    // Two sign-ups for one address at once: the other one holds it now.
    if (err instanceof UsernameExistsError) throw alreadyRegistered();
    if (err instanceof InvalidPasswordError) throw weakPassword();
    throw err;
  }
  await putPendingSignUp({
    sub,
    passwordCheck,
    contested,
    terms,
    // Kept well past the link: a later sign-up for the address still compares passwords.
    expiresAt: now + PENDING_RECORD_SECONDS,
  });
  await mailConfirmationLink(deps, {
    email: input.email,
    sub,
    firstName: input.firstName,
    lastName: input.lastName,
  });
}

/** Issues a confirmation link for a pending account and mails it; 503 when not accepted. */
async function mailConfirmationLink(
  deps: AuthDeps,
  user: { email: string; sub: string; firstName: string; lastName: string },
): Promise<void> {
  const token = await issueLink(deps, 'confirm', user);
  const url = `${required('APP_URL')}/auth/confirm?token_hash=${token}&type=email`;
  if (!(await sendAccountMail(deps, confirmationMail(user.email, user.firstName, url)))) {
    throw new AppError('UNAVAILABLE', authEs.signupMailUnavailable);
  }
}

/**
 * 'Reenviar correo' from the login of an unconfirmed account: a new confirmation link for the
 * pending account of that address (its earlier links keep working until they expire). Like a
 * recovery request, the answer is the same, no sooner than RECOVERY_ANSWER_MS, whether or not
 * the address has a pending account, so it tells nobody which addresses signed up; the mails
 * count against the sign-up's per-address limit (silently here), the requests against the
 * per-client sign-up limit.
 */
export async function resendConfirmation(
  email: string,
  sourceIp: string,
  deps: AuthDeps = defaults,
): Promise<void> {
  await atFixedPace(deps, async () => {
    await limit(deps, 'signupPerClient', sourceIp, authEs.signupTooManyFromClient);
    const user = await deps.identity.getUser(email);
    if (!user || !isPending(user) || addressKey(user.email) !== addressKey(email)) return;
    const hit = await silentLimit(deps, 'signupMailPerAddress', addressKey(email));
    if (!hit) return;
    await paidBy(hit, () => mailConfirmationLink(deps, user));
    logger.info('signup link sent again');
  });
}

/**
 * Runs `work` and answers no sooner than RECOVERY_ANSWER_MS, whatever it found: the time an
 * answer takes must not tell whether an address has an account.
 */
async function atFixedPace(deps: AuthDeps, work: () => Promise<void>): Promise<void> {
  const floor = deps.sleep(RECOVERY_ANSWER_MS);
  try {
    await work();
  } finally {
    await floor;
  }
}

/**
 * Counts a per-address mail limit silently: undefined once it is reached, so the answer stays
 * the same whether or not the account exists. Only the limit is silent: a failing table
 * surfaces as an error, not as a mail never sent.
 */
async function silentLimit(
  deps: AuthDeps,
  name: 'signupMailPerAddress' | 'recoveryMailPerAddress',
  key: string,
): Promise<LimitHit | undefined> {
  try {
    return await hitLimit(name, key, deps.clock);
  } catch (err) {
    if (isTooMany(err)) return undefined;
    throw err;
  }
}

/**
 * Follows a confirmation link. `choosePassword` is true when the address was contested: the
 * account is enabled without the password it was signed up with, and a recovery link went to
 * the same inbox for the owner to choose one.
 */
export async function confirmEmail(
  tokenValue: string,
  deps: AuthDeps = defaults,
): Promise<{ choosePassword: boolean; alreadyConfirmed?: true }> {
  const hash = sha256(tokenValue);
  const now = epochSeconds(deps.clock.now());
  const link = await findLinkToken(hash, 'confirm', now);
  if (!link) return alreadyConfirmedOrInvalid(hash, deps);
  // The link acts on the account it was issued for (its sub) and only while that account
  // still has the address the link was mailed to.
  const user = await deps.identity.getUser(link.username);
  if (!user || user.sub !== link.username || addressKey(user.email) !== addressKey(link.email)) {
    await consumeLinkToken(hash, 'confirm', now);
    throw invalidConfirm();
  }
  const pending = await findPendingSignUp(user.sub, now);
  const contested = pending?.contested === true;
  // Nobody may ever sign in with a contested sign-up's password: it is replaced before the
  // account is enabled. An account already enabled (this link given back after its recovery
  // mail failed) had it replaced then, and its owner may have chosen one since: kept.
  if (contested && !user.enabled) await deps.identity.setPassword(user.sub, randomToken());
  // Activate first, then consume: a failure in between leaves a link that can be retried, and
  // activating twice is harmless. The conditional delete makes the link single-use.
  await deps.identity.activate(user);
  await createProfileIfMissing({
    sub: user.sub,
    email: user.email,
    firstName: link.firstName || user.firstName,
    lastName: link.lastName || user.lastName,
    role: 'customer',
    now: deps.clock.now().toISOString(),
    termsAcceptance: pending?.terms ?? null,
  });
  const claim = await consumeLinkToken(hash, 'confirm', now);
  // Another click of the same link won the claim (a double click, two tabs).
  if (!claim) return alreadyConfirmedOrInvalid(hash, deps);
  if (contested) {
    // The owner's only way to a password is that mail: if it fails, the link is given back,
    // so opening it again once mail works sends it (the 503 says so).
    let sent = false;
    try {
      sent = await mailRecoveryLink(deps, { ...user, enabled: true, emailVerified: true });
    } finally {
      if (!sent) await releaseLinkToken(claim).catch(() => undefined);
    }
    if (!sent) throw new AppError('UNAVAILABLE', authEs.confirmMailUnavailable);
    logger.info('contested account confirmed; recovery link sent');
  } else {
    logger.info('account confirmed');
  }
  return { choosePassword: contested };
}

/**
 * A confirmation link that is no longer usable. Used already, on an account that is still the
 * link's and now active: the account is confirmed, and the answer says so (a second click on
 * the mail is not an error). Anything else (unknown, expired, a replaced sign-up's link) is
 * the invalid link it always was.
 */
async function alreadyConfirmedOrInvalid(
  hash: string,
  deps: AuthDeps,
): Promise<{ choosePassword: boolean; alreadyConfirmed: true }> {
  const used = await findUsedLinkToken(hash, 'confirm');
  if (!used) throw invalidConfirm();
  const user = await deps.identity.getUser(used.username);
  const same =
    user && user.sub === used.username && addressKey(user.email) === addressKey(used.email);
  if (!same || !isActive(user)) throw invalidConfirm();
  return { choosePassword: false, alreadyConfirmed: true };
}

/**
 * Mails a reset link to an active account. The answer is the same, and comes no sooner than
 * RECOVERY_ANSWER_MS, whether or not the address has an account: every path looks the address
 * up and waits out the same floor. The one exception is a mail that was not accepted (503, see
 * sendRecoveryLink).
 */
export async function requestPasswordReset(
  email: string,
  sourceIp: string,
  deps: AuthDeps = defaults,
): Promise<void> {
  await atFixedPace(deps, () => sendRecoveryLink(email, sourceIp, deps));
}

async function sendRecoveryLink(email: string, sourceIp: string, deps: AuthDeps): Promise<void> {
  await hitLimit('recoveryPerClient', sourceIp, deps.clock);
  const user = await deps.identity.getUser(email);
  if (!user || !isActive(user)) return;
  // The per-address limit counts mails SES accepted, so only an account that gets one counts.
  const hit = await silentLimit(deps, 'recoveryMailPerAddress', addressKey(email));
  if (!hit) return;
  // When the mail fails this answers 503 where an unknown address gets the usual "ok": the
  // one case in which the answer differs. It tells an attacker nothing they can provoke: only
  // an outage of our own mail service produces it, for as long as that lasts, within the
  // per-client limit of 30 requests an hour. Answering "ok" instead would tell the account's
  // owner a mail is coming when none is.
  await paidBy(hit, async () => {
    if (!(await mailRecoveryLink(deps, user))) {
      throw new AppError('UNAVAILABLE', authEs.recoveryMailUnavailable);
    }
  });
  logger.info('recovery link sent');
}

/** Issues a recovery link and mails it; false when the mail was not accepted. */
async function mailRecoveryLink(deps: AuthDeps, user: IdentityUser): Promise<boolean> {
  const token = await issueLink(deps, 'recovery', user);
  const url = `${required('APP_URL')}/reset-password#access_token=${token}&type=recovery`;
  return sendAccountMail(deps, passwordResetMail(user.email, user.firstName, url));
}

export async function checkResetToken(
  tokenValue: string,
  deps: AuthDeps = defaults,
): Promise<{ email: string }> {
  const link = await findLinkToken(sha256(tokenValue), 'recovery', epochSeconds(deps.clock.now()));
  if (!link) throw invalidRecovery();
  return { email: link.email };
}

/** Sets the new password of the link's account (by sub) and ends every session it has. */
export async function resetPassword(
  tokenValue: string,
  password: string,
  deps: AuthDeps = defaults,
): Promise<void> {
  const hash = sha256(tokenValue);
  const now = epochSeconds(deps.clock.now());
  const link = await findLinkToken(hash, 'recovery', now);
  if (!link) throw invalidRecovery();
  const user = await deps.identity.getUser(link.username);
  if (!user || user.sub !== link.username || !isActive(user)) {
    await consumeLinkToken(hash, 'recovery', now);
    throw invalidRecovery();
  }
  // Consume before changing the password so one link can never set two passwords.
  const claim = await consumeLinkToken(hash, 'recovery', now);
  if (!claim) throw invalidRecovery();
  try {
    await deps.identity.setPassword(user.sub, password);
  } catch (err) {
    // Give the link back so a transient failure does not burn it.
    await releaseLinkToken(claim).catch(() => undefined);
    if (err instanceof InvalidPasswordError) throw weakPassword();
    throw err;
  }
  // Whoever held a session (the reason for many resets) loses it at their next refresh.
  await deps.identity.signOutEverywhere(user.sub);
  logger.info('password reset');
}

/**
 * A signed-in user's password change: the current password is checked here (a sign-in whose
 * tokens are dropped), the new one set, and every session of the account ended, this one too:
 * the SPA asks the user to sign in again with the new password.
 */
export async function changePassword(
  sub: string,
  currentPassword: string,
  newPassword: string,
  deps: AuthDeps = defaults,
): Promise<void> {
  await limit(deps, 'passwordChangePerUser', sub, authEs.passwordChangeTooMany);
  const user = await deps.identity.getUser(sub);
  if (!user || user.sub !== sub || !isActive(user)) throw unauthorized();
  if (!(await deps.identity.checkPassword(user.email, currentPassword))) {
    throw new AppError('VALIDATION', authEs.wrongCurrentPassword, {
      currentPassword: authEs.wrongCurrentPassword,
    });
  }
  try {
    await deps.identity.setPassword(sub, newPassword);
  } catch (err) {
    if (err instanceof InvalidPasswordError) {
      throw new AppError('VALIDATION', authEs.passwordTooShort, {
        newPassword: authEs.passwordTooShort,
      });
    }
    throw err;
  }
  await deps.identity.signOutEverywhere(sub);
  logger.info('password changed');
}
