import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { fmt } from '../../shared/messages/fmt.js';
import { ordersEs as t } from '../../shared/messages/orders.es.js';
import { unavailableCodes } from '../catalog/availability.js';
import { outboxPut } from '../mail/outbox.js';
import { boughtUnavailable } from '../orders/cancel-policy.js';
import { getOrder, type OrderRecord } from '../orders/repo.js';
import { forEachConcurrently } from '../platform/concurrently.js';
import { required } from '../platform/config.js';
import { db, isConditionFailure, scanAll, tableName } from '../platform/db.js';
import { logger } from '../platform/logger.js';
import { layout } from '../platform/mail-templates.js';
import { jobNow, type ScheduledEvent } from './job-time.js';

/**
 * Daily at 09:00 Santiago (issue 21): every open order that bought a signature type or notarial
 * service the catalogue does not deliver yet (catalog/availability.ts) gets its customer told,
 * once, that they can cancel it from 'Mis pedidos' with everything paid given back (the order
 * modal offers it: orders/cancel-policy.ts). The notice and `unavailable_notice_at` are one
 * transaction conditioned on no notice yet and the order still open: safe to run twice.
 *
 * The orders are found by a Scan (docs/data-model.md pattern 69d), the only one in the app and
 * off every request path: these orders were paid before the server stopped selling what they
 * bought, so no index written at checkout could list them; the filter and projection keep each
 * page small, and a day's run reads the table once.
 */
const LANES = 4;

interface OpenOrder {
  id: string;
  country_id: string;
  signature_type?: OrderRecord['signature_type'];
  signature_types?: OrderRecord['signature_types'];
  notarial_code?: string | null;
}

export async function handler(event: ScheduledEvent) {
  const now = new Date(jobNow(event) * 1000);
  const open = await openOrdersNotTold();
  const notDelivered = new Map<string, Promise<Set<string>>>();
  const codesOf = (country: string) => {
    let codes = notDelivered.get(country);
    if (!codes) {
      codes = unavailableCodes(country);
      notDelivered.set(country, codes);
    }
    return codes;
  };
  let found = 0;
  let told = 0;
  await forEachConcurrently(open, LANES, async (o) => {
    if (!boughtUnavailable(o, await codesOf(o.country_id))) return;
    found++;
    const order = await getOrder(o.id);
    if (order?.status !== 'processing' || order.unavailable_notice_at) return;
    if (await tellCustomer(order, now)) told++;
  });
  logger.info('unavailable-orders done', { open: open.length, found, told });
  return { open: open.length, found, told };
}

/** Open orders whose customer was not told yet (pattern 69d), only the fields the rule reads. */
async function openOrdersNotTold(): Promise<OpenOrder[]> {
  return scanAll<OpenOrder>({
    FilterExpression:
      '#type = :order AND #st = :processing AND attribute_not_exists(unavailable_notice_at)',
    ProjectionExpression: '#id, country_id, signature_type, signature_types, notarial_code',
    ExpressionAttributeNames: { '#type': 'type', '#st': 'status', '#id': 'id' },
    ExpressionAttributeValues: { ':order': 'Order', ':processing': 'processing' },
  });
}

async function tellCustomer(order: OrderRecord, now: Date): Promise<boolean> {
  const nowIso = now.toISOString();
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: { pk: `ORDER#${order.id}`, sk: 'META' },
              UpdateExpression: 'SET unavailable_notice_at = :now',
              ConditionExpression:
                'attribute_not_exists(unavailable_notice_at) AND #st = :processing',
              ExpressionAttributeNames: { '#st': 'status' },
              ExpressionAttributeValues: { ':now': nowIso, ':processing': 'processing' },
            },
          },
          outboxPut(
            unavailableMail(order),
            { kind: 'order_notice', order_id: order.id, notice: 'order_unavailable' },
            now,
          ),
        ],
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

function unavailableMail(order: OrderRecord) {
  const base = required('APP_URL').replace(/\/+$/, '');
  return {
    to: order.billing.email,
    subject: fmt(t.unavailableMailSubject, { number: order.order_number }),
    ...layout({
      greeting: fmt(t.unavailableMailGreeting, { name: order.billing.first_name }),
      body: fmt(t.unavailableMailBody, {
        number: order.order_number,
        title: order.title,
        product: order.product_label,
      }),
      action: t.unavailableMailAction,
      url: `${base}/mis-pedidos`,
      note: t.unavailableMailNote,
    }),
  };
}
