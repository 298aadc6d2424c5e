import {
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { cognitoClient } from '../../local/setup.js';
import { es } from '../../shared/messages.es.js';
import {
  api,
  appLink,
  cognitoCall,
  freshIp,
  mailsTo,
  newConfirmedUser,
  signIn,
  uniqueEmail,
  waitForMail,
} from '../support/client.js';

/**
 * Account takeover attempts against the local stack (issue 10, item 2): each one must fail the
 * way it fails in AWS, and the victim must keep full use of their address.
 */
const stack = inject('stack');
const call = api(stack);
const cognito = cognitoClient(stack.endpoints.cognito);
afterAll(() => cognito.destroy());

const signUpBody = (email: string, password: string, firstName = 'Ana') => ({
  firstName,
  lastName: 'Pérez',
  email,
  password,
  confirmPassword: password,
  acceptTerms: true,
});

const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;

const confirmToken = async (email: string, nth = 1) =>
  appLink(stack, await waitForMail(stack, email, nth)).searchParams.get('token_hash') as string;

const confirm = (token: string) =>
  call('POST', '/api/auth/confirm', { body: { token_hash: token, type: 'email' } });

const refresh = (refreshToken: string) =>
  cognitoCall(stack, 'GetTokensFromRefreshToken', {
    ClientId: stack.userPoolClientId,
    RefreshToken: refreshToken,
  });

async function resetPasswordByMail(email: string, password: string, nthMail: number) {
  const ask = await call('POST', '/api/auth/password-recovery', { body: { email }, ip: freshIp() });
  expect(ask.status).toBe(200);
  const link = appLink(stack, await waitForMail(stack, email, nthMail));
  const token = new URLSearchParams(link.hash.slice(1)).get('access_token');
  const res = await call('POST', '/api/auth/password-reset', {
    body: { access_token: token, type: 'recovery', password, confirmPassword: password },
  });
  expect(res.status).toBe(200);
}

/** Follows the n-th mail to `email`, a recovery link, and sets `password` with it. */
async function chooseFromRecoveryMail(email: string, password: string, nthMail: number) {
  const link = appLink(stack, await waitForMail(stack, email, nthMail));
  expect(link.pathname).toBe('/reset-password');
  const token = new URLSearchParams(link.hash.slice(1)).get('access_token');
  const res = await call('POST', '/api/auth/password-reset', {
    body: { access_token: token, type: 'recovery', password, confirmPassword: password },
  });
  expect(res.status).toBe(200);
}

describe('the e-mail cannot be rewritten by its user', () => {
  it("refuses UpdateUserAttributes with the user's own token; the victim still signs up and resets", async () => {
    const attacker = await newConfirmedUser(stack, 'Atacante');
    const victim = uniqueEmail('victima');

    for (const attributes of [
      [{ Name: 'email', Value: victim }],
      [
        { Name: 'email', Value: victim },
        { Name: 'email_verified', Value: 'true' },
      ],
      [{ Name: 'given_name', Value: 'Otra' }],
    ]) {
      const res = await cognitoCall(stack, 'UpdateUserAttributes', {
        AccessToken: attacker.accessToken,
        UserAttributes: attributes,
      });
      expect(res.status).toBe(400);
      expect(res.body.__type).toBe('NotAuthorizedException');
    }
    const stored = await cognito.send(
      new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: attacker.email }),
    );
    expect(stored.UserAttributes?.find((a) => a.Name === 'email')?.Value).toBe(attacker.email);
    await expect(
      cognito.send(new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: victim })),
    ).rejects.toMatchObject({ name: 'UserNotFoundException' });

    // Nor can Cognito's own sign-up or recovery be called around our API.
    for (const [operation, payload] of [
      [
        'SignUp',
        {
          ClientId: stack.userPoolClientId,
          Username: victim,
          Password: 'clave-atacante',
          UserAttributes: [{ Name: 'email', Value: victim }],
        },
      ],
      ['ForgotPassword', { ClientId: stack.userPoolClientId, Username: attacker.email }],
    ] as const) {
      const res = await cognitoCall(stack, operation, payload);
      expect(res.status).toBe(400);
      expect(res.body.__type).toBe('NotAuthorizedException');
    }

    // The victim's address is still theirs: sign-up, confirmation, recovery all work.
    const signUp = await call('POST', '/api/auth/signup', {
      body: signUpBody(victim, 'clave-victima'),
      ip: freshIp(),
    });
    expect(signUp.status).toBe(200);
    expect((await confirm(await confirmToken(victim))).status).toBe(200);
    await resetPasswordByMail(victim, 'clave-nueva-victima', 2);
    await expect(signIn(stack, victim, 'clave-nueva-victima')).resolves.toHaveProperty(
      'accessToken',
    );
    expect(await mailsTo(stack, attacker.email)).toHaveLength(1); // only its own confirmation
  });
});

