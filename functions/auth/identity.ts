import { cognito } from '../platform/cognito.js';
import { required } from '../platform/config.js';

/**
 * The identity provider port (Cognito). Cognito sends no mail of its own: the pool verifies
 * nothing automatically and our API e-mails its own links, then confirms or resets here.
 */
export interface IdentityUser {
  sub: string;
  email: string;
  status: string;
  firstName: string;
  lastName: string;
}

const errName = (err: unknown) => (err as { name?: string })?.name ?? '';

export class UsernameExistsError extends Error {}
export class InvalidPasswordError extends Error {}

export const identity = {
  async signUp(p: { email: string; password: string; firstName: string; lastName: string }) {
    const { sdk, client } = await cognito();
    try {
      const res = await client.send(
        new sdk.SignUpCommand({
          ClientId: required('USER_POOL_CLIENT_ID'),
          Username: p.email,
          Password: p.password,
          UserAttributes: [
            { Name: 'email', Value: p.email },
            { Name: 'given_name', Value: p.firstName },
            { Name: 'family_name', Value: p.lastName },
          ],
        }),
      );
      return { sub: res.UserSub ?? '' };
    } catch (err) {
      if (errName(err) === 'UsernameExistsException') throw new UsernameExistsError();
      if (errName(err) === 'InvalidPasswordException') throw new InvalidPasswordError();
      throw err;
    }
  },

  async getUser(email: string): Promise<IdentityUser | undefined> {
    const { sdk, client } = await cognito();
    try {
      const res = await client.send(
        new sdk.AdminGetUserCommand({ UserPoolId: required('USER_POOL_ID'), Username: email }),
      );
      const attr = (n: string) => res.UserAttributes?.find((a) => a.Name === n)?.Value ?? '';
      return {
        sub: attr('sub') || (res.Username ?? ''),
        email: attr('email') || email,
        status: res.UserStatus ?? 'UNKNOWN',
        firstName: attr('given_name'),
        lastName: attr('family_name'),
      };
    } catch (err) {
      if (errName(err) === 'UserNotFoundException') return undefined;
      throw err;
    }
  },

  async deleteUser(email: string): Promise<void> {
    const { sdk, client } = await cognito();
    await client.send(
      new sdk.AdminDeleteUserCommand({ UserPoolId: required('USER_POOL_ID'), Username: email }),
    );
  },

  /** Confirms the account and marks the e-mail verified; confirming twice is not an error. */
  async confirm(email: string): Promise<void> {
    const { sdk, client } = await cognito();
    try {
      await client.send(
        new sdk.AdminConfirmSignUpCommand({
          UserPoolId: required('USER_POOL_ID'),
          Username: email,
        }),
      );
    } catch (err) {
      // Cognito answers NotAuthorizedException when the user is already CONFIRMED.
      if (errName(err) !== 'NotAuthorizedException') throw err;
    }
    await client.send(
      new sdk.AdminUpdateUserAttributesCommand({
        UserPoolId: required('USER_POOL_ID'),
        Username: email,
        // Cognito (and cognito-local) want the address itself next to its verified flag.
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
  },

  async setPassword(email: string, password: string): Promise<void> {
    const { sdk, client } = await cognito();
    try {
      await client.send(
        new sdk.AdminSetUserPasswordCommand({
          UserPoolId: required('USER_POOL_ID'),
          Username: email,
          Password: password,
          Permanent: true,
        }),
      );
    } catch (err) {
      if (errName(err) === 'InvalidPasswordException') throw new InvalidPasswordError();
      throw err;
    }
  },
};

export type Identity = typeof identity;
