import type { TransactItem } from '../orders/keys.js';
import { tableName } from '../platform/db.js';
import { notarySettingsKey } from './keys.js';

/**
 * The moves of a notary's load and counters (`ORG#{id}` / `NOTARY`), as elements of the
 * assignment's transactions: they change together with the assignment, or not at all.
 */
export interface CounterMoves {
  open?: number;
  pending?: number;
  processing?: number;
  completed?: number;
  received?: number;
  processed?: number;
  minutes?: number;
}

const FIELD: Record<keyof CounterMoves, string> = {
  open: 'open_assignments',
  pending: 'count_pending',
  processing: 'count_processing',
  completed: 'count_completed',
  received: 'received',
  processed: 'processed',
  minutes: 'processing_minutes_sum',
};

/**
 * ADD the moves to the notary's counters. `mustTake`: the notary must be active and below its
 * open limit (a new assignment); otherwise the item must only exist.
 */
export function counterUpdate(orgId: string, moves: CounterMoves, mustTake = false): TransactItem {
  const entries = Object.entries(moves).filter(([, v]) => v) as [keyof CounterMoves, number][];
  const values: Record<string, unknown> = {};
  // Every field through a name placeholder: some (`processed`) are DynamoDB reserved words.
  const names: Record<string, string> = {};
  const adds = entries.map(([k, v]) => {
    values[`:${k}`] = v;
    names[`#${k}`] = FIELD[k];
    return `#${k} :${k}`;
  });
  if (mustTake) values[':true'] = true;
  return {
    Update: {
      TableName: tableName(),
      Key: notarySettingsKey(orgId),
      UpdateExpression: `ADD ${adds.join(', ')}`,
      ConditionExpression: mustTake
        ? 'active = :true AND (attribute_not_exists(open_assignments) OR open_assignments < max_open)'
        : 'attribute_exists(pk)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}
