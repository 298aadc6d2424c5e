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
 * Whether `actor` may give `target` (now `from`) the role `to`: only a manager, never on
 * themselves, and owners are made or unmade by an owner only. The last owner keeps the role:
 * an organisation always has one.
 */
export function mayChangeRole(p: {
  actor: OrganizationRole;
  self: boolean;
  from: OrganizationRole;
  to: OrganizationRole;
  owners: number;
}): boolean {
  if (!managesMembers(p.actor) || p.self || p.from === p.to) return false;
  if ((p.from === 'owner' || p.to === 'owner') && p.actor !== 'owner') return false;
  return !(p.from === 'owner' && p.owners <= 1);
}

/** Removing another member: a manager, and an owner only by an owner. */
export function mayRemove(p: {
  actor: OrganizationRole;
  self: boolean;
  target: OrganizationRole;
}): boolean {
  if (p.self || !managesMembers(p.actor)) return false;
  return p.target !== 'owner' || p.actor === 'owner';
}

/** Leaving: anyone but the last owner. */
export function mayLeave(role: OrganizationRole, owners: number): boolean {
  return role !== 'owner' || owners > 1;
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
