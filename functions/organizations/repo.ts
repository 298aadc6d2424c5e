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

/**
 * Organisations and memberships (docs/drafts/notarial-design.md §3; docs/data-model.md
 * "Organisations"). The only place that builds their keys:
 *
 *   ORG#{id} / META              the organisation
 *   ORG#{id} / MEMBER#{sub}      a membership, as the organisation lists its members
 *   USER#{sub} / MEMBERSHIP#{id} the same membership, as the caller lists their contexts
 *
 * The two membership items are written in one transaction, so each side always sees the other.
 * An organisation's wallet is the credits ledger of owner `org:{id}` (credits/keys.ts orgOwner).
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
}

const orgKey = (id: string) => ({ pk: `ORG#${id}`, sk: 'META' });
const memberKey = (id: string, sub: string) => ({ pk: `ORG#${id}`, sk: `MEMBER#${sub}` });
const userMembershipKey = (sub: string, id: string) => ({
  pk: `USER#${sub}`,
  sk: `MEMBERSHIP#${id}`,
});

/** One organisation per (creator, idempotency key): a retried create finds its own. */
export const organizationIdFor = (sub: string, key: string) =>
  createHash('sha256').update(`org:${sub}:${key}`).digest('hex').slice(0, 24);

export const plausibleOrganizationId = (id: string) => /^[0-9a-f]{24}$/.test(id);

/** Stored with `org_type`: `type` is the table's entity tag (platform/db.ts withoutKeys). */
type StoredOrganization = Omit<OrganizationRecord, 'type'> & { org_type: Organization['type'] };

export async function getOrganization(id: string): Promise<OrganizationRecord | undefined> {
  const stored = await getRecord<StoredOrganization>(orgKey(id));
  if (!stored) return undefined;
  const { org_type, ...rest } = stored;
  return { ...rest, type: org_type };
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
export async function putOrganizationWithOwner(org: OrganizationRecord): Promise<boolean> {
  const membership: MembershipRecord = {
    organization_id: org.id,
    user_sub: org.created_by,
    role: 'owner',
    status: 'active',
    joined_at: org.created_at,
    organization_name: org.name,
    organization_type: org.type,
  };
  const { type: orgType, ...fields } = org;
  const stored: StoredOrganization = { ...fields, org_type: orgType };
  const tagged = { type: 'Membership', ...membership };
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...stored, ...orgKey(org.id), type: 'Organization' },
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

/**
 * Makes `sub` an active member of the organisation with `role` (an accepted invitation, the
 * demo data): both membership items in one transaction. A removed member comes back with the
 * new role; an active one is left as is (false), so a repeated accept changes nothing.
 */
export async function addMember(
  org: Pick<Organization, 'id' | 'name' | 'type'>,
  sub: string,
  role: OrganizationRole,
  joinedAt: string,
): Promise<boolean> {
  const membership: MembershipRecord = {
    organization_id: org.id,
    user_sub: sub,
    role,
    status: 'active',
    joined_at: joinedAt,
    organization_name: org.name,
    organization_type: org.type,
  };
  const item = { type: 'Membership', ...membership };
  const notActive = {
    ConditionExpression: 'attribute_not_exists(pk) OR #status <> :active',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':active': 'active' },
  };
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...item, ...memberKey(org.id, sub) },
              ...notActive,
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: { ...item, ...userMembershipKey(sub, org.id) },
              ...notActive,
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

/**
 * Ends an active membership (removal by an admin, or leaving): both items say `removed`, so the
 * next call in that context is refused (organizations/acting-as.ts). False when it was not
 * active.
 */
export async function removeMember(id: string, sub: string, removedAt: string): Promise<boolean> {
  const update = (key: Record<string, string>) => ({
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET #status = :removed, removed_at = :at',
      ConditionExpression: '#status = :active',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':removed': 'removed', ':active': 'active', ':at': removedAt },
    },
  });
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [update(memberKey(id, sub)), update(userMembershipKey(sub, id))],
      }),
      sdkOptions(),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
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
