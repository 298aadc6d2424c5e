import { describe, expect, inject, it } from 'vitest';
import { api, cognitoCall, newConfirmedUser } from '../support/client.js';

const stack = inject('stack');
const call = api(stack);

describe('local gateway', () => {
  it('serves the runtime config the SPA needs, with no secret in it', async () => {
    const res = await call<Record<string, unknown>>('GET', '/config.json');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      mode: 'local',
      cognito: {
        userPoolId: stack.userPoolId,
        userPoolClientId: stack.userPoolClientId,
        endpoint: '/cognito',
      },
    });
    expect(JSON.stringify(res.body)).not.toContain(stack.maintenanceCode);
  });

  it("answers Amplify's GetTokensFromRefreshToken through cognito-local", async () => {
    const user = await newConfirmedUser(stack, 'Refresco');
    const res = await cognitoCall(stack, 'GetTokensFromRefreshToken', {
      RefreshToken: user.refreshToken,
      ClientId: stack.userPoolClientId,
    });
    expect(res.status).toBe(200);
    const result = res.body.AuthenticationResult as Record<string, string>;
    expect(result.RefreshToken).toBe(user.refreshToken);
    const me = await call('GET', '/api/me', { token: result.AccessToken });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: user.email });
  });

  it('refuses a refresh with a made-up token', async () => {
    const res = await cognitoCall(stack, 'GetTokensFromRefreshToken', {
      RefreshToken: 'not-a-token',
      ClientId: stack.userPoolClientId,
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
  });
});
