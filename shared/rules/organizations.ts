import { isValidEmail } from './email.js';

/**
 * Organisations and their members (credits-signing-admin §3, §5, §6; design:
 * docs/drafts/notarial-design.md §2). Pure rules the screens and the server both apply: who may
 * manage whom, the create and edit form, the admin card's member chips, the dashboards' rates.
 */
export const ORGANIZATION_TYPES = ['company', 'notary'] as const;
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number];

export const ORGANIZATION_ROLES = ['owner', 'admin', 'member'] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

/** The admin card shows this many member chips, then '+N más' (§9). */
export const MEMBER_CHIPS_SHOWN = 5;
export const ORGANIZATION_NAME_MAX = 200;

const RANK: Record<OrganizationRole, number> = { member: 0, admin: 1, owner: 2 };

/** Owners and admins invite, change roles and remove; members only use the organisation. */
export function managesMembers(role: OrganizationRole): boolean {
  return RANK[role] >= RANK.admin;
}

/**
 * Why a step on the members is refused: the actor's role does not allow it (`role`), it would
 * leave the organisation without an owner (`last_owner`), or it is the actor's own membership,
 * which nobody changes or removes themselves (`self`; leaving has its own route).
 */
export type MemberRefusal = 'role' | 'self' | 'last_owner';

/** Inviting with `role`: a manager, and an owner only by an owner. */
export function invitationRefusal(
  actor: OrganizationRole,
  role: OrganizationRole,
): 'role' | undefined {
  if (!managesMembers(actor)) return 'role';
  return role === 'owner' && actor !== 'owner' ? 'role' : undefined;
}

/**
 * Giving `target` (now `from`) the role `to`: only a manager, owners are made or unmade by an
 * owner only, the last owner keeps the role (an organisation always has one), and nobody
 * changes their own role. `owners` counts the active owners, `from` included.
 */
export function roleChangeRefusal(p: {
  actor: OrganizationRole;
  self: boolean;
  from: OrganizationRole;
  to: OrganizationRole;
  owners: number;
}): MemberRefusal | undefined {
  if (!managesMembers(p.actor)) return 'role';
  if ((p.from === 'owner' || p.to === 'owner') && p.actor !== 'owner') return 'role';
  if (p.from === 'owner' && p.to !== 'owner' && p.owners <= 1) return 'last_owner';
  if (p.self) return 'self';
  return undefined;
}

/** `roleChangeRefusal` as a yes or no, and no for a change to the role held already. */
export function mayChangeRole(p: Parameters<typeof roleChangeRefusal>[0]): boolean {
  return p.from !== p.to && roleChangeRefusal(p) === undefined;
}

/**
 * Removing another member: a manager, an owner only by an owner, never the last owner, never
 * oneself (that is leaving). `owners` (active owners) when known.
 */
export function removalRefusal(p: {
  actor: OrganizationRole;
  self: boolean;
  target: OrganizationRole;
  owners?: number;
}): MemberRefusal | undefined {
  if (!managesMembers(p.actor)) return 'role';
  if (p.target === 'owner' && p.actor !== 'owner') return 'role';
  if (p.target === 'owner' && p.owners !== undefined && p.owners <= 1) return 'last_owner';
  if (p.self) return 'self';
  return undefined;
}

/** Removing another member: a manager, and an owner only by an owner. */
export function mayRemove(p: {
  actor: OrganizationRole;
  self: boolean;
  target: OrganizationRole;
}): boolean {
  return removalRefusal(p) === undefined;
}

/** Leaving: anyone but the last owner (`owners`: the active owners, the leaver included). */
export function leaveRefusal(role: OrganizationRole, owners: number): 'last_owner' | undefined {
  return role === 'owner' && owners <= 1 ? 'last_owner' : undefined;
}

export function mayLeave(role: OrganizationRole, owners: number): boolean {
  return leaveRefusal(role, owners) === undefined;
}

/** An invitation is valid this long after it is sent (a new one replaces it). */
export const INVITATION_DAYS = 7;

export const invitationExpiry = (now: Date): Date =>
  new Date(now.getTime() + INVITATION_DAYS * 86_400_000);

/**
 * What accepting an invitation comes to: `accepted` again for the account that accepted it (a
 * retried or repeated click answers the same), else refused when another account used it, when
 * it expired, when a newer invitation to the same address replaced it, or when the caller's
 * verified e-mail is not the invited one (compared lower-cased). The order tells the invitee
 * first what no other account would fix.
 */
export type InvitationRefusal = 'used' | 'expired' | 'replaced' | 'other_account';

export function invitationAcceptance(p: {
  now: Date;
  expiresAt: string;
  acceptedBy: string | undefined;
  /** Whether it is still the address's pending invitation (not replaced since). */
  current: boolean;
  invitedEmail: string;
  callerSub: string;
  callerEmail: string | undefined;
}): { accept: 'new' | 'again' } | { refusal: InvitationRefusal } {
  if (p.acceptedBy !== undefined) {
    return p.acceptedBy === p.callerSub ? { accept: 'again' } : { refusal: 'used' };
  }
  if (!(Date.parse(p.expiresAt) > p.now.getTime())) return { refusal: 'expired' };
  if (!p.current) return { refusal: 'replaced' };
  const mine = p.callerEmail?.trim().toLowerCase();
  if (!mine || mine !== p.invitedEmail.trim().toLowerCase()) return { refusal: 'other_account' };
  return { accept: 'new' };
}

