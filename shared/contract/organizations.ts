import * as z from 'zod/mini';
import { apiEs } from '../messages/api.es.js';
import { organizationsEs as m } from '../messages/organizations.es.js';
import {
  ORGANIZATION_SEARCH_MAX,
  ORGANIZATION_TYPE_FILTERS,
} from '../rules/admin-organizations.js';
import { isValidEmail } from '../rules/email.js';
import {
  ORGANIZATION_NAME_MAX,
  ORGANIZATION_ROLES,
  ORGANIZATION_TYPES,
} from '../rules/organizations.js';
import { creditTransactionSchema, idempotencyKeyField, walletResponse } from './credits.js';

/**
 * Organisations and work contexts (credits-signing-admin §3 organization and membership;
 * customer-flows §2.2 context switcher; design: docs/drafts/notarial-design.md §2–§3).
 */
export const organizationTypeSchema = z.enum(ORGANIZATION_TYPES);
export const organizationRoleSchema = z.enum(ORGANIZATION_ROLES);

export const organizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: organizationTypeSchema,
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  address: z.nullable(z.string()),
  region: z.nullable(z.string()),
  industry: z.nullable(z.string()),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type Organization = z.infer<typeof organizationSchema>;

/** One entry of the header's context switcher: Personal, or an organisation the caller is in. */
export const workContextSchema = z.object({
  kind: z.enum(['personal', 'organization']),
  organization_id: z.nullable(z.string()),
  name: z.string(),
  type: z.nullable(organizationTypeSchema),
  role: z.nullable(organizationRoleSchema),
  /** The credit balance of this context's own wallet. */
  balance: z.int(),
});
export type WorkContext = z.infer<typeof workContextSchema>;

export const listContextsResponse = z.object({ contexts: z.array(workContextSchema) });

const optionalText = (max: number) =>
  z.optional(
    z.nullable(
      z.pipe(
        z.string().check(z.trim(), z.maxLength(max, { error: apiEs.tooLong })),
        z.transform((v) => v || null),
      ),
    ),
  );

/** The organisation's fields as its forms send them (§5: the name required, the rest optional). */
const organizationName = z
  .string({ error: m.nameRequired })
  .check(
    z.trim(),
    z.minLength(1, { error: m.nameRequired }),
    z.maxLength(ORGANIZATION_NAME_MAX, { error: m.nameTooLong }),
  );
const organizationEmail = z.optional(
  z.nullable(
    z.pipe(
      z.string().check(
        z.trim(),
        z.refine((v) => v === '' || isValidEmail(v), { error: m.emailInvalid }),
      ),
      z.transform((v) => v.toLowerCase() || null),
    ),
  ),
);
const organizationPhone = optionalText(32);
const organizationAddress = optionalText(300);

/**
 * 'Crear Organización' (customer-flows §2.9): a company with the caller as its owner. Notary
 * organisations are created by an admin. The key makes a double click one organisation.
 */
export const createOrganizationRequest = z.strictObject({
  name: organizationName,
  email: organizationEmail,
  phone: organizationPhone,
  address: organizationAddress,
  industry: optionalText(100),
  idempotency_key: idempotencyKeyField,
});

export const organizationResponse = z.object({
  organization: organizationSchema,
  role: organizationRoleSchema,
});

