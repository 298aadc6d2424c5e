import { randomBytes } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { StackInfo } from '../../local/stack.js';
import { OUTBOX_TYPE } from '../../shared/contract/queues.js';

/** This test process's AWS clients aimed at the stack's table and mail, as its handlers are. */
function pointAt(stack: StackInfo) {
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_ENDPOINT_URL_DYNAMODB: stack.endpoints.dynamodb,
    AWS_ENDPOINT_URL_SESV2: stack.endpoints.mail,
    TABLE_NAME: stack.tableName,
    MAIL_FROM: 'Sello <no-responder@sello.test>',
    // The stack's key stays in the stack. A sender with its own key still mails working links:
    // whoever holds the lease writes the hash of the token it mails.
    LINK_TOKEN_KEY: process.env.LINK_TOKEN_KEY ?? randomBytes(32).toString('base64url'),
  });
}

/** The ids of the signing-link mails written for these signers (every scan page). */
export async function outboxIdsOfSigners(stack: StackInfo, signerIds: string[]): Promise<string[]> {
  pointAt(stack);
  const { db } = await import('../../functions/platform/db.js');
  const wanted = new Set(signerIds);
  const ids: string[] = [];
  let from: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new ScanCommand({
        TableName: stack.tableName,
        FilterExpression: '#t = :o',
        ExpressionAttributeNames: { '#t': 'type' },
        ExpressionAttributeValues: { ':o': OUTBOX_TYPE },
        ExclusiveStartKey: from,
      }),
    );
    for (const item of page.Items ?? []) {
      const after = item.after as { signer_id?: string };
      if (after.signer_id && wanted.has(after.signer_id)) ids.push(item.id as string);
    }
    from = page.LastEvaluatedKey;
  } while (from);
  return ids;
}

/** The outbox sender of functions/mail, run in this process against the stack. */
export async function senderHere(stack: StackInfo) {
  pointAt(stack);
  const { deliverOutbox, defaultSenderDeps } = await import(
    '../../functions/mail/outbox-sender.js'
  );
  const { afterSent } = await import('../../functions/mail/send-outbox.js');
  const deps = defaultSenderDeps(afterSent);
  return (id: string) => deliverOutbox(id, deps);
}
