import { randomUUID } from 'node:crypto';
import type { RouteDef, RouteId } from '../../shared/contract/routes.js';
import { uniqueEmail } from './client.js';

/**
 * THE authorization matrix (issue 22): for every route of the table, what each kind of caller
 * must get when it reaches for the fixture's real data (test/integration/
 * authorization-matrix.test.ts builds the fixture and makes every call). A route missing here
 * fails that test: a new route cannot ship without saying who may call it.
 *
 * The fixture: company A (an owner, an admin, a member, and a second owner the management
 * routes aim at) with an order its owner placed in A's context; notary N with an assignment, a
 * chat message and a notarized upload started by its member; company B and notary N2 (the
 * strangers' own organisations); a plain customer; the demo platform admin.
 */
export const PRINCIPALS = [
  'anonymous',
  'customer',
  'otherOrgMember',
  'member',
  'orgAdmin',
  'owner',
  'otherNotary',
  'otherNotaryNamingThis',
  'platformAdmin',
] as const;
export type Principal = (typeof PRINCIPALS)[number];

/** The context header each principal sends on every call (absent is Personal). */
export const PRINCIPAL_CONTEXT: Record<Principal, 'personal' | 'A' | 'B' | 'N' | 'N2'> = {
  /** No token at all. */
  anonymous: 'personal',
  /** A signed-in customer of no organisation, in Personal. */
  customer: 'personal',
  /** The owner of company B, naming company A in the header. */
  otherOrgMember: 'A',
  /** A's members by role, in A's context. */
  member: 'A',
  orgAdmin: 'A',
  owner: 'A',
  /** The owner of notary N2 in its own context, reaching for N's assignment by its id. */
  otherNotary: 'N2',
  /** The same notary naming notary N in the header. */
  otherNotaryNamingThis: 'N',
  /** The demo admin (Cognito group `admin`), in Personal. */
  platformAdmin: 'personal',
};

/**
 * 'ok': authorization lets the call through: any answer but 401 and 403 (a 400, 404, 409 or 422
 * about the sample body or the data's state is fine). A number: the call is refused with
 * exactly that status and its body holds none of the fixture's ids.
 */
export type Expectation = 'ok' | 401 | 403 | 404;

/** The fixture's ids the calls are made with. */
export interface MatrixFixture {
  /** Company A. */
  orgId: string;
  /** The second owner of A: the target of the role change and the removal. */
  coOwnerSub: string;
  /** An order A's owner placed in A's context, and one of its signers. */
  orderId: string;
  signerId: string;
  /** Notary N, its assignment and the notarized upload its member started. */
  notaryOrgId: string;
  assignmentId: string;
  uploadId: string;
}

export interface MatrixRow {
  expect: Record<Principal, Expectation>;
  /**
   * The body to send (else {} on everything but a GET): one that passes validation where the
   * body is read before the check of who calls, so a refusal is about the caller.
   */
  body?: (f: MatrixFixture) => unknown;
  /**
   * Fixture ids the route's allowed answer shows a principal that may not read that data
   * through the data's own routes (each a finding, reported with the matrix): the test lets
   * exactly these through for that principal. Only `member` is checked this way.
   */
  exposes?: { member?: (keyof MatrixFixture)[] };
  /** Query string, with its '?'. */
  query?: string;
  /**
   * The call changes what the others read (a cancellation, a removal, leaving, deactivation):
   * it runs after the principal's other calls, one at a time, by this number.
   */
  last?: number;
}

/** The real ids a route's path params take; a param not named here gets a sample. */
export function pathParams(route: RouteDef, f: MatrixFixture): Record<string, string> {
  const p = route.path;
  if (p.startsWith('/api/admin/notaries/')) return { id: f.notaryOrgId };
  if (p.startsWith('/api/admin/organizations/') || p.startsWith('/api/organizations/')) {
    return { id: f.orgId, sub: f.coOwnerSub };
  }
  if (p.startsWith('/api/notary/assignments/')) return { id: f.assignmentId, uploadId: f.uploadId };
  if (p.startsWith('/api/orders/')) return { id: f.orderId, signerId: f.signerId };
  return {};
}

type Row = Record<Principal, Expectation>;

/** No token needed: everyone gets through (the handler's own checks answer the sample body). */
const open: Row = {
  anonymous: 'ok',
  customer: 'ok',
  otherOrgMember: 'ok',
  member: 'ok',
  orgAdmin: 'ok',
  owner: 'ok',
  otherNotary: 'ok',
  otherNotaryNamingThis: 'ok',
  platformAdmin: 'ok',
};

/** A user route with no context: always the caller's own data, whoever signs in. */
const signedIn: Row = { ...open, anonymous: 401 };

