import { ACCOUNT_EXPORT_FORMAT, type AccountExport } from '../../shared/contract/account.js';
import { getContact } from '../contacts/repo.js';
import { userOwner } from '../credits/keys.js';
import { readWallet } from '../credits/ledger.js';
import { listTransactions } from '../credits/ledger-read.js';
import { getOwnedDocument } from '../documents/repo.js';
import { listSubscriptions, toSubscription } from '../features/repo.js';
import { getOrder, getOrderParts } from '../orders/repo.js';
import { listUserMemberships } from '../organizations/repo.js';
import { getProfile } from '../profile/repo.js';
import { listSavedSigners } from '../requests/repo.js';
import { listAudit } from '../signing/trail/audit-repo.js';
import { documentIdsOf, ordersOf, requestsOf } from './contents.js';

type Row = Record<string, unknown>;

/**
 * Fields that are secrets of the service, not data about the person: hashes of live links and
 * codes, leases. Everything else is exported as stored.
 */
const INTERNAL = new Set([
  'token_hash',
  'token_expires_at',
  'last_write',
  'pay_attempt',
  'pay_attempt_until',
  'seal_lease_by',
  'seal_lease_until',
]);

const clean = (item: object): Row =>
  Object.fromEntries(Object.entries(item).filter(([k]) => !INTERNAL.has(k)));

/** The ledger, every page (newest first), settled first by listTransactions. */
async function allTransactions(owner: string): Promise<Row[]> {
  const out: Row[] = [];
  let cursor: string | undefined;
  do {
    const page = await listTransactions(owner, { limit: 100, cursor });
    out.push(...page.transactions.map(clean));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return out;
}

/** 'Descargar mis datos': everything the account holds (docs/privacy.md lists each record). */
export async function exportAccount(sub: string, email: string, now: Date): Promise<AccountExport> {
  const owner = userOwner(sub);
  const [
    profile,
    contact,
    savedSigners,
    requests,
    summaries,
    wallet,
    transactions,
    subs,
    memberships,
  ] = await Promise.all([
    getProfile(sub),
    getContact(email),
    listSavedSigners(sub),
    requestsOf(sub),
    ordersOf(sub),
    readWallet(owner),
    allTransactions(owner),
    listSubscriptions(owner),
    listUserMemberships(sub),
  ]);
  const docIds = await documentIdsOf(sub, requests);
  const documents = (await Promise.all(docIds.map((id) => getOwnedDocument(id, sub)))).flatMap(
    (d) => (d ? [clean(d)] : []),
  );
  const orders = [];
  for (const summary of summaries) {
    const order = await getOrder(summary.id);
    if (!order || order.user_sub !== sub) continue;
    const [{ lines, signers }, trail] = await Promise.all([
      getOrderParts(order),
      listAudit(order.id),
    ]);
    orders.push({
      order: clean(order),
      lines: lines.map(clean),
      signers: signers.map(clean),
      trail: trail.map(clean),
    });
  }
  return {
    format: ACCOUNT_EXPORT_FORMAT,
    exported_at: now.toISOString(),
    account: { id: sub, email },
    profile: profile ? clean(profile) : null,
    contact: contact ? clean(contact) : null,
    saved_signers: savedSigners.map(clean),
    documents,
    requests: requests.map(clean),
    orders,
    credits: {
      wallet: wallet ? clean(wallet) : null,
      transactions,
    },
    subscriptions: subs.map((s) => clean(toSubscription(s))),
    memberships: memberships.map(clean),
  };
}
