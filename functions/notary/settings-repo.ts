import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  GetCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { NotarySettings, PutNotarySettingsRequest } from '../../shared/contract/notary.js';
import {
  DEFAULT_ASSIGNMENT_WEIGHT,
  DEFAULT_MAX_OPEN,
  DEFAULT_PROCESS_MINUTES,
  DEFAULT_TAKE_MINUTES,
} from '../../shared/rules/assignment.js';
import { db, queryAll, tableName, withoutKeys } from '../platform/db.js';
import { notarySettingsKey, offerKey, offersPk } from './keys.js';

/**
 * A notary's settings and counters (`ORG#{id}` / `NOTARY`) and its offers (`NOFFER#{service}` /
 * `ORG#{id}`, one per service offered: what the assignment reads). The counters move in the
 * assignment's own transactions (assignments-repo.ts); the settings only here.
 */
export interface NotarySettingsRecord extends Omit<NotarySettings, 'open_assignments'> {
  org_id: string;
  open_assignments: number;
  /** The dashboard's counters, one per tab, and the metrics' totals. */
  count_pending: number;
  count_processing: number;
  count_completed: number;
  received: number;
  processed: number;
  processing_minutes_sum: number;
}

/** What a notary nobody configured yet has: the documented defaults, no service, inactive. */
export function defaultNotarySettings(orgId: string): NotarySettingsRecord {
  return {
    org_id: orgId,
    services_offered: [],
    regions: [],
    assignment_weight: DEFAULT_ASSIGNMENT_WEIGHT,
    take_minutes: DEFAULT_TAKE_MINUTES,
    process_minutes: DEFAULT_PROCESS_MINUTES,
    max_open: DEFAULT_MAX_OPEN,
    active: false,
    open_assignments: 0,
    updated_at: null,
    count_pending: 0,
    count_processing: 0,
    count_completed: 0,
    received: 0,
    processed: 0,
    processing_minutes_sum: 0,
  };
}

function fromItem(orgId: string, item: Record<string, unknown> | undefined): NotarySettingsRecord {
  return {
    ...defaultNotarySettings(orgId),
    ...(item ? withoutKeys<Partial<NotarySettingsRecord>>(item) : {}),
  };
}

/** The settings of one notary (consistent read), with the defaults where none are stored. */
export async function getNotarySettings(orgId: string): Promise<NotarySettingsRecord> {
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: notarySettingsKey(orgId), ConsistentRead: true }),
  );
  return fromItem(orgId, res.Item);
}

/** The settings of several notaries at once (the assignment's candidates), by organisation id. */
export async function getManyNotarySettings(
  orgIds: readonly string[],
): Promise<Map<string, NotarySettingsRecord>> {
  const out = new Map<string, NotarySettingsRecord>();
  for (let i = 0; i < orgIds.length; i += 100) {
    let keys: Record<string, unknown>[] | undefined = orgIds
      .slice(i, i + 100)
      .map((id) => notarySettingsKey(id));
    for (let round = 0; keys?.length && round < 5; round++) {
      const res: BatchGetCommandOutput = await db().send(
        new BatchGetCommand({
          RequestItems: { [tableName()]: { Keys: keys, ConsistentRead: true } },
        }),
      );
      for (const item of res.Responses?.[tableName()] ?? []) {
        const id = String(item.pk).slice('ORG#'.length);
        out.set(id, fromItem(id, item));
      }
      keys = res.UnprocessedKeys?.[tableName()]?.Keys;
    }
  }
  return out;
}

/** One offer of a service: who takes it, where, with which weight. */
export interface OfferRecord {
  org_id: string;
  service: string;
  regions: string[];
  assignment_weight: number;
  active: boolean;
}

/** Every notary offering `service` (one partition per service; notaries are tens, not millions). */
export async function listOffers(service: string): Promise<OfferRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': offersPk(service) },
  });
  return items.map((i) => withoutKeys<OfferRecord>(i));
}

/**
 * Replaces the settings and the offers in ONE transaction: the settings' fields are SET (the
 * counters and the load are left as they are), an offer is put for each service offered, and
 * the offers of the services no longer offered are deleted. The notary's own item is
 * conditioned on the settings read (`previous.updated_at`), so two admins saving at once cannot
 * leave offers that match neither save.
 */
export async function putNotarySettings(
  orgId: string,
  next: PutNotarySettingsRequest,
  previous: NotarySettingsRecord,
  nowIso: string,
): Promise<void> {
  const services = [...new Set(next.services_offered)];
  const regions = [...new Set(next.regions)];
  const dropped = previous.services_offered.filter((s) => !services.includes(s));
  const items: NonNullable<TransactWriteCommandInput['TransactItems']> = [
    {
      Update: {
        TableName: tableName(),
        Key: notarySettingsKey(orgId),
        UpdateExpression: [
          'SET #type = :type, org_id = :org, services_offered = :services, regions = :regions',
          'assignment_weight = :weight, take_minutes = :take, process_minutes = :process',
          'max_open = :max, active = :active, updated_at = :now',
        ].join(', '),
        ConditionExpression: previous.updated_at
          ? 'updated_at = :prev'
          : 'attribute_not_exists(updated_at)',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: {
          ':type': 'NotarySettings',
          ':org': orgId,
          ':services': services,
          ':regions': regions,
          ':weight': next.assignment_weight,
          ':take': next.take_minutes,
          ':process': next.process_minutes,
          ':max': next.max_open,
          ':active': next.active,
          ':now': nowIso,
          ...(previous.updated_at ? { ':prev': previous.updated_at } : {}),
        },
      },
    },
    ...services.map((service) => ({
      Put: {
        TableName: tableName(),
        Item: {
          ...offerKey(service, orgId),
          type: 'NotaryOffer',
          org_id: orgId,
          service,
          regions,
          assignment_weight: next.assignment_weight,
          active: next.active,
        },
      },
    })),
    ...dropped.map((service) => ({
      Delete: { TableName: tableName(), Key: offerKey(service, orgId) },
    })),
  ];
  await db().send(new TransactWriteCommand({ TransactItems: items }));
}
