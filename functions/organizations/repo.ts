import { createHash } from 'node:crypto';
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Organization } from '../../shared/contract/organizations.js';
import type { OrganizationRole } from '../../shared/rules/organizations.js';
import {
  db,
  getRecord,
  isConditionFailure,
  queryAll,
  tableName,
  withoutKeys,
} from '../platform/db.js';
import { sdkOptions } from '../platform/deadline.js';
import { getProfile } from '../profile/repo.js';
import {
  invitationTokenKey,
  memberKey,
  organizationListKeys,
  orgKey,
  pendingInvitationKey,
  userMembershipKey,
} from './keys.js';

/**
 * Organisations, memberships and invitations (docs/drafts/notarial-design.md §3;
 * docs/data-model.md "Organisations"). Their keys are in keys.ts; the admin's list and edits are
 * in admin-repo.ts.
 *
 * The two membership items are written in one transaction, so each side always sees the other.
 * The invitation's link item is written by the mail sender when it mints the token
 * (invitation-outbox.ts). An organisation's wallet is the credits ledger of owner `org:{id}`
 * (credits/keys.ts orgOwner).
 */
export type OrganizationRecord = Organization & { created_by: string };

export interface MembershipRecord {
  organization_id: string;
  user_sub: string;
  role: OrganizationRole;
  status: 'active' | 'removed';
  joined_at: string;
  /** Copied so the context list needs no second read per organisation. */
  organization_name: string;
  organization_type: Organization['type'];
  /** The member's name and e-mail when they joined, for the members list and the chips. */
  user_name?: string;
  user_email?: string;
}

/** Who a membership is for, as the members list shows them (copied at add time). */
export interface MemberPerson {
  name: string;
  email: string;
}

/** The address's pending invitation (`ORG#{id}` / `INVITE#{email}`). */
export interface PendingInvitationRecord {
  /** Names this invitation: its link's token is minted from it (mail/link-tokens.ts). */
  invite_id: string;
  organization_id: string;
  organization_name: string;
  organization_type: Organization['type'];
  /** Lower-cased. */
  email: string;
  role: OrganizationRole;
  invited_by: string;
  invited_at: string;
  expires_at: string;
  /** Epoch seconds: the table's TTL removes it a while after it expired. */
  ttl: number;
}

/** The invitation as its link finds it (`INVITE#{hash}` / `INVITE`). */
export interface InvitationTokenRecord extends PendingInvitationRecord {
  accepted_by?: string;
  accepted_at?: string;
}

type TransactItems = NonNullable<
  ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']
>;

export { invitationTokenKey, pendingInvitationKey };

/** An invitation's items stay this long after it expired, so its link says "expired". */
const INVITATION_KEEP_SECONDS = 30 * 86_400;
export const invitationTtl = (expiresAt: string) =>
  Math.floor(Date.parse(expiresAt) / 1000) + INVITATION_KEEP_SECONDS;

/** One organisation per (creator, idempotency key): a retried create finds its own. */
export const organizationIdFor = (sub: string, key: string) =>
  createHash('sha256').update(`org:${sub}:${key}`).digest('hex').slice(0, 24);

export const plausibleOrganizationId = (id: string) => /^[0-9a-f]{24}$/.test(id);

/** Stored with `org_type`: `type` is the table's entity tag (platform/db.ts withoutKeys). */
export type StoredOrganization = Omit<OrganizationRecord, 'type'> & {
  org_type: Organization['type'];
};

/** The organisation as read from its item (keys already stripped). */
export function fromStored(stored: StoredOrganization): OrganizationRecord {
  const { org_type, ...rest } = stored;
  return { ...rest, type: org_type };
}

/**
 * The organisation's item as written: its fields, its key, its entity tag and its place in the
 * admin's list (keys.ts organizationListKeys).
 */
export function organizationItem(org: OrganizationRecord) {
  const { type: orgType, ...fields } = org;
  const stored: StoredOrganization = { ...fields, org_type: orgType };
  return { ...stored, ...orgKey(org.id), ...organizationListKeys(org), type: 'Organization' };
}