/** One active member, as the organisation's members list shows them. */
export const memberSchema = z.object({
  sub: z.string(),
  name: z.string(),
  email: z.string(),
  role: organizationRoleSchema,
  joined_at: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

/** An invitation not accepted yet and not expired. */
export const pendingInvitationSchema = z.object({
  email: z.string(),
  role: organizationRoleSchema,
  expires_at: z.string(),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;

export const listMembersResponse = z.object({
  members: z.array(memberSchema),
  invitations: z.array(pendingInvitationSchema),
});

/**
 * An invitation by e-mail: the role 'owner' only from an owner. The key makes a retried click
 * one invitation (and one mail); inviting the same address again replaces its pending one.
 */
export const inviteMemberRequest = z.strictObject({
  email: z.pipe(
    z.string({ error: m.emailInvalid }).check(
      z.trim(),
      z.refine((v) => isValidEmail(v), { error: m.emailInvalid }),
    ),
    z.transform((v) => v.toLowerCase()),
  ),
  role: organizationRoleSchema,
  idempotency_key: idempotencyKeyField,
});

export const invitationResponse = z.object({ invitation: pendingInvitationSchema });

/** The token of the invitation's link (`/invitacion?token=…`): 256 bits, base64url. */
export const acceptInvitationRequest = z.strictObject({
  token: z
    .string({ error: m.invitationInvalid })
    .check(z.regex(/^[A-Za-z0-9_-]{43}$/, { error: m.invitationInvalid })),
});

export const changeMemberRoleRequest = z.strictObject({ role: organizationRoleSchema });

export const memberResponse = z.object({ member: memberSchema });

/**
 * `/organization-dashboard` (screen 15 with real figures, issue 22): the organisation, the
 * caller's role in it, its wallet's balance, this month's documents (Santiago's calendar month),
 * the active members and the average price per document (shared/rules monthFigures).
 */
export const organizationDashboardResponse = z.object({
  organization: organizationSchema,
  role: organizationRoleSchema,
  figures: z.object({
    credits: z.int(),
    documents_this_month: z.int(),
    members: z.int(),
    average_per_document: z.nullable(z.object({ amount: z.number(), currency_code: z.string() })),
  }),
});
export type OrganizationDashboard = z.infer<typeof organizationDashboardResponse>;

// The admin's organisations (screen 17; routes/admin.ts) -----------------------------------------

/** The screen's search (name or e-mail) and type filter; both optional. */
export const adminOrganizationsQuery = z.object({
  q: z.optional(
    z.string().check(z.trim(), z.maxLength(ORGANIZATION_SEARCH_MAX, { error: apiEs.tooLong })),
  ),
  type: z._default(z.enum(ORGANIZATION_TYPE_FILTERS, { error: m.typeFilterInvalid }), 'all'),
});

/** A member chip of the card: the first MEMBER_CHIPS_SHOWN members, owners first. */
export const memberChipSchema = z.object({
  name: z.string(),
  email: z.string(),
  role: organizationRoleSchema,
});

/**
 * One card: the organisation, its active members (count, chips and how many '+N más' stands
 * for), its wallet's credits, and the documents it received and processed.
 */
export const adminOrganizationCardSchema = z.extend(organizationSchema, {
  members_count: z.int(),
  member_chips: z.array(memberChipSchema),
  more_members: z.int(),
  credits: z.int(),
  documents_received: z.int(),
  documents_processed: z.int(),
});
export type AdminOrganizationCard = z.infer<typeof adminOrganizationCardSchema>;

/**
 * Every organisation that matches, newest first; the totals count all of them, whatever the
 * search and the filter.
 */
export const listAdminOrganizationsResponse = z.object({
  totals: z.object({
    total: z.int(),
    companies: z.int(),
    notaries: z.int(),
    active: z.int(),
  }),
  organizations: z.array(adminOrganizationCardSchema),
});

/**
 * An admin's new organisation (§5: name and type required, e-mail, phone and address
 * optional). It starts without members: the admin invites its owner. The key makes a double
 * click one organisation.
 */
export const adminCreateOrganizationRequest = z.strictObject({
  name: organizationName,
  type: z.enum(ORGANIZATION_TYPES, { error: m.typeRequired }),
  email: organizationEmail,
  phone: organizationPhone,
  address: organizationAddress,
  idempotency_key: idempotencyKeyField,
});

/** An admin's edit (§5: the name required); a field left out stays as it is, null clears it. */
export const adminUpdateOrganizationRequest = z.strictObject({
  name: organizationName,
  email: organizationEmail,
  phone: organizationPhone,
  address: organizationAddress,
});

export const adminOrganizationResponse = z.object({ organization: organizationSchema });

// The admin's billing of an organisation (/billing?organization={id}; routes/admin.ts) ---------

/** The organisation's wallet and a page of its ledger, newest first. */
export const adminOrganizationBillingResponse = z.object({
  organization: organizationSchema,
  wallet: walletResponse,
  transactions: z.array(creditTransactionSchema),
  next_cursor: z.nullable(z.string()),
});

export const adminBillingQuery = z.object({
  cursor: z.optional(z.string().check(z.maxLength(512))),
});

/** Largest single adjustment, either way: a typo of a few zeros is refused, not booked. */
export const ADMIN_ADJUSTMENT_MAX = 1_000_000;

/**
 * An admin's adjustment of an organisation's credits (a goodwill grant, a correction): a whole
 * non-zero number of credits (negative takes them back, never below zero) and why, which the
 * ledger shows. The key makes a double click one adjustment.
 */
export const adminAdjustmentRequest = z.strictObject({
  amount: z.int({ error: m.adjustmentAmountInvalid }).check(
    z.minimum(-ADMIN_ADJUSTMENT_MAX, { error: m.adjustmentAmountInvalid }),
    z.maximum(ADMIN_ADJUSTMENT_MAX, { error: m.adjustmentAmountInvalid }),
    z.refine((n) => n !== 0, { error: m.adjustmentAmountInvalid }),
  ),
  description: z
    .string({ error: m.adjustmentReasonRequired })
    .check(
      z.trim(),
      z.minLength(3, { error: m.adjustmentReasonRequired }),
      z.maxLength(200, { error: apiEs.tooLong }),
    ),
  idempotency_key: idempotencyKeyField,
});

export const adminAdjustmentResponse = z.object({
  transaction: creditTransactionSchema,
  wallet: walletResponse,
});

// The admin's analytics of an organisation (/analytics?organization={id}) -----------------------

export const analyticsMonthSchema = z.object({
  month: z.string(),
  documents: z.int(),
  completed: z.int(),
  cancelled: z.int(),
  revenue: z.array(z.object({ currency_code: z.string(), amount: z.number() })),
  credits_used: z.int(),
});

export const adminOrganizationAnalyticsResponse = z.object({
  organization: organizationSchema,
  members: z.int(),
  /** The last months on Santiago's calendar, oldest first (shared/rules monthlyAnalytics). */
  months: z.array(analyticsMonthSchema),
});
export type AdminOrganizationAnalytics = z.infer<typeof adminOrganizationAnalyticsResponse>;
