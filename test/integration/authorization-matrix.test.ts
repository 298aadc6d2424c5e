import { beforeAll, describe, expect, inject, it } from 'vitest';
import { type RouteDef, type RouteId, routeList } from '../../shared/contract/routes.js';
import { adminOf } from '../support/admin.js';
import {
  authorizationMatrix,
  type Expectation,
  type MatrixFixture,
  PRINCIPAL_CONTEXT,
  PRINCIPALS,
  type Principal,
  pathParams,
} from '../support/authorization-matrix.js';
import { api, freshIp, newConfirmedUser, type TestUser } from '../support/client.js';
import { subOf } from '../support/ledger.js';
import {
  notaryApi,
  notaryOffering,
  notaryWithAssignment,
  uniqueService,
} from '../support/notary.js';
import { checkoutApi, completeRequest } from '../support/orders.js';
import { addMemberTo, inOrganization, newOrganization } from '../support/organizations.js';
import { routePath, sampleBody } from '../support/route-paths.js';

/**
 * Generated from the route table and test/support/authorization-matrix.ts: every route called
 * by every kind of caller (anonymous, a customer, a member of another organisation, A's member,
 * admin and owner, a notary of another notary organisation in its own context and naming this
 * one, the platform admin) with the fixture's real ids. Never a 5xx; a refusal is the declared
 * status and shows none of the fixture's ids; an allowed call is not refused with 401/403.
 * authorization.test.ts keeps the token checks and the ownership cases.
 */
const stack = inject('stack');
const call = api(stack);
/** Calls of one principal in flight at once. */
const CONCURRENCY = 8;

let fixture: MatrixFixture;
/**
 * Ids and texts of the fixture's data, by who may read them: company A's (its id, its people),
 * the order A's owner placed (A's admins and owners), notary N's (nobody among the callers).
 */
let secrets: { company: string[]; order: string[]; notary: string[] };
let callers: Record<Principal, { token?: string; headers: Record<string, string> }>;

beforeAll(async () => {
  const companyA = (async () => {
    const { owner, org } = await newOrganization(stack, 2000);
    const [admin, member, coOwner] = await Promise.all([
      newConfirmedUser(stack, 'Admin'),
      newConfirmedUser(stack, 'Miembro'),
      newConfirmedUser(stack, 'Copropietaria'),
    ]);
    await addMemberTo(stack, org, admin, 'admin');
    await addMemberTo(stack, org, member, 'member');
    await addMemberTo(stack, org, coOwner, 'owner');
    const req = await completeRequest(stack, owner);
    const paid = await checkoutApi(stack, inOrganization(org.id)).payCredits(owner, req.id);
    if (paid.status !== 200) throw new Error(`order: ${paid.status} ${JSON.stringify(paid.body)}`);
    return { owner, admin, member, coOwner, org, order: paid.body.order };
  })();
  const notaryN = (async () => {
    const n = await notaryWithAssignment(stack);
    const side = notaryApi(stack, n.user, n.org.id);
    expect((await side.action('take_document', n.assignmentId)).status).toBe(200);
    expect((await side.write(n.assignmentId, 'Mensaje privado de la notaría')).status).toBe(200);
    const started = await side.startNotarizedUpload(n.assignmentId, {
      file_name: 'notarizado.pdf',
      size: 1000,
    });
    if (started.status !== 201) throw new Error(`upload: ${started.status}`);
    return { ...n, uploadId: started.body.upload_id };
  })();
  const [a, n, companyB, notaryN2, customer, admin] = await Promise.all([
    companyA,
    notaryN,
    newOrganization(stack),
    notaryOffering(stack, uniqueService()),
    newConfirmedUser(stack, 'Cliente'),
    adminOf(stack),
  ]);
  const signerId = a.order.signers[0]?.id;
  if (!signerId) throw new Error('order without signers');
  fixture = {
    orgId: a.org.id,
    coOwnerSub: subOf(a.coOwner.accessToken),
    orderId: a.order.id,
    signerId,
    notaryOrgId: n.org.id,
    assignmentId: n.assignmentId,
    uploadId: n.uploadId,
  };
  const idsOf = (users: TestUser[]) => users.flatMap((u) => [subOf(u.accessToken), u.email]);
  secrets = {
    company: [a.org.id, ...idsOf([a.owner, a.admin, a.member, a.coOwner])],
    order: [a.order.id, signerId],
    notary: [
      n.org.id,
      n.assignmentId,
      n.uploadId,
      n.orderId,
      'Mensaje privado de la notaría',
      ...idsOf([n.user, n.customer]),
    ],
  };
  const headers: Record<(typeof PRINCIPAL_CONTEXT)[Principal], Record<string, string>> = {
    personal: {},
    A: inOrganization(a.org.id),
    B: inOrganization(companyB.org.id),
    N: inOrganization(n.org.id),
    N2: inOrganization(notaryN2.org.id),
  };
  const tokens: Record<Principal, TestUser | { accessToken: string } | undefined> = {
    anonymous: undefined,
    customer,
    otherOrgMember: companyB.owner,
    member: a.member,
    orgAdmin: a.admin,
    owner: a.owner,
    otherNotary: notaryN2.user,
    otherNotaryNamingThis: notaryN2.user,
    platformAdmin: admin,
  };
  callers = Object.fromEntries(
    PRINCIPALS.map((p) => [
      p,
      { token: tokens[p]?.accessToken, headers: headers[PRINCIPAL_CONTEXT[p]] },
    ]),
  ) as typeof callers;
}, 180_000);

