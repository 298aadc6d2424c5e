import { authEs } from '../../shared/messages/auth.es.js';
import { type Clock, epochSeconds, systemClock } from '../platform/clock.js';
import { required } from '../platform/config.js';
import { AppError } from '../platform/errors.js';
import { hitLimit } from '../platform/limits.js';
import { logger } from '../platform/logger.js';
import type { Mailer } from '../platform/mail.js';
import { sesMailer } from '../platform/mail.js';
import { confirmationMail, passwordResetMail } from '../platform/mail-templates.js';
import { randomToken, sha256 } from '../platform/secrets.js';
import { createProfileIfMissing } from '../profile/repo.js';
import {
  identity as cognitoIdentity,
  type Identity,
  InvalidPasswordError,
  UsernameExistsError,
} from './identity.js';
import { consumeLinkToken, findLinkToken, type LinkPurpose, putLinkToken } from './repo.js';

/** Link lifetimes: long enough to find the mail, short enough to limit a leaked link. */
export const CONFIRM_LINK_SECONDS = 24 * 3600;
export const RECOVERY_LINK_SECONDS = 3600;

export interface AuthDeps {
  identity: Identity;
  mailer: Mailer;
  clock: Clock;
}

const defaults: AuthDeps = { identity: cognitoIdentity, mailer: sesMailer, clock: systemClock };

const invalidConfirm = () => new AppError('INVALID_LINK', authEs.confirmInvalidLink);
const invalidRecovery = () => new AppError('INVALID_LINK', authEs.resetInvalidLink);
const weakPassword = () =>
  new AppError('VALIDATION', authEs.passwordTooShort, { password: authEs.passwordTooShort });

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

export async function signUp(
  input: { firstName: string; lastName: string; email: string; password: string },
  sourceIp: string,
  deps: AuthDeps = defaults,
): Promise<void> {
  await hitLimit('signupPerClient', sourceIp, deps.clock);
  const existing = await deps.identity.getUser(input.email);
  if (existing?.status === 'UNCONFIRMED') {
    // An unconfirmed account is only a pending claim on the address: whoever signs up again
    // replaces it, and links sent for the old one stop working (they name the old sub).
    await deps.identity.deleteUser(input.email);
  } else if (existing) {
    throw new AppError('ALREADY_REGISTERED', authEs.alreadyRegistered);
  }
  let sub: string;
  try {
    ({ sub } = await deps.identity.signUp(input));
  } catch (err) {
    if (err instanceof UsernameExistsError) {
      throw new AppError('ALREADY_REGISTERED', authEs.alreadyRegistered);
    }
    if (err instanceof InvalidPasswordError) throw weakPassword();
    throw err;
  }
  const user = await deps.identity.getUser(input.email);
  const token = await issueLink(deps, 'confirm', {
    email: input.email,
    sub: user?.sub || sub,
    firstName: input.firstName,
    lastName: input.lastName,
  });
  const url = `${required('APP_URL')}/auth/confirm?token_hash=${token}&type=email`;
  await deps.mailer.send(confirmationMail(input.email, input.firstName, url));
  logger.info('signup link sent');
}

export async function confirmEmail(tokenValue: string, deps: AuthDeps = defaults): Promise<void> {
  const hash = sha256(tokenValue);
  const now = epochSeconds(deps.clock.now());
  const link = await findLinkToken(hash, 'confirm', now);
  if (!link) throw invalidConfirm();
  const user = await deps.identity.getUser(link.email);
  if (!user || user.sub !== link.username) {
    await consumeLinkToken(hash, 'confirm', now);
    throw invalidConfirm();
  }
  // Confirm first, then consume: a failure in between leaves a link that can be retried, and
  // confirming twice is harmless. The conditional delete makes the link single-use.
  await deps.identity.confirm(link.email);
  await createProfileIfMissing({
    sub: user.sub,
    email: link.email,
    firstName: link.firstName || user.firstName,
    lastName: link.lastName || user.lastName,
    role: 'customer',
    now: deps.clock.now().toISOString(),
  });
  if (!(await consumeLinkToken(hash, 'confirm', now))) throw invalidConfirm();
  logger.info('account confirmed');
}

export async function requestPasswordReset(
  email: string,
  sourceIp: string,
  deps: AuthDeps = defaults,
): Promise<void> {
  await hitLimit('recoveryPerClient', sourceIp, deps.clock);
  // Limit per address silently: the answer must be the same whether or not the account exists.
  // Only the limit is silent: a failing table must surface as an error, not as a mail never sent.
  try {
    await hitLimit('recoveryMailPerAddress', email, deps.clock);
  } catch (err) {
    if (err instanceof AppError && err.code === 'TOO_MANY_REQUESTS') return;
    throw err;
  }
  const user = await deps.identity.getUser(email);
  if (user?.status !== 'CONFIRMED') return;
  const token = await issueLink(deps, 'recovery', user);
  const url = `${required('APP_URL')}/reset-password#access_token=${token}&type=recovery`;
  await deps.mailer.send(passwordResetMail(email, user.firstName, url));
  logger.info('recovery link sent');
}

export async function checkResetToken(
  tokenValue: string,
  deps: AuthDeps = defaults,
): Promise<{ email: string }> {
  const link = await findLinkToken(sha256(tokenValue), 'recovery', epochSeconds(deps.clock.now()));
  if (!link) throw invalidRecovery();
  return { email: link.email };
}

export async function resetPassword(
  tokenValue: string,
  password: string,
  deps: AuthDeps = defaults,
): Promise<void> {
  const hash = sha256(tokenValue);
  const now = epochSeconds(deps.clock.now());
  const link = await findLinkToken(hash, 'recovery', now);
  if (!link) throw invalidRecovery();
  // Consume before changing the password so one link can never set two passwords.
  if (!(await consumeLinkToken(hash, 'recovery', now))) throw invalidRecovery();
  try {
    await deps.identity.setPassword(link.email, password);
  } catch (err) {
    // Give the link back so a transient failure does not burn it.
    await putLinkToken(link).catch(() => undefined);
    if (err instanceof InvalidPasswordError) throw weakPassword();
    throw err;
  }
  logger.info('password reset');
}