/**
 * A work-context route: Personal and one's own organisations pass (their own wallet, features,
 * orders), naming an organisation one is not a member of is 403.
 */
const inContext: Row = { ...signedIn, otherOrgMember: 403, otherNotaryNamingThis: 403 };

/**
 * An order A's owner placed in A's context: seen and acted on in A's context by its placer and
 * by A's admins and owners (functions/orders/access.ts mayActOn); a plain member who did not
 * place it, and every other context, get the 404 of an unknown order; naming A without being
 * its member, 403.
 */
const orgOrder: Row = {
  anonymous: 401,
  customer: 404,
  otherOrgMember: 403,
  member: 404,
  orgAdmin: 'ok',
  owner: 'ok',
  otherNotary: 404,
  otherNotaryNamingThis: 403,
  platformAdmin: 404,
};

/** /api/admin/*: the platform admin only (the authorizer's group check, then the function's). */
const adminOnly: Row = {
  anonymous: 401,
  customer: 403,
  otherOrgMember: 403,
  member: 403,
  orgAdmin: 403,
  owner: 403,
  otherNotary: 403,
  otherNotaryNamingThis: 403,
  platformAdmin: 'ok',
};

/**
 * /api/organizations/{A}/…: any active member of A (functions/organizations/member-access.ts);
 * everyone else, the platform admin included (it has its own routes), 403.
 */
const anyMember: Row = {
  ...adminOnly,
  member: 'ok',
  orgAdmin: 'ok',
  owner: 'ok',
  platformAdmin: 403,
};

/** Managing members with the role admin or member: owners and admins (invitationRefusal). */
const managers: Row = { ...anyMember, member: 403 };

/**
 * Acting on an owner (making, unmaking or removing one): owners only (roleChangeRefusal,
 * removalRefusal).
 */
const ownersOnly: Row = { ...managers, orgAdmin: 403 };

/**
 * The notary's own queue (no id): only in a notary organisation's context. Personal and a
 * company context are 403 (notary-context.ts); the other notary sees its own queue, never N's.
 */
const notaryQueue: Row = { ...adminOnly, otherNotary: 'ok', platformAdmin: 403 };

/**
 * One of N's assignments by id: the other notary, in its own context, gets the 404 of an
 * unknown id.
 */
const notaryAssignment: Row = { ...notaryQueue, otherNotary: 404 };

/**
 * 'Firmantes Guardados' is a feature of the caller's own Personal subscription: without it, a
 * signed-in caller is told to subscribe (403) after the token check and before the id is looked
 * up. No caller of the fixture holds it.
 */
const savedSignersGate: Row = {
  anonymous: 401,
  customer: 403,
  otherOrgMember: 403,
  member: 403,
  orgAdmin: 403,
  owner: 403,
  otherNotary: 403,
  otherNotaryNamingThis: 403,
  platformAdmin: 403,
};

const key = () => randomUUID();