describe('a pending sign-up cannot be taken over', () => {
  it('attacker first, victim later: the attacker never gets in, the victim owns the account', async () => {
    const address = uniqueEmail('pendiente');
    const first = await call('POST', '/api/auth/signup', {
      body: signUpBody(address, 'clave-atacante', 'Atacante'),
      ip: freshIp(),
    });
    expect(first.status).toBe(200);
    const attackerLink = await confirmToken(address, 1);
    // A pending account is disabled: its password opens nothing.
    await expect(signIn(stack, address, 'clave-atacante')).rejects.toMatchObject({
      code: 'NotAuthorizedException',
    });

    const second = await call('POST', '/api/auth/signup', {
      body: signUpBody(address, 'clave-victima', 'Víctima'),
      ip: freshIp(),
    });
    expect(second.status).toBe(200);
    const victimLink = await confirmToken(address, 2);

    // The first sign-up's link died with its account.
    const stale = await confirm(attackerLink);
    expect(stale.status).toBe(400);
    expect(stale.body).toMatchObject({ error: { message: es.auth.confirmInvalidLink } });

    // Two sign-ups with two passwords: the account is confirmed with neither, and the inbox's
    // owner chooses the password through the recovery link mailed at once.
    const confirmed = await confirm(victimLink);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ ok: true, choosePassword: true });
    for (const password of ['clave-atacante', 'clave-victima']) {
      await expect(signIn(stack, address, password)).rejects.toMatchObject({
        code: 'NotAuthorizedException',
      });
    }
    await chooseFromRecoveryMail(address, 'clave-elegida', 3);
    await expect(signIn(stack, address, 'clave-atacante')).rejects.toThrow();
    const victim = await signIn(stack, address, 'clave-elegida');
    const me = await call('GET', '/api/me', { token: victim.accessToken });
    expect(me.body).toMatchObject({ email: address, first_name: 'Víctima' });
  });

  it("victim first, attacker later: following the attacker's mail gives the attacker nothing", async () => {
    const address = uniqueEmail('segundo');
    await call('POST', '/api/auth/signup', {
      body: signUpBody(address, 'clave-victima', 'Víctima'),
      ip: freshIp(),
    });
    const victimLink = await confirmToken(address, 1);
    await call('POST', '/api/auth/signup', {
      body: signUpBody(address, 'clave-atacante', 'Atacante'),
      ip: freshIp(),
    });
    const attackerLink = await confirmToken(address, 2);
    expect((await confirm(victimLink)).status).toBe(400);

    // The victim, who reads the inbox, follows the newest mail: the attacker's sign-up.
    const confirmed = await confirm(attackerLink);
    expect(confirmed.body).toEqual({ ok: true, choosePassword: true });
    await expect(signIn(stack, address, 'clave-atacante')).rejects.toMatchObject({
      code: 'NotAuthorizedException',
    });
    await chooseFromRecoveryMail(address, 'clave-de-la-victima', 3);
    await expect(signIn(stack, address, 'clave-atacante')).rejects.toThrow();
    await expect(signIn(stack, address, 'clave-de-la-victima')).resolves.toHaveProperty(
      'accessToken',
    );
  });

  it('a person who signs up twice with the same password keeps it', async () => {
    const address = uniqueEmail('repite');
    for (let i = 0; i < 2; i++) {
      const res = await call('POST', '/api/auth/signup', {
        body: signUpBody(address, 'misma-clave'),
        ip: freshIp(),
      });
      expect(res.status).toBe(200);
    }
    const confirmed = await confirm(await confirmToken(address, 2));
    expect(confirmed.body).toEqual({ ok: true, choosePassword: false });
    await expect(signIn(stack, address, 'misma-clave')).resolves.toHaveProperty('accessToken');
    expect(await mailsTo(stack, address)).toHaveLength(2);
  });

  it('many sign-ups for one address at once: no errors, one account, one working link', async () => {
    const address = uniqueEmail('carrera');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call('POST', '/api/auth/signup', {
          body: signUpBody(address, `clave-${i}-carrera`),
          ip: freshIp(),
        }),
      ),
    );
    for (const a of answers) expect([200, 409, 429]).toContain(a.status);
    const sent = await mailsTo(stack, address);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.length).toBeLessThanOrEqual(3);
    const results = [];
    for (const mail of sent) {
      const token = appLink(stack, mail).searchParams.get('token_hash') as string;
      results.push((await confirm(token)).status);
    }
    expect(results.filter((s) => s === 200)).toHaveLength(1);
  });

  it('refuses a sign-up for a confirmed address and leaves its password alone', async () => {
    const owner = await newConfirmedUser(stack, 'Dueña');
    const res = await call('POST', '/api/auth/signup', {
      body: signUpBody(owner.email, 'clave-intrusa'),
      ip: freshIp(),
    });
    expect(res.status).toBe(409);
    await expect(signIn(stack, owner.email, owner.password)).resolves.toHaveProperty('accessToken');
    await expect(signIn(stack, owner.email, 'clave-intrusa')).rejects.toThrow();
  });
});

