import { createHash } from 'node:crypto';
import { accountEs } from '../../shared/messages/account.es.js';
import { fmt } from '../../shared/messages/fmt.js';
import { identity as cognitoIdentity, type Identity } from '../auth/identity.js';
import { deletePendingSignUp } from '../auth/pending-signups.js';
import { deleteContact } from '../contacts/repo.js';
import { userOwner } from '../credits/keys.js';
import { deleteDocumentOfAccount } from '../documents/repo.js';
import { cancelSubscription, listSubscriptions } from '../features/repo.js';
import { deleteCheckouts } from '../orders/payment-records.js';
import { pseudonymiseOrderOwner } from '../orders/repo.js';
import { AppError, unauthorized } from '../platform/errors.js';
import { logger } from '../platform/logger.js';
import { deleteObject, listKeys } from '../platform/storage.js';
import { deleteProfile } from '../profile/repo.js';
import { pseudonymiseReceipts } from '../receipts/repo.js';
import { deleteOwnedRequest, deleteSavedSignerById, listSavedSigners } from '../requests/repo.js';
import { documentFolders, documentIdsOf, inProgress, ordersOf, requestsOf } from './contents.js';
import { assertMayLeaveAll, leaveAllOrganizations } from './memberships.js';
import { type DeletionMarker, finishDeletion, getDeletion, startDeletion } from './repo.js';

/**
 * 'Eliminar mi cuenta' (docs/privacy.md, "Deleting an account"). Confirmed with the current
 * password, refused while an order is in progress; then, after a marker that makes it
 * resumable: the account can no longer sign in, its personal data is deleted, the records the
 * law keeps (orders with their evidence, the ledger, refunds) stay under a pseudonym, and last
 * the Cognito user is deleted. Every step is idempotent, so a retry after a failure halfway
 * (the marker found) finishes the same deletion.
 */

/** The same for every try of one account: a retry writes the same values. */
export const pseudonymOf = (sub: string) =>
  `${accountEs.pseudonymName} ${createHash('sha256').update(`sello-deleted:${sub}`).digest('hex').slice(0, 8)}`;

export async function deleteAccount(
  sub: string,
  password: string,
  now: Date,
  identity: Identity = cognitoIdentity,
): Promise<{ keptOrders: number }> {
  const marker = (await getDeletion(sub)) ?? (await confirm(sub, password, now, identity));
  if (marker.completed_at) return { keptOrders: marker.kept_orders ?? 0 };
  // From here the owner's decision is recorded: first nobody signs in with it any more.
  await identity.disable(sub);
  await identity.signOutEverywhere(sub).catch((err: unknown) => {
    if ((err as { name?: string })?.name !== 'UserNotFoundException') throw err;
  });
  const keptOrders = await eraseData(sub, marker, now.toISOString());
  await identity.deleteUser(sub);
  await finishDeletion(sub, now.toISOString(), keptOrders);
  logger.info('account deleted', { keptOrders });
  return { keptOrders };
}

/** The owner's confirmation: the right password and no order in progress; then the marker. */
async function confirm(
  sub: string,
  password: string,
  now: Date,
  identity: Identity,
): Promise<DeletionMarker> {
  const user = await identity.getUser(sub);
  if (!user || user.sub !== sub) throw unauthorized();
  if (!(await identity.checkPassword(user.email, password))) {
    throw new AppError('VALIDATION', accountEs.wrongPassword, {
      password: accountEs.wrongPassword,
    });
  }
  const moving = (await ordersOf(sub)).filter(inProgress);
  if (moving.length) {
    const orders = moving.map((o) => o.order_number).join(', ');
    throw new AppError('BUSINESS_RULE', fmt(accountEs.ordersInProgress, { orders }));
  }
  await assertMayLeaveAll(sub);
  return startDeletion({
    sub,
    pseudonym: pseudonymOf(sub),
    email: user.email,
    started_at: now.toISOString(),
  });
}

/** Deletes the personal data and pseudonymises what is kept; returns the orders kept. */
async function eraseData(sub: string, marker: DeletionMarker, now: string): Promise<number> {
  for (const s of await listSavedSigners(sub)) await deleteSavedSignerById(sub, s.id);

  const requests = await requestsOf(sub);
  const docIds = await documentIdsOf(sub, requests);
  for (const r of requests) {
    await deleteCheckouts(r.id);
    await deleteOwnedRequest(r.id, sub);
  }
  // Items first, then files: a document item never points at a file that is gone.
  for (const id of docIds) await deleteDocumentOfAccount(id, sub);
  for (const folder of documentFolders(sub)) {
    for (let keys = await listKeys(folder); keys.length; keys = await listKeys(folder)) {
      for (const k of keys) await deleteObject(k);
    }
  }

  const owner = userOwner(sub);
  for (const s of await listSubscriptions(owner)) {
    if (s.is_active || s.auto_renew) await cancelSubscription(owner, s.id);
  }

  const orders = await ordersOf(sub);
  const billing = pseudonymousBilling(marker.pseudonym);
  for (const o of orders) await pseudonymiseOrderOwner(o.id, sub, billing, now);
  await pseudonymiseReceipts(sub, marker.pseudonym);
  await leaveAllOrganizations(sub, marker.pseudonym, now);

  if (marker.email) await deleteContact(marker.email);
  await deletePendingSignUp(sub);
  await deleteProfile(sub);
  return orders.length;
}

/** The billing block of a kept order once its owner is gone: the pseudonym, nothing else. */
function pseudonymousBilling(pseudonym: string) {
  return {
    first_name: accountEs.pseudonymName,
    last_name: pseudonym.slice(accountEs.pseudonymName.length + 1),
    email: '',
    phone: '',
    company: null,
    address: '',
    city: '',
    whatsapp: '',
    billing_country_id: '',
    region_province: '',
  };
}
