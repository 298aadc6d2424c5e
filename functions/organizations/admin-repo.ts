import { PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { forEachConcurrently } from '../platform/concurrently.js';
import { db, isConditionFailure, queryAll, tableName, withoutKeys } from '../platform/db.js';
import { sdkOptions } from '../platform/deadline.js';
import {
  memberKey,
  ORGANIZATIONS_LIST_PK,
  organizationListKeys,
  orgKey,
  userMembershipKey,
} from './keys.js';
import {
  fromStored,
  type MembershipRecord,
  type OrganizationRecord,
  organizationItem,
  type StoredOrganization,
} from './repo.js';

/**
 * What only the platform admin does to organisations (`/api/admin/organizations`, functions/
 * admin/): list them all, create one without members, edit it, and copy a new name onto its
 * memberships. Keys come from keys.ts, like the members' repo.ts.
 */

/**
 * Every organisation, newest first: one Query of the gsi1 partition `ORGS` (keys.ts). The
 * admin's screen searches and filters this list in memory: organisations are few (hundreds,
 * one partition and a page or two of items), and the screen is for admins only. Past a few
 * thousand it would need a search index and paging. A GSI read is eventually consistent: an
 * organisation created a moment ago may show on the next read.
 */
export async function listAllOrganizations(): Promise<OrganizationRecord[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': ORGANIZATIONS_LIST_PK },
    ScanIndexForward: false,
  });
  return items.map((i) => fromStored(withoutKeys<StoredOrganization>(i)));
}

/**
 * Creates an organisation with no members (an admin's create: owners are invited). False when
 * the id exists already (a retry or a parallel repeat of the same create: the caller reads it).
 */
export async function putOrganization(org: OrganizationRecord): Promise<boolean> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: organizationItem(org),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
      sdkOptions(),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** The fields an admin's edit may change (the type never changes). */
export interface OrganizationEdit {
  name: string;
  email?: string | null;
  phone?: string | null;
  address?: string | null;
}

/**
 * Sets the edit's fields on an existing organisation (those not given stay as they are) and
 * answers the organisation as it is now; undefined when there is no such organisation.
 */
export async function updateOrganization(
  id: string,
  edit: OrganizationEdit,
): Promise<OrganizationRecord | undefined> {
  const fields = Object.entries(edit).filter(([, v]) => v !== undefined);
  try {
    const res = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: orgKey(id),
        UpdateExpression: `SET ${fields.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: Object.fromEntries(fields.map(([k], i) => [`#f${i}`, k])),
        ExpressionAttributeValues: Object.fromEntries(fields.map(([, v], i) => [`:v${i}`, v])),
        ReturnValues: 'ALL_NEW',
      }),
      sdkOptions(),
    );
    return res.Attributes ? fromStored(withoutKeys<StoredOrganization>(res.Attributes)) : undefined;
  } catch (err) {
    if (isConditionFailure(err)) return undefined;
    throw err;
  }
}

/** Memberships renamed at once: a bounded load on the table however large the organisation. */
const RENAME_IN_FLIGHT = 8;

/**
 * Copies the organisation's new name onto its memberships (both items of each, so the context
 * switcher shows it), after the organisation itself was updated: one small transaction per
 * membership (its two items), at most RENAME_IN_FLIGHT at once, skipping those that show the
 * name already. Idempotent: an edit retried after a failure here renames what is left. Two
 * admins renaming one organisation at the same moment may leave the copies on the earlier
 * name until the next edit; a membership accepted meanwhile is covered by the acceptance's
 * condition on the name (repo.ts acceptInvitation).
 */
export async function renameMemberships(
  memberships: readonly MembershipRecord[],
  name: string,
): Promise<void> {
  const stale = memberships.filter((ms) => ms.organization_name !== name);
  await forEachConcurrently(stale, RENAME_IN_FLIGHT, async (ms) => {
    const update = (key: Record<string, string>) => ({
      Update: {
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET organization_name = :name',
        // Never creates a stray item; memberships are never deleted (removal is a status).
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':name': name },
      },
    });
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          update(memberKey(ms.organization_id, ms.user_sub)),
          update(userMembershipKey(ms.user_sub, ms.organization_id)),
        ],
      }),
      sdkOptions(),
    );
  });
}

/**
 * Gives an organisation written before the admin's list existed its place in it (the demo
 * data's backfill, local/seed.ts): the same keys a create writes. Idempotent.
 */
export async function ensureListed(org: Pick<OrganizationRecord, 'id' | 'created_at'>) {
  const keys = organizationListKeys(org);
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: orgKey(org.id),
      UpdateExpression: 'SET gsi1pk = :pk, gsi1sk = :sk',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':pk': keys.gsi1pk, ':sk': keys.gsi1sk },
    }),
    sdkOptions(),
  );
}