export async function getOrganization(id: string): Promise<OrganizationRecord | undefined> {
  const stored = await getRecord<StoredOrganization>(orgKey(id));
  return stored ? fromStored(stored) : undefined;
}

export const getMembership = (id: string, sub: string) =>
  getRecord<MembershipRecord>(memberKey(id, sub));

/** The caller's memberships (active and removed), as their context list reads them. */
export async function listUserMemberships(sub: string): Promise<MembershipRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': `USER#${sub}`, ':p': 'MEMBERSHIP#' },
    ConsistentRead: true,
  });
  return items.map((i) => withoutKeys<MembershipRecord>(i));
}

/**
 * Creates an organisation with its first member, the owner, in one transaction conditioned on
 * the id being new. False when it exists already (a retry of the same create: the caller reads
 * it back).
 */
export async function putOrganizationWithOwner(
  org: OrganizationRecord,
  owner?: MemberPerson,
): Promise<boolean> {
  const membership: MembershipRecord = {
    organization_id: org.id,
    user_sub: org.created_by,
    role: 'owner',
    status: 'active',
    joined_at: org.created_at,
    organization_name: org.name,
    organization_type: org.type,
    ...personFields(owner),
  };
  const tagged = { type: 'Membership', ...membership };
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: organizationItem(org),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: { ...tagged, ...memberKey(org.id, org.created_by) },
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: { ...tagged, ...userMembershipKey(org.created_by, org.id) },
            },
          },
        ],
      }),
      sdkOptions(),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

const personFields = (person: MemberPerson | undefined) =>
  person ? { user_name: person.name, user_email: person.email.toLowerCase() } : {};

/**
 * The two Puts that make `sub` an active member with `role`, each only where the membership is
 * not active already (a removed member comes back with the new role).
 */
function memberPuts(
  org: Pick<Organization, 'id' | 'name' | 'type'>,
  sub: string,
  role: OrganizationRole,
  joinedAt: string,
  person: MemberPerson | undefined,
): TransactItems {
  const membership: MembershipRecord = {
    organization_id: org.id,
    user_sub: sub,
    role,
    status: 'active',
    joined_at: joinedAt,
    organization_name: org.name,
    organization_type: org.type,
    ...personFields(person),
  };
  const item = { type: 'Membership', ...membership };
  const notActive = {
    ConditionExpression: 'attribute_not_exists(pk) OR #status <> :active',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':active': 'active' },
  };
  return [
    { Put: { TableName: tableName(), Item: { ...item, ...memberKey(org.id, sub) }, ...notActive } },
    {
      Put: {
        TableName: tableName(),
        Item: { ...item, ...userMembershipKey(sub, org.id) },
        ...notActive,
      },
    },
  ];
}

/** One transaction; false when a condition failed (or a concurrent one won). */
async function transact(items: TransactItems): Promise<boolean> {
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items }), sdkOptions());
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/**
 * Makes `sub` an active member of the organisation with `role` (the demo data, tests; an
 * accepted invitation goes through `acceptInvitation`): both membership items in one
 * transaction. A removed member comes back with the new role; an active one is left as is
 * (false), so a repeated add changes nothing. `person` (name and e-mail for the members list)
 * is read from the profile when not given.
 */
export async function addMember(
  org: Pick<Organization, 'id' | 'name' | 'type'>,
  sub: string,
  role: OrganizationRole,
  joinedAt: string,
  person?: MemberPerson,
): Promise<boolean> {
  const who = person ?? (await personOf(sub));
  return transact(memberPuts(org, sub, role, joinedAt, who));
}

/** A member's name and e-mail from their profile (none without one). */
export async function personOf(sub: string): Promise<MemberPerson | undefined> {
  const profile = await getProfile(sub);
  if (!profile) return undefined;
  const name = `${profile.first_name ?? ''} ${profile.last_name ?? ''}`.trim();
  return { name: name || profile.email, email: profile.email.toLowerCase() };
}