/**
 * What a principal's allowed answer from `route` must not show: A's members see A, its admins
 * and owners also the owner's order, the platform admin everything on its own routes; nobody
 * else sees any of it. A refusal shows none of it, whoever calls.
 */
function hiddenFrom(p: Principal, route: RouteDef): string[] {
  const all = [...secrets.company, ...secrets.order, ...secrets.notary];
  if (p === 'platformAdmin' && route.auth === 'admin') return [];
  if (p === 'orgAdmin' || p === 'owner') return secrets.notary;
  if (p === 'member') {
    const exposed = (authorizationMatrix[route.id as RouteId].exposes?.member ?? []).map(
      (k) => fixture[k],
    );
    return [...secrets.order, ...secrets.notary].filter((s) => !exposed.includes(s));
  }
  return all;
}

/** What went wrong with one cell, or undefined when it answered as declared. */
async function check(p: Principal, route: RouteDef): Promise<string | undefined> {
  const row = authorizationMatrix[route.id as RouteId];
  const want: Expectation = row.expect[p];
  const { token, headers } = callers[p];
  const res = await call(
    route.method,
    `${routePath(route, pathParams(route, fixture))}${row.query ?? ''}`,
    { token, headers, ip: freshIp(), body: row.body ? row.body(fixture) : sampleBody(route) },
  );
  const text = JSON.stringify(res.body ?? '');
  const cell = `${route.method} ${route.path} as ${p}: ${res.status} ${text.slice(0, 200)}`;
  if (res.status >= 500) return `${cell} (a 5xx)`;
  if (want === 'ok') {
    if (res.status === 401 || res.status === 403) return `${cell} (refused, declared allowed)`;
  } else if (res.status !== want) {
    return `${cell} (declared ${want})`;
  }
  const hidden =
    want === 'ok'
      ? hiddenFrom(p, route)
      : [...secrets.company, ...secrets.order, ...secrets.notary];
  const leaked = hidden.filter((s) => text.includes(s));
  if (leaked.length > 0) return `${cell} (shows ${leaked.join(', ')})`;
  return undefined;
}

/** Runs `fn` over `items`, at most `n` at once. */
async function inPool<T>(items: readonly T[], n: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) await fn(items[next++] as T);
    }),
  );
}

it('classifies every route of the table, and only those', () => {
  const declared = Object.keys(authorizationMatrix);
  const missing = routeList.filter((r) => !declared.includes(r.id)).map((r) => r.id);
  expect(missing, 'add these routes to test/support/authorization-matrix.ts').toEqual([]);
  const ids = new Set(routeList.map((r) => r.id));
  expect(declared.filter((id) => !ids.has(id))).toEqual([]);
});

describe.each(PRINCIPALS)('as %s', (principal) => {
  it('every route answers as the matrix declares', async () => {
    const routes = routeList.filter((r) => authorizationMatrix[r.id as RouteId]);
    const lastOf = (r: RouteDef) => authorizationMatrix[r.id as RouteId].last;
    const failures: string[] = [];
    const record = async (r: RouteDef) => {
      const failure = await check(principal, r);
      if (failure) failures.push(failure);
    };
    await inPool(
      routes.filter((r) => lastOf(r) === undefined),
      CONCURRENCY,
      record,
    );
    // Cancelling, removing, leaving, deactivating: after the rest, one at a time, in order.
    const last = routes
      .filter((r) => lastOf(r) !== undefined)
      .sort((x, y) => (lastOf(x) ?? 0) - (lastOf(y) ?? 0));
    for (const r of last) await record(r);
    expect(failures).toEqual([]);
  }, 90_000);
});
