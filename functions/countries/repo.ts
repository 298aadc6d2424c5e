import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Country } from '../../shared/contract/countries.js';
import { db, tableName } from '../platform/db.js';

/**
 * Country: `COUNTRY#{id}` / `META`. Active countries also carry gsi1 `COUNTRIES#ACTIVE` /
 * `{name}#{id}`, so "active, ordered by name" is one Query.
 */
export interface CountryItem extends Country {
  is_active: boolean;
}

export async function listActiveCountries(): Promise<Country[]> {
  const out: Country[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': 'COUNTRIES#ACTIVE' },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of res.Items ?? []) {
      out.push({
        id: item.id,
        name: item.name,
        code: item.code,
        currency_code: item.currency_code,
        dial_code: item.dial_code,
        ai_analysis_available: item.ai_analysis_available === true,
        ai_analysis_message: item.ai_analysis_message ?? null,
      });
    }
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}

export async function putCountry(c: CountryItem): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        pk: `COUNTRY#${c.id}`,
        sk: 'META',
        type: 'Country',
        ...c,
        ...(c.is_active
          ? { gsi1pk: 'COUNTRIES#ACTIVE', gsi1sk: `${c.name.toLocaleLowerCase('es')}#${c.id}` }
          : {}),
      },
    }),
  );
}

/**
 * One country by id (GetItem `COUNTRY#{id}` / `META`), active or not, or undefined when
 * unknown. Callers check `is_active` themselves: a paid order may name a country that was
 * deactivated later, while a new purchase must refuse it.
 */
export async function getCountry(countryId: string): Promise<CountryItem | undefined> {
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: { pk: `COUNTRY#${countryId}`, sk: 'META' } }),
  );
  const item = res.Item;
  if (!item) return undefined;
  return {
    id: item.id,
    name: item.name,
    code: item.code,
    currency_code: item.currency_code,
    dial_code: item.dial_code,
    ai_analysis_available: item.ai_analysis_available === true,
    ai_analysis_message: item.ai_analysis_message ?? null,
    is_active: item.is_active === true,
  };
}
