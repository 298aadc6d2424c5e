import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Organization } from '../../shared/contract/organizations.js';
import { type RouteDef, type RouteId, routeList } from '../../shared/contract/routes.js';
import { organizationsEs } from '../../shared/messages/organizations.es.js';
import { api, newConfirmedUser, signIn, type TestUser } from '../support/client.js';
import { inOrganization, newOrganization } from '../support/organizations.js';
import { routePath, sampleBody } from '../support/route-paths.js';
import { ownershipCases } from './ownership-cases.js';

/**
 * Generated from the route table: every non-public route refuses a missing, malformed, forged or
 * wrong-kind token with API Gateway's 401, admin routes refuse a customer's token with 403, and
 * every protected route has an ownership case (another user's token never reaches the owner's data),
 * and every route that acts on the work context refuses an organisation the caller is not in.
 * What each kind of caller (by organisation role, notary, platform admin) gets from every route
 * with real data: authorization-matrix.test.ts.
 */
const stack = inject('stack');
const call = api(stack);
const protectedRoutes = routeList.filter((r) => r.auth !== 'public');

const send = (r: RouteDef, token?: string) =>
  call(r.method, routePath(r), { token, body: sampleBody(r) });

/** Flips one character of the signature: same header and claims, invalid signature. */
const forge = (jwt: string) => {
  const [h, p, s] = jwt.split('.') as [string, string, string];
  const flipped = `${s.slice(0, -2)}${s.at(-2) === 'A' ? 'B' : 'A'}${s.at(-1)}`;
  return `${h}.${p}.${flipped}`;
};
/** Same signature, claims changed to another subject: must not verify. */
const swapSubject = (jwt: string) => {
  const [h, p, s] = jwt.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
  claims.sub = '00000000-0000-0000-0000-000000000000';
  claims['cognito:groups'] = ['admin'];
  return `${h}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${s}`;
};

let owner: TestUser;
/** An organisation `owner` is not a member of. */
let foreignOrg: Organization;

beforeAll(async () => {
  owner = await newConfirmedUser(stack, 'Duena');
  foreignOrg = (await newOrganization(stack)).org;
});

describe.each(protectedRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))(
  '%s',
  (_name, route) => {
    it('answers 401 without a token', async () => {
      const res = await send(route);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Unauthorized' });
    });

    it('answers 401 to malformed, forged, tampered and ID tokens', async () => {
      for (const token of [
        'garbage',
        'a.b.c',
        forge(owner.accessToken),
        swapSubject(owner.accessToken),
        owner.idToken,
      ]) {
        expect((await send(route, token)).status).toBe(401);
      }
    });

    if (route.auth === 'admin') {
      it("answers 403 to a customer's valid token", async () => {
        expect((await send(route, owner.accessToken)).status).toBe(403);
      });
    }

    if (route.workContext) {
      it('refuses to act in an organisation the caller is not a member of', async () => {
        const res = await call<{ error: { message: string } }>(route.method, routePath(route), {
          token: owner.accessToken,
          body: sampleBody(route),
          headers: inOrganization(foreignOrg.id),
        });
        expect(res.status).toBe(403);
        expect(res.body.error.message).toBe(organizationsEs.notAMember);
      });
    }

    it("keeps another user's token away from the owner's data", async () => {
      const check = ownershipCases[route.id as RouteId];
      expect(check, `add an ownership case for ${route.id} in ownership-cases.ts`).toBeDefined();
      // A fresh pair per route: a case may spend, grant or rename, and no case may depend on
      // what the cases before it left in a shared user's wallet or profile.
      const [caseOwner, caseOther] = await Promise.all([
        newConfirmedUser(stack, 'Duena'),
        newConfirmedUser(stack, 'Otro'),
      ]);
      await check?.({ stack, owner: caseOwner, other: caseOther });
    });
  },
);

describe('admin token', () => {
  it('carries the admin group through the authorizer to the handler', async () => {
    const admin = stack.demoAccounts.find((a) => a.key === 'admin');
    if (!admin) throw new Error('no demo admin');
    const tokens = await signIn(stack, admin.email, admin.password);
    const me = await call('GET', '/api/me', { token: tokens.accessToken });
    expect(me.body).toMatchObject({ role: 'admin' });
  });
});