describe('a reset or a password change signs out everywhere', () => {
  it('after a reset, refresh tokens from before no longer refresh; a new sign-in does', async () => {
    const user = await newConfirmedUser(stack, 'Sesiones');
    const other = await signIn(stack, user.email, user.password);
    expect((await refresh(user.refreshToken)).status).toBe(200);

    await resetPasswordByMail(user.email, 'clave-tras-reset', 2);

    for (const token of [user.refreshToken, other.refreshToken]) {
      const res = await refresh(token);
      expect(res.status).toBe(400);
      expect(res.body.__type).toBe('NotAuthorizedException');
      // Amplify's other refresh path too.
      const viaInitiate = await cognitoCall(stack, 'InitiateAuth', {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: stack.userPoolClientId,
        AuthParameters: { REFRESH_TOKEN: token },
      });
      expect(viaInitiate.status).toBe(400);
    }
    await expect(signIn(stack, user.email, user.password)).rejects.toThrow();
    const fresh = await signIn(stack, user.email, 'clave-tras-reset');
    expect((await refresh(fresh.refreshToken)).status).toBe(200);
  });

  it('a password change checks the current password, then ends every session', async () => {
    const user = await newConfirmedUser(stack, 'Cambio');
    const laptop = await signIn(stack, user.email, user.password);

    const wrong = await call('POST', '/api/auth/password-change', {
      token: user.accessToken,
      body: { currentPassword: 'no-es-la-clave', newPassword: 'clave-cambiada' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      error: { fields: { currentPassword: es.auth.wrongCurrentPassword } },
    });
    expect((await refresh(laptop.refreshToken)).status).toBe(200);

    const short = await call('POST', '/api/auth/password-change', {
      token: user.accessToken,
      body: { currentPassword: user.password, newPassword: '123' },
    });
    expect(short.status).toBe(400);

    const anonymous = await call('POST', '/api/auth/password-change', {
      body: { currentPassword: user.password, newPassword: 'clave-cambiada' },
    });
    expect(anonymous.status).toBe(401);

    const ok = await call('POST', '/api/auth/password-change', {
      token: user.accessToken,
      body: { currentPassword: user.password, newPassword: 'clave-cambiada' },
    });
    expect(ok.status).toBe(200);
    for (const token of [user.refreshToken, laptop.refreshToken]) {
      expect((await refresh(token)).status).toBe(400);
    }
    await expect(signIn(stack, user.email, user.password)).rejects.toThrow();
    const fresh = await signIn(stack, user.email, 'clave-cambiada');
    expect((await refresh(fresh.refreshToken)).status).toBe(200);
  });

  it('limits password-change attempts per user with a Spanish 429', async () => {
    const user = await newConfirmedUser(stack, 'Adivina');
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        call('POST', '/api/auth/password-change', {
          token: user.accessToken,
          body: { currentPassword: 'adivinanza', newPassword: 'clave-cambiada' },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 400)).toHaveLength(10);
    const limited = answers.filter((a) => a.status === 429);
    expect(limited).toHaveLength(2);
    expect(limited[0]?.body).toMatchObject({ error: { message: es.auth.passwordChangeTooMany } });
  });
});

describe('the /cognito door', () => {
  it('forwards only what the SPA uses and refuses the rest in Cognito’s error shape', async () => {
    const user = await newConfirmedUser(stack, 'Puerta');
    const pool = stack.userPoolId;
    const refused: [string, Record<string, unknown>][] = [
      ['AdminGetUser', { UserPoolId: pool, Username: user.email }],
      ['AdminAddUserToGroup', { UserPoolId: pool, Username: user.email, GroupName: 'admin' }],
      ['AdminCreateUser', { UserPoolId: pool, Username: uniqueEmail('creado') }],
      ['AdminSetUserPassword', { UserPoolId: pool, Username: user.email, Password: 'x123456' }],
      ['AdminConfirmSignUp', { UserPoolId: pool, Username: user.email }],
      ['AdminDeleteUser', { UserPoolId: pool, Username: user.email }],
      ['AdminUserGlobalSignOut', { UserPoolId: pool, Username: user.email }],
      ['ListUsers', { UserPoolId: pool }],
      ['ListUserPoolClients', { UserPoolId: pool, MaxResults: 10 }],
      ['CreateGroup', { UserPoolId: pool, GroupName: 'x' }],
      ['ConfirmSignUp', { ClientId: stack.userPoolClientId, Username: user.email }],
      ['ChangePassword', { AccessToken: user.accessToken, PreviousPassword: user.password }],
      ['GetUser', { AccessToken: user.accessToken }],
      ['DeleteUser', { AccessToken: user.accessToken }],
      ['GlobalSignOut', { AccessToken: user.accessToken }],
      ['', {}],
    ];
    for (const [operation, payload] of refused) {
      const res = await cognitoCall(stack, operation, payload);
      expect(res.status, operation).toBe(400);
      expect(res.body.__type, operation).toBe('NotAuthorizedException');
      expect(typeof res.body.message).toBe('string');
    }
    for (const flow of ['ADMIN_USER_PASSWORD_AUTH', 'CUSTOM_AUTH', 'USER_SRP_AUTH']) {
      const res = await cognitoCall(stack, 'InitiateAuth', {
        AuthFlow: flow,
        ClientId: stack.userPoolClientId,
        AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
      });
      expect(res.status, flow).toBe(400);
    }
    // Nothing happened behind the refusals: still no admin, still the same password.
    const groups = await cognito.send(
      new AdminListGroupsForUserCommand({ UserPoolId: pool, Username: user.email }),
    );
    expect(groups.Groups ?? []).toEqual([]);
    const tokens = await signIn(stack, user.email, user.password);
    expect(claimsOf(tokens.accessToken)['cognito:groups']).toBeUndefined();

    // What the SPA does use still works: sign-in, refresh, sign-out.
    expect((await refresh(tokens.refreshToken)).status).toBe(200);
    const revoke = await cognitoCall(stack, 'RevokeToken', {
      ClientId: stack.userPoolClientId,
      Token: tokens.refreshToken,
    });
    expect(revoke.status).toBe(200);
    expect((await refresh(tokens.refreshToken)).status).toBe(400);
  });

  it("issues tokens with the stack's lifetimes: 1 h access and ID tokens, 30-day refresh", async () => {
    const user = await newConfirmedUser(stack, 'Vida');
    for (const jwt of [user.accessToken, user.idToken]) {
      const { exp, iat } = claimsOf(jwt) as { exp: number; iat: number };
      expect(exp - iat).toBe(3600);
    }
    const refreshClaims = claimsOf(user.refreshToken) as { exp: number; iat: number };
    expect(refreshClaims.exp - refreshClaims.iat).toBe(30 * 86_400);
    const refreshed = (await refresh(user.refreshToken)).body.AuthenticationResult as {
      AccessToken: string;
    };
    const { exp, iat } = claimsOf(refreshed.AccessToken) as { exp: number; iat: number };
    expect(exp - iat).toBe(3600);
  });
});
