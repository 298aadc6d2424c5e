import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Profile, Role } from '../../shared/contract/profile.js';
import type { TermsAcceptance } from '../../shared/legal.js';
import { db, isConditionFailure, tableName } from '../platform/db.js';

/**
 * User profile: `USER#{sub}` / `PROFILE`; gsi1 `EMAIL#{email}` / `USER` finds a user by e-mail.
 * It carries the sign-up's `terms_acceptance` (shared/legal.ts), written once with the profile.
 */
const key = (sub: string) => ({ pk: `USER#${sub}`, sk: 'PROFILE' });

export interface NewProfile {
  sub: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  now: string;
  /** What the sign-up accepted (versions, time, address); null when nothing was recorded. */
  termsAcceptance?: TermsAcceptance | null;
}

/** Creates the profile once; a second confirmation of the same account changes nothing. */
export async function createProfileIfMissing(p: NewProfile): Promise<void> {
  const item: Profile & { pk: string; sk: string; gsi1pk: string; gsi1sk: string; type: string } = {
    ...key(p.sub),
    gsi1pk: `EMAIL#${p.email}`,
    gsi1sk: 'USER',
    type: 'Profile',
    id: p.sub,
    email: p.email,
    first_name: p.firstName,
    last_name: p.lastName,
    role: p.role,
    phone: null,
    company: null,
    address: null,
    city: null,
    whatsapp: null,
    billing_country_id: null,
    region_province: null,
    account_type: 'personal',
    created_at: p.now,
    updated_at: p.now,
    terms_acceptance: p.termsAcceptance ?? null,
  };
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: item,
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

export async function getProfile(sub: string): Promise<Profile | undefined> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: key(sub) }));
  if (!res.Item) return undefined;
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, type: _t, ...profile } = res.Item;
  return profile as Profile;
}

export type ProfileChanges = Pick<
  Profile,
  | 'first_name'
  | 'last_name'
  | 'phone'
  | 'whatsapp'
  | 'company'
  | 'address'
  | 'city'
  | 'region_province'
  | 'billing_country_id'
  | 'account_type'
>;

/**
 * Updates the editable fields of an existing profile (only those given: checkout saves its
 * form fields and leaves account_type alone); undefined when there is none.
 */
export async function updateProfile(
  sub: string,
  changes: Partial<ProfileChanges>,
  now: string,
): Promise<Profile | undefined> {
  const names = (Object.keys(changes) as (keyof ProfileChanges)[]).filter(
    (name) => changes[name] !== undefined,
  );
  const values: Record<string, unknown> = { ':now': now };
  const sets = names.map((name, i) => {
    values[`:v${i}`] = changes[name];
    return `#f${i} = :v${i}`;
  });
  try {
    const res = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key(sub),
        UpdateExpression: `SET ${[...sets, 'updated_at = :now'].join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#f${i}`, n])),
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    const {
      pk: _pk,
      sk: _sk,
      gsi1pk: _g1,
      gsi1sk: _g2,
      type: _t,
      ...profile
    } = res.Attributes ?? {};
    return profile as Profile;
  } catch (err) {
    if (isConditionFailure(err)) return undefined;
    throw err;
  }
}

/** Deletes the profile (the account's deletion); a missing one is not an error. */
export async function deleteProfile(sub: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: key(sub) }));
}