export const authorizationMatrix: Record<RouteId, MatrixRow> = {
  // Platform admin: organisations and notaries.
  getAdminNotarySettings: { expect: adminOnly },
  putAdminNotarySettings: { expect: adminOnly },
  listAdminOrganizations: { expect: adminOnly },
  createAdminOrganization: { expect: adminOnly },
  deactivateAdminOrganization: { expect: adminOnly, last: 5 },
  updateAdminOrganization: { expect: adminOnly },
  adjustAdminOrganizationCredits: { expect: adminOnly },
  getAdminOrganizationAnalytics: { expect: adminOnly },
  getAdminOrganizationBilling: { expect: adminOnly },
  inviteAdminOrganizationMember: { expect: adminOnly },
  listAdminOrganizationMembers: { expect: adminOnly },
  removeAdminOrganizationMember: { expect: adminOnly, last: 4 },

  // Accounts.
  confirmEmail: { expect: open },
  resendConfirmation: { expect: open },
  changePassword: { expect: signedIn },
  requestPasswordReset: { expect: open },
  checkResetToken: { expect: open },
  resetPassword: { expect: open },
  signUp: { expect: open },
  getMyProfile: { expect: signedIn },
  updateMyProfile: { expect: signedIn },
  listMyContexts: { expect: signedIn },
  deleteMyAccount: { expect: signedIn },
  exportMyData: { expect: signedIn },

  // Catalogue and public pages.
  listCountryServices: { expect: open, query: '?country_id=cl' },
  listCountries: { expect: open },
  listCreditPackages: { expect: open, query: '?country=cl' },
  listCreditServices: { expect: open },
  listFeaturePlans: { expect: open },
  detectCountry: { expect: open },
  verifyAccessCode: { expect: open },
  listSubscriptionPlans: { expect: open, query: '?country=cl' },
  verifyDocument: { expect: open },
  joinWaitlist: { expect: open },
  downloadDelivery: { expect: open },
  signingStep: { expect: open },
  // Refused by the §5 rules on the sample body before any limit is counted or the provider asked.
  feaRecovery: { expect: open },
  stripeWebhook: { expect: open },

  // Wallet, credits, features and payments: the context's own.
  useCreditService: { expect: inContext },
  // A's ledger is any member's to read, but a plain member does not learn which order another
  // member paid (credits/ledger-privacy.ts): no id or number of the owner's order, which
  // GET /api/orders/{id} answers with a 404 (orders/access.ts mayActOn).
  listCreditTransactions: { expect: inContext },
  getWallet: { expect: inContext },
  getFeatureAccess: { expect: inContext },
  listFeatureSubscriptions: { expect: inContext },
  subscribeFeature: { expect: inContext },
  cancelFeatureSubscription: { expect: inContext },
  createPackagePaymentIntent: { expect: inContext },
  getPaymentStatus: { expect: signedIn },
  listNotifications: { expect: inContext },

  // Checkout: pays in the context (the sample body stops it after the context check).
  createOrderCardIntent: { expect: inContext },
  payOrderWithCredits: { expect: inContext },
  getOrderPaymentStatus: { expect: signedIn },

  // Documents, requests, saved signers, receipts: the caller's own, by id.
  createDocumentUpload: { expect: signedIn },
  deleteDocument: { expect: signedIn },
  getDocument: { expect: signedIn },
  analyzeDocument: { expect: signedIn },
  completeDocumentUpload: { expect: signedIn },
  listRequests: { expect: signedIn },
  createRequest: { expect: signedIn },
  deleteRequest: { expect: signedIn },
  getRequest: { expect: signedIn },
  updateRequest: { expect: signedIn },
  listSavedSigners: { expect: signedIn },
  saveSigner: { expect: signedIn },
  deleteSavedSigner: { expect: savedSignersGate },
  listReceipts: { expect: signedIn },
  getReceipt: { expect: signedIn },

  // Orders: the list is the context's; A's order by id as orgOrder says.
  listOrders: { expect: inContext },
  getOrder: { expect: orgOrder },
  updateOrderTitle: { expect: orgOrder, body: () => ({ title: 'Título de la matriz' }) },
  getOrderActivity: { expect: orgOrder },
  cancelOrder: { expect: orgOrder, last: 1 },
  listOrderMessages: { expect: orgOrder },
  postOrderMessage: {
    expect: orgOrder,
    body: () => ({ body: 'Mensaje de la matriz', idempotency_key: key() }),
  },
  resendSigningLink: { expect: orgOrder },
  getOrderTrail: { expect: orgOrder },

  // Organisations: the path names A; the member routes check the membership and the role.
  createOrganization: { expect: signedIn },
  acceptInvitation: { expect: signedIn, body: () => ({ token: 'sample-token' }) },
  getOrganizationDashboard: { expect: anyMember },
  listOrganizationMembers: { expect: anyMember },
  // Inviting an admin: owners and admins (an owner only by an owner).
  inviteOrganizationMember: {
    expect: managers,
    body: () => ({ email: uniqueEmail('matriz'), role: 'admin', idempotency_key: key() }),
  },
  // Confirming the second owner as owner (no change): only an owner acts on an owner.
  changeOrganizationMemberRole: { expect: ownersOnly, body: () => ({ role: 'owner' }) },
  // Removing the second owner: only an owner removes an owner.
  removeOrganizationMember: { expect: ownersOnly, last: 2 },
  // Any member may leave (the last owner is told why not: a 422, not a refusal of access).
  leaveOrganization: { expect: anyMember, last: 3 },

  // The notary's side: only in the notary's own context, only its own assignments.
  listNotaryAssignments: { expect: notaryQueue, query: '?group=pending' },
  getNotaryMetrics: { expect: notaryQueue },
  getNotaryAssignment: { expect: notaryAssignment },
  listNotaryMessages: { expect: notaryAssignment },
  postNotaryMessage: {
    expect: notaryAssignment,
    body: () => ({ body: 'Intrusión de la matriz', idempotency_key: key() }),
  },
  createNotarizedUpload: {
    expect: notaryAssignment,
    body: () => ({ file_name: 'notarizado.pdf', size: 1000 }),
  },
  completeNotarizedUpload: { expect: notaryAssignment },
  // The action names the assignment in the body: the other notary gets the 404 of an unknown
  // id too (notary/actions.ts ownAssignment), so an id reveals nothing.
  notaryAction: {
    expect: notaryAssignment,
    body: (f) => ({ action: 'take_document', assignment_id: f.assignmentId }),
  },
};