/**
 * A ConditionCheck that `sub` is still an active member with `role`: a step taken on what the
 * handler read (the actor's role, another owner) fails, and is read again, if it changed.
 */
export function stillMember(id: string, sub: string, role: OrganizationRole) {
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: memberKey(id, sub),
      ConditionExpression: '#status = :active AND #role = :role',
      ExpressionAttributeNames: { '#status': 'status', '#role': 'role' },
      ExpressionAttributeValues: { ':active': 'active', ':role': role },
    },
  };
}

/** The organisation's memberships (active and removed), read consistently. */
export async function listMembers(id: string): Promise<MembershipRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': `ORG#${id}`, ':p': 'MEMBER#' },
    ConsistentRead: true,
  });
  return items.map((i) => withoutKeys<MembershipRecord>(i));
}

/**
 * Changes an active member's role from `from` to `to` on both items, with `checks` (the actor
 * still holding their role) in the same transaction. False when anything changed meanwhile.
 */
export function changeMemberRole(
  id: string,
  sub: string,
  from: OrganizationRole,
  to: OrganizationRole,
  checks: TransactItems = [],
): Promise<boolean> {
  const update = (key: Record<string, string>) => ({
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET #role = :to',
      ConditionExpression: '#status = :active AND #role = :from',
      ExpressionAttributeNames: { '#status': 'status', '#role': 'role' },
      ExpressionAttributeValues: { ':active': 'active', ':from': from, ':to': to },
    },
  });
  return transact([update(memberKey(id, sub)), update(userMembershipKey(sub, id)), ...checks]);
}

/**
 * Ends an active membership (removal by an admin, or leaving): both items say `removed`, so the
 * next call in that context is refused (organizations/acting-as.ts). `role`: only while the
 * member still holds it; `checks` go in the same transaction (the actor still holding their
 * role, another owner still there). False when it was not active or anything changed.
 */
export function removeMember(
  id: string,
  sub: string,
  removedAt: string,
  opts: { role?: OrganizationRole; checks?: TransactItems } = {},
): Promise<boolean> {
  const update = (key: Record<string, string>) => ({
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET #status = :removed, removed_at = :at',
      ConditionExpression: opts.role ? '#status = :active AND #role = :role' : '#status = :active',
      ExpressionAttributeNames: { '#status': 'status', ...(opts.role ? { '#role': 'role' } : {}) },
      ExpressionAttributeValues: {
        ':removed': 'removed',
        ':active': 'active',
        ':at': removedAt,
        ...(opts.role ? { ':role': opts.role } : {}),
      },
    },
  });
  return transact([
    update(memberKey(id, sub)),
    update(userMembershipKey(sub, id)),
    ...(opts.checks ?? []),
  ]);
}

export const getPendingInvitation = (id: string, email: string) =>
  getRecord<PendingInvitationRecord>(pendingInvitationKey(id, email));

/** The organisation's pending invitations (expired ones included: the caller filters). */
export async function listPendingInvitations(id: string): Promise<PendingInvitationRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': `ORG#${id}`, ':p': 'INVITE#' },
    ConsistentRead: true,
  });
  return items.map((i) => withoutKeys<PendingInvitationRecord>(i));
}

/**
 * Writes the address's pending invitation, replacing an older one, with its mail's outbox item
 * in the same transaction. False when this very invitation is there already (a retried request
 * with the same key): nothing is written and no second mail is promised.
 */
export function putPendingInvitation(
  invitation: PendingInvitationRecord,
  mail: TransactItems[number],
): Promise<boolean> {
  return transact([
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...pendingInvitationKey(invitation.organization_id, invitation.email),
          type: 'Invitation',
          ...invitation,
        },
        ConditionExpression: 'attribute_not_exists(pk) OR invite_id <> :id',
        ExpressionAttributeValues: { ':id': invitation.invite_id },
      },
    },
    mail,
  ]);
}

