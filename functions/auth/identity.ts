import { cognito } from '../platform/cognito.js';
import { required } from '../platform/config.js';
import { randomToken } from '../platform/secrets.js';

/**
 * The identity provider port (Cognito). Cognito sends no mail of its own and nobody may call its
 * SignUp: our API creates accounts with the Admin* APIs, e-mails its own links, then enables or
 * resets here. Every call after creation names the account by its `sub`, never by the e-mail:
 * a link can only ever act on the account it was issued for.
 *
 * Account states:
 * - pending: created by a sign-up, disabled and with `email_verified` false. A disabled account
 *   cannot sign in or refresh; a new sign-up for the address deletes it (and so kills its links).
 * - active: enabled and verified, after the confirmation link was followed.
 */
export interface IdentityUser {
  sub: string;
  email: string;
  status: string;
  enabled: boolean;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

const errName = (err: unknown) => (err as { name?: string })?.name ?? '';

export class UsernameExistsError extends Error {}
export class InvalidPasswordError extends Error {}

/** A sign-up that was never confirmed (accounts of the old SignUp flow are UNCONFIRMED). */
export const isPending = (u: IdentityUser) =>
  u.status === 'UNCONFIRMED' || (!u.enabled && !u.emailVerified);

/** An account that may sign in and be recovered. */
export const isActive = (u: IdentityUser) => u.enabled && u.status === 'CONFIRMED';

const poolId = () => required('USER_POOL_ID');

async function setPassword(sub: string, password: string): Promise<void> {
  const { sdk, client } = await cognito();
  try {
    await client.send(
      new sdk.AdminSetUserPasswordCommand({
        UserPoolId: poolId(),
        Username: sub,
        Password: password,
        Permanent: true,
      }),
    );
  } catch (err) {
    if (errName(err) === 'InvalidPasswordException') throw new InvalidPasswordError();
    throw err;
  }
}

export const identity = {
  /**
   * Creates a pending account with the chosen password. Order matters: the account is created
   * with a random temporary password nobody knows, disabled, and only then given the chosen
   * password, so there is no moment at which it could be signed into.
   */
  async createPending(p: {
    email: string;
    password: string;
    firstName: string;
    lastName: string;
  }): Promise<{ sub: string }> {
    const { sdk, client } = await cognito();
    let sub: string;
    try {
      const res = await client.send(
        new sdk.AdminCreateUserCommand({
          UserPoolId: poolId(),
          Username: p.email,
          MessageAction: 'SUPPRESS',
          TemporaryPassword: `${randomToken()}aA1!`,
          UserAttributes: [
            { Name: 'email', Value: p.email },
            { Name: 'email_verified', Value: 'false' },
            { Name: 'given_name', Value: p.firstName },
            { Name: 'family_name', Value: p.lastName },
          ],
        }),
      );
      sub = res.User?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? res.User?.Username ?? '';
    } catch (err) {
      if (errName(err) === 'UsernameExistsException') throw new UsernameExistsError();
      throw err;
    }
    try {
      await client.send(new sdk.AdminDisableUserCommand({ UserPoolId: poolId(), Username: sub }));
      await setPassword(sub, p.password);
    } catch (err) {
      // A concurrent sign-up for the address deleted this account first: it holds the address.
      if (errName(err) === 'UserNotFoundException') throw new UsernameExistsError();
      await identity.deleteUser(sub).catch(() => undefined);
      throw err;
    }
    return { sub };
  },

  /** The account by e-mail or by sub; undefined when there is none. */
  async getUser(emailOrSub: string): Promise<IdentityUser | undefined> {
    const { sdk, client } = await cognito();
    try {
      const res = await client.send(
        new sdk.AdminGetUserCommand({ UserPoolId: poolId(), Username: emailOrSub }),
      );
      const attr = (n: string) => res.UserAttributes?.find((a) => a.Name === n)?.Value ?? '';
      return {
        sub: attr('sub') || (res.Username ?? ''),
        email: attr('email'),
        status: res.UserStatus ?? 'UNKNOWN',
        enabled: res.Enabled !== false,
        emailVerified: attr('email_verified') === 'true',
        firstName: attr('given_name'),
        lastName: attr('family_name'),
      };
    } catch (err) {
      if (errName(err) === 'UserNotFoundException') return undefined;
      throw err;
    }
  },

  async deleteUser(sub: string): Promise<void> {
    const { sdk, client } = await cognito();
    try {
      await client.send(new sdk.AdminDeleteUserCommand({ UserPoolId: poolId(), Username: sub }));
    } catch (err) {
      if (errName(err) !== 'UserNotFoundException') throw err;
    }
  },

  /** Disables the account: it can no longer sign in or refresh (a missing one is not an error). */
  async disable(sub: string): Promise<void> {
    const { sdk, client } = await cognito();
    try {
      await client.send(new sdk.AdminDisableUserCommand({ UserPoolId: poolId(), Username: sub }));
    } catch (err) {
      if (errName(err) !== 'UserNotFoundException') throw err;
    }
  },

  /** Marks the e-mail verified and enables the account; doing it twice is not an error. */
  async activate(user: IdentityUser): Promise<void> {
    const { sdk, client } = await cognito();
    if (user.status === 'UNCONFIRMED') {
      try {
        await client.send(
          new sdk.AdminConfirmSignUpCommand({ UserPoolId: poolId(), Username: user.sub }),
        );
      } catch (err) {
        // Cognito answers NotAuthorizedException when the user is already CONFIRMED.
        if (errName(err) !== 'NotAuthorizedException') throw err;
      }
    }
    await client.send(
      new sdk.AdminUpdateUserAttributesCommand({
        UserPoolId: poolId(),
        Username: user.sub,
        // Cognito (and cognito-local) want the address itself next to its verified flag; it is
        // the account's own, unchanged address.
        UserAttributes: [
          { Name: 'email', Value: user.email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    await client.send(new sdk.AdminEnableUserCommand({ UserPoolId: poolId(), Username: user.sub }));
  },

  setPassword,

  /** True when `password` is the account's current one (a sign-in whose tokens are dropped). */
  async checkPassword(email: string, password: string): Promise<boolean> {
    const { sdk, client } = await cognito();
    try {
      await client.send(
        new sdk.InitiateAuthCommand({
          ClientId: required('USER_POOL_CLIENT_ID'),
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD: password },
        }),
      );
      return true;
    } catch (err) {
      const name = errName(err);
      // cognito-local names a wrong password InvalidPasswordException; Cognito NotAuthorized.
      if (name === 'NotAuthorizedException' || name === 'InvalidPasswordException') return false;
      if (name === 'UserNotFoundException') return false;
      throw err;
    }
  },

  /** Revokes every refresh token of the account: all its sessions end at their next refresh. */
  async signOutEverywhere(sub: string): Promise<void> {
    const { sdk, client } = await cognito();
    await client.send(
      new sdk.AdminUserGlobalSignOutCommand({ UserPoolId: poolId(), Username: sub }),
    );
  },
};

export type Identity = typeof identity;