/** The members list: owners, then admins, then members, each by name (Spanish collation). */
export function byRoleThenName(
  a: { role: OrganizationRole; name: string },
  b: { role: OrganizationRole; name: string },
): number {
  return RANK[b.role] - RANK[a.role] || a.name.localeCompare(b.name, 'es');
}

/** The admin card's chips: the first five, and how many '+N más' stands for. */
export function memberChips<T>(members: readonly T[]): { shown: T[]; more: number } {
  return {
    shown: members.slice(0, MEMBER_CHIPS_SHOWN),
    more: Math.max(0, members.length - MEMBER_CHIPS_SHOWN),
  };
}

export interface OrganizationForm {
  name: string;
  type?: string | null;
  email?: string | null;
  phone?: string | null;
}

export interface OrganizationFormMessages {
  nameRequired: string;
  nameTooLong: string;
  typeRequired: string;
  emailInvalid: string;
}

/**
 * §5: a new organisation needs a name and a type, e-mail and phone are optional; an edit needs
 * the name (the type does not change). Field → message; empty when the form is good.
 */
export function organizationFormErrors(
  form: OrganizationForm,
  mode: 'create' | 'edit',
  m: OrganizationFormMessages,
): Partial<Record<keyof OrganizationForm, string>> {
  const errors: Partial<Record<keyof OrganizationForm, string>> = {};
  const name = form.name.trim();
  if (!name) errors.name = m.nameRequired;
  else if (name.length > ORGANIZATION_NAME_MAX) errors.name = m.nameTooLong;
  if (mode === 'create' && !ORGANIZATION_TYPES.includes(form.type as OrganizationType)) {
    errors.type = m.typeRequired;
  }
  const email = form.email?.trim();
  if (email && !isValidEmail(email)) errors.email = m.emailInvalid;
  return errors;
}

/** The metrics tab's success rate: processed over received, a rounded percent (0 with none). */
export function successRate(received: number, processed: number): number {
  if (!(received > 0)) return 0;
  return Math.round((Math.min(processed, received) / received) * 100);
}

/** Average of a total over a count, rounded; 0 when there is nothing to divide. */
export function averageOf(total: number, count: number): number {
  return count > 0 ? Math.round(total / count) : 0;
}

/** An order as the organisation dashboard counts it. */
export interface DashboardOrder {
  status: string;
  total_price: number;
  currency_code: string;
}

/**
 * The organisation dashboard's month (issue 22, replacing screen 15's static zeros): the
 * documents ordered (paid orders still in progress or completed; cancelled and unpaid ones are
 * not documents handled) and the average price per document, in the currency most of them were
 * paid in (an organisation may order in several countries; amounts of different currencies are
 * never added). Null when there is none.
 */
export function monthFigures(orders: readonly DashboardOrder[]): {
  documents: number;
  average: { amount: number; currency_code: string } | null;
} {
  const handled = orders.filter((o) => o.status === 'processing' || o.status === 'completed');
  const byCurrency = new Map<string, number[]>();
  for (const o of handled) {
    const list = byCurrency.get(o.currency_code) ?? [];
    list.push(o.total_price);
    byCurrency.set(o.currency_code, list);
  }
  const main = [...byCurrency.entries()].sort(
    ([a, x], [b, y]) => y.length - x.length || a.localeCompare(b),
  )[0];
  return {
    documents: handled.length,
    average: main
      ? {
          amount: Math.round(main[1].reduce((s, v) => s + v, 0) / main[1].length),
          currency_code: main[0],
        }
      : null,
  };
}

/** An order as the admin's analytics of an organisation counts it. */
export interface AnalyticsOrder extends DashboardOrder {
  created_at: string;
  credits_used: number;
}

export interface AnalyticsMonth {
  /** 'YYYY-MM' on Santiago's calendar. */
  month: string;
  /** Paid orders (processing, completed or cancelled). */
  documents: number;
  completed: number;
  cancelled: number;
  /** What was paid for orders not cancelled, per currency (never added across currencies). */
  revenue: { currency_code: string; amount: number }[];
  credits_used: number;
}

/** How many Santiago months the admin's analytics shows, this one included. */
export const ANALYTICS_MONTHS = 6;

/**
 * The admin's analytics of an organisation (screen 17's 'Analytics'): per Santiago calendar
 * month, oldest first, the last ANALYTICS_MONTHS months (`months`: their 'YYYY-MM' keys, from
 * the caller's clock), the documents ordered, completed and cancelled, the revenue of the orders
 * not cancelled per currency and the credits they used. Unpaid orders count nowhere.
 */
export function monthlyAnalytics(
  orders: readonly AnalyticsOrder[],
  months: readonly string[],
  monthOf: (iso: string) => string,
): AnalyticsMonth[] {
  const rows = new Map<string, AnalyticsMonth & { money: Map<string, number> }>(
    months.map((month) => [
      month,
      {
        month,
        documents: 0,
        completed: 0,
        cancelled: 0,
        revenue: [],
        credits_used: 0,
        money: new Map(),
      },
    ]),
  );
  for (const o of orders) {
    if (o.status === 'pending') continue;
    const row = rows.get(monthOf(o.created_at));
    if (!row) continue;
    row.documents++;
    if (o.status === 'completed') row.completed++;
    if (o.status === 'cancelled') {
      row.cancelled++;
      continue;
    }
    row.credits_used += o.credits_used;
    row.money.set(o.currency_code, (row.money.get(o.currency_code) ?? 0) + o.total_price);
  }
  return [...rows.values()].map(({ money, ...row }) => ({
    ...row,
    revenue: [...money.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency_code, amount]) => ({ currency_code, amount })),
  }));
}