export const getInvitationByToken = (tokenHash: string) =>
  getRecord<InvitationTokenRecord>(invitationTokenKey(tokenHash));

/**
 * The lookup item of an invitation's link, written by the mail sender before the mail goes.
 * An update, so a retried send writes the same fields again and never clears an acceptance;
 * no other invitation may hold the key.
 */
export async function putInvitationToken(
  tokenHash: string,
  invitation: PendingInvitationRecord,
): Promise<void> {
  const fields = Object.entries(invitation);
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: invitationTokenKey(tokenHash),
      UpdateExpression: `SET #type = :type, ${fields.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
      ConditionExpression: 'attribute_not_exists(pk) OR invite_id = :id',
      ExpressionAttributeNames: {
        '#type': 'type',
        ...Object.fromEntries(fields.map(([k], i) => [`#f${i}`, k])),
      },
      ExpressionAttributeValues: {
        ':type': 'InvitationToken',
        ':id': invitation.invite_id,
        ...Object.fromEntries(fields.map(([, v], i) => [`:v${i}`, v])),
      },
    }),
    sdkOptions(),
  );
}

/**
 * Accepts an invitation in one transaction: the link's item marked accepted by `sub` (only if
 * nobody did and it has not expired), the address's pending invitation removed (only while it
 * is this one), the caller made an active member with the invited role, and the organisation
 * still active and still named `organizationName` (its name as the handler read it, copied on
 * the membership: an admin's rename between the read and this write fails it, so the rename's
 * sweep of the memberships, admin-repo.ts, never misses this one). False when any of it did
 * not hold (the caller reads again to say why, or finds its own acceptance from a parallel
 * click).
 */
export function acceptInvitation(p: {
  tokenHash: string;
  invitation: PendingInvitationRecord;
  organizationName: string;
  sub: string;
  person: MemberPerson | undefined;
  now: Date;
}): Promise<boolean> {
  const { invitation: inv } = p;
  const at = p.now.toISOString();
  return transact([
    {
      Update: {
        TableName: tableName(),
        Key: invitationTokenKey(p.tokenHash),
        UpdateExpression: 'SET accepted_by = :sub, accepted_at = :at',
        ConditionExpression:
          'attribute_exists(pk) AND attribute_not_exists(accepted_by) AND expires_at > :at',
        ExpressionAttributeValues: { ':sub': p.sub, ':at': at },
      },
    },
    {
      Delete: {
        TableName: tableName(),
        Key: pendingInvitationKey(inv.organization_id, inv.email),
        ConditionExpression: 'invite_id = :id',
        ExpressionAttributeValues: { ':id': inv.invite_id },
      },
    },
    ...memberPuts(
      { id: inv.organization_id, name: p.organizationName, type: inv.organization_type },
      p.sub,
      inv.role,
      at,
      p.person,
    ),
    {
      ConditionCheck: {
        TableName: tableName(),
        Key: orgKey(inv.organization_id),
        ConditionExpression: 'is_active = :yes AND #name = :name',
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: { ':yes': true, ':name': p.organizationName },
      },
    },
  ]);
}

/** Deactivates (soft-deletes) an organisation: its members' calls in it are refused. */
export async function setOrganizationActive(id: string, isActive: boolean): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: orgKey(id),
        UpdateExpression: 'SET is_active = :a',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':a': isActive },
      }),
      sdkOptions(),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/**
 * An erased account's name and e-mail on its memberships (both items) replaced by its
 * pseudonym (functions/account/deletion.ts): the organisation's records keep who was a member
 * without the person's data. Idempotent; a missing item is skipped.
 */
export async function forgetMemberPerson(id: string, sub: string, pseudonym: string) {
  for (const key of [memberKey(id, sub), userMembershipKey(sub, id)]) {
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression: 'SET user_name = :n, user_email = :e',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':n': pseudonym, ':e': '' },
        }),
        sdkOptions(),
      );
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  }
}
