import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../platform/db.js';

/**
 * CRM contacts (credits-signing-admin §3 Contact), one per e-mail:
 *
 *   CONTACT#{email} / META     gsi1: CONTACTS / {last_activity_at}#{email}  (newest activity last)
 *                              waitlist_interests: string set of 'Avísame' items (issue 21)
 *
 * Every write is an upsert on the e-mail (UpdateItem, no condition): what a person told us about
 * themselves (a customer at checkout) overwrites, what someone else typed about them (a signer
 * entered by a customer) only fills what is missing. Counters move with ADD, so the order
 * transaction that carries the customer's upsert counts each order exactly once.
 */
export type ContactSource =
  | 'newsletter'
  | 'user_registration'
  | 'order_signer'
  | 'saved_signer'
  | 'customer_order'
  /** 'Avísame' on something not available yet (issue 21). */
  | 'waitlist';

export interface ContactUpsert {
  email: string;
  first_name?: string | null;
  last_name?: string | null;
  phone?: string | null;
  id_number?: string | null;
  company?: string | null;
  address?: string | null;
  city?: string | null;
  country_id?: string | null;
  source: ContactSource;
  is_signer?: boolean;
  is_customer?: boolean;
  /** Add one order and its total (minor units of the order's currency) to the customer's figures. */
  order?: { total: number; currency_code: string };
  /** 'Avísame': catalogue items ("service:fea") added to the contact's waitlist_interests set. */
  interests?: string[];
  /** Self-declared data overwrites; data typed by someone else only fills empty fields. */
  authoritative: boolean;
  now: string;
}

export const CONTACTS_INDEX_PK = 'CONTACTS';

/** E-mails are keys: trimmed and lower-cased, as everywhere else (shared/rules/email.ts). */
export const contactEmail = (email: string) => email.trim().toLowerCase();

const key = (email: string) => ({ pk: `CONTACT#${contactEmail(email)}`, sk: 'META' });

type Update = {
  TableName: string;
  Key: Record<string, string>;
  UpdateExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues: Record<string, unknown>;
};

/** The upsert as an UpdateItem, for a TransactWriteItems element or a single write. */
export function contactUpsert(c: ContactUpsert): Update {
  const email = contactEmail(c.email);
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  const adds: string[] = [];
  let n = 0;
  const set = (field: string, value: unknown, onlyIfMissing: boolean) => {
    const i = n++;
    names[`#f${i}`] = field;
    values[`:v${i}`] = value;
    sets.push(onlyIfMissing ? `#f${i} = if_not_exists(#f${i}, :v${i})` : `#f${i} = :v${i}`);
  };
  set('type', 'Contact', false);
  set('email', email, false);
  set('id', randomUUID(), true);
  set('created_at', c.now, true);
  // The first way we met someone stays their source; later activity only sets the flags.
  set('source', c.source, true);
  for (const field of [
    'first_name',
    'last_name',
    'phone',
    'id_number',
    'company',
    'address',
    'city',
    'country_id',
  ] as const) {
    const value = c[field];
    if (value === undefined || value === null || value === '') continue;
    set(field, value, !c.authoritative);
  }
  // A flag once true stays true; a new contact starts with every flag false.
  set('is_signer', c.is_signer === true, c.is_signer !== true);
  set('is_customer', c.is_customer === true, c.is_customer !== true);
  set('is_newsletter_subscriber', false, true);
  set('last_activity_at', c.now, false);
  set('updated_at', c.now, false);
  set('gsi1pk', CONTACTS_INDEX_PK, false);
  set('gsi1sk', `${c.now}#${email}`, false);
  if (c.order) {
    names['#orders'] = 'total_orders';
    names['#spent'] = 'total_spent';
    values[':one'] = 1;
    values[':spent'] = c.order.total;
    adds.push('#orders :one', '#spent :spent');
    set('last_order_currency_code', c.order.currency_code, false);
  } else {
    set('total_orders', 0, true);
    set('total_spent', 0, true);
  }
  if (c.interests?.length) {
    // A string set: asking twice for the same item records it once.
    names['#interests'] = 'waitlist_interests';
    values[':interests'] = new Set(c.interests);
    adds.push('#interests :interests');
  }
  return {
    TableName: tableName(),
    Key: key(email),
    UpdateExpression: `SET ${sets.join(', ')}${adds.length ? ` ADD ${adds.join(', ')}` : ''}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

export async function upsertContact(c: ContactUpsert): Promise<void> {
  await db().send(new UpdateCommand(contactUpsert(c)));
}

export interface ContactItem {
  id: string;
  email: string;
  first_name?: string;
  last_name?: string;
  phone?: string;
  id_number?: string;
  source: ContactSource;
  is_signer: boolean;
  is_customer: boolean;
  is_newsletter_subscriber: boolean;
  total_orders: number;
  total_spent: number;
  /** 'Avísame' items the person asked about (issue 21). */
  waitlist_interests?: Set<string>;
  last_activity_at: string;
  created_at: string;
  updated_at: string;
}

export async function getContact(email: string): Promise<ContactItem | undefined> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: key(email) }));
  if (!res.Item) return undefined;
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, type: _t, ...contact } = res.Item;
  return contact as ContactItem;
}

/** Deletes a person's CRM contact: the account's deletion erases its owner's own record. */
export async function deleteContact(email: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: key(email) }));
}
