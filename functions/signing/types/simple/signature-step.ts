import { randomBytes } from 'node:crypto';
import type { SigningResponse } from '../../../../shared/contract/signing.js';
import { signingEs as t } from '../../../../shared/messages/signing.es.js';
import { digest } from '../../../documents/stored-file.js';
import { newLinkMarker } from '../../../mail/link-tokens.js';
import { outboxPut } from '../../../mail/outbox.js';
import type { TransactItem } from '../../../orders/keys.js';
import type { OrderRecord } from '../../../orders/repo.js';
import { signingLinkExpiry } from '../../../orders/service.js';
import { getSigner, type SignerRecord } from '../../../orders/signer-records.js';
import { signingLinkMail } from '../../../orders/signing-mail.js';
import { tableName } from '../../../platform/db.js';
import { logger } from '../../../platform/logger.js';
import { deleteObject, putObject } from '../../../platform/storage.js';
import { requestSigningUpdate } from '../../../requests/repo.js';
import { epochOf, type Live, signerEvent } from '../../link/context.js';
import { nextReminderAt, REMINDER_INDEX, reminderSortKey } from '../../link/reminders.js';
import { SEALING_INDEX, sealRunPut } from '../../sealing/seal-runs.js';
import { VERIFIED_FOR_SECONDS } from '../../steps/email-code.js';
import { codeSendScreen, sessionExpiredScreen, signatureScreen } from '../../steps/screens.js';
import { signedOutcome } from '../../steps/signed-outcome.js';
import type { AuditInput } from '../../trail/audit-chain.js';
import { auditedWrite } from '../../trail/audited-write.js';
import { parseSignaturePng } from './signature-image.js';

/**
 * Applying a signature (docs/data-model.md pattern 88): in ONE transaction the signer becomes
 * 'signed' (its link stops working), the signature and its evidence are stored, the order's
 * sign_count moves (its condition on the previous count and the audit head makes two signers
 * at once land one after the other, each counted once), the request mirrors it, and the last
 * signature moves the order to sealing.
 */
export async function submitSignature(live: Live): Promise<SigningResponse> {
  const p = live.session.progress;
  const nowIso = live.input.now.toISOString();
  const verifiedAt = p.code_verified_at ? Date.parse(p.code_verified_at) / 1000 : 0;
  if (!p.viewed_sha256 || !verifiedAt) {
    return codeSendScreen(live.ctx, { message: t.codeMissing, code: 'SIG-CODE-MISSING' });
  }
  if (verifiedAt + VERIFIED_FOR_SECONDS <= epochOf(live.input.now)) {
    return codeSendScreen(live.ctx, { message: t.codeExpired, code: 'SIG-CODE-EXPIRED' });
  }
  const typed = (live.input.body.typed_name ?? '').replace(/\s+/g, ' ').trim();
  const drawn = live.input.body.signature_image;
  if (!typed && !drawn) return signatureScreen(live.ctx, t.signatureMissing);
  if (typed && typed.length < 3) return signatureScreen(live.ctx, t.typedNameShort);
  const png = drawn ? parseSignaturePng(drawn) : undefined;
  if (drawn && !png) return signatureScreen(live.ctx, t.signatureImageInvalid);

  // The drawn image goes first, under a key of its own: a signature that does not land
  // leaves an object nothing references, deleted below.
  let image: { key: string; sha256: string } | undefined;
  if (png) {
    const d = digest(png);
    const key = `evidence/${live.order.id}/sig-${live.signer.id}-${randomBytes(6).toString('hex')}.png`;
    await putObject({ key, bytes: png, contentType: 'image/png', sha256Base64: d.base64 });
    image = { key, sha256: d.hex };
  }

  // In order: the next signer's link is issued by this same transaction.
  const nextId = live.order.sign_in_order
    ? live.order.signer_ids[live.signer.signer_index]
    : undefined;
  const next = nextId ? await getSigner(nextId) : undefined;

  const res = await auditedWrite(live.order.id, nowIso, (order) => {
    const before = order.sign_count ?? 0;
    const count = before + 1;
    const last = count >= order.signers_count;
    const handOver = !last && order.sign_in_order === true && next ? next : undefined;
    const events: AuditInput[] = [
      signerEvent(live, 'signature_applied', {
        method: png ? 'drawn' : 'typed',
        // Who signed, as the chain's hashes cover it: the identity the requester declared (name,
        // RUT as entered, e-mail: not verified by Sello for a simple signature), the name typed.
        signer_name: `${live.signer.first_name} ${live.signer.last_name}`.trim(),
        signer_rut_declared: live.signer.id_number || null,
        signer_email: live.signer.email,
        typed_name: typed || null,
        document_sha256: p.viewed_sha256 ?? null,
        image_sha256: image?.sha256 ?? null,
        consent_version: p.consent_version ?? null,
      }),
    ];
    if (last) events.push({ kind: 'all_signed', actor: { type: 'system' } });
    if (handOver) {
      events.push({ kind: 'link_issued', actor: { type: 'system' }, signer_id: handOver.id });
    }
    const items: TransactItem[] = [
      {
        Update: {
          TableName: tableName(),
          Key: { pk: `SIGNER#${live.signer.id}`, sk: 'META' },
          UpdateExpression:
            'SET estado_firma = :signed, signed_at = :now, signature_type = :type, updated_at = :now REMOVE token_hash, token_expires_at, reminder_due_at, gsi1pk, gsi1sk',
          ConditionExpression:
            'token_hash = :lh AND estado_firma = :pending AND attribute_not_exists(link_revoked_at)',
          ExpressionAttributeValues: {
            ':signed': 'signed',
            ':pending': 'pending',
            ':now': nowIso,
            ':type': live.session.signature_type,
            ':lh': live.session.link_token_hash,
          },
        },
      },
      {
        Put: {
          TableName: tableName(),
          Item: {
            pk: `SIGNER#${live.signer.id}`,
            sk: 'SIGNATURE',
            type: 'Signature',
            order_id: order.id,
            signature_type: live.session.signature_type,
            method: png ? 'drawn' : 'typed',
            typed_name: typed || null,
            image_key: image?.key ?? null,
            image_sha256: image?.sha256 ?? null,
            document_sha256: p.viewed_sha256,
            code_id: p.code_id,
            code_verified_at: p.code_verified_at,
            consent_version: p.consent_version,
            ip: live.input.ip,
            user_agent: live.input.userAgent.slice(0, 256),
            signed_at: nowIso,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      requestSigningUpdate(order.request_id, {
        signCount: count,
        overall: last ? 'signed' : 'pending',
      }),
      ...(handOver ? nextLinkItems(order, handOver, live.input.now) : []),
      // The last signature starts the seal: this run's INSERT becomes its queue message.
      ...(last ? [sealRunPut(order.id, 1, 'last_signature', live.input.now)] : []),
    ];
    const turn = order.sign_in_order === true;
    return {
      items,
      events,
      order: {
        set: [
          'sign_count = :count',
          'updated_at = :now',
          ...(last
            ? [
                'signing_stage = :sealing',
                'sealing_since = :now',
                'gsi2pk = :sealIdx',
                'gsi2sk = :sealKey',
              ]
            : []),
          ...(turn ? ['turn = :nextTurn'] : []),
        ].join(', '),
        condition:
          '#st = :processing AND (' +
          (before === 0 ? 'attribute_not_exists(sign_count) OR ' : '') +
          'sign_count = :before)' +
          // The turn is checked here, with the signature: a forwarded or stale link of a
          // later signer can never sign early.
          (turn ? ' AND turn = :myTurn' : ''),
        names: { '#st': 'status' },
        values: {
          ':processing': 'processing',
          ':count': count,
          ':before': before,
          ':now': nowIso,
          ...(last
            ? {
                ':sealing': 'sealing',
                ':sealIdx': SEALING_INDEX,
                ':sealKey': `${nowIso}#${order.id}`,
              }
            : {}),
          ...(turn
            ? {
                ':myTurn': live.signer.signer_index,
                ':nextTurn': last ? null : live.signer.signer_index + 1,
              }
            : {}),
        },
      },
    };
  });
  if (!res.ok) {
    if (image) await deleteObject(image.key).catch(() => undefined);
    logger.info('signing: signature did not land', { failed: String(res.failed) });
    // Signed meanwhile in another tab: show that; otherwise the link or order changed.
    const now = await getSigner(live.signer.id);
    if (now?.estado_firma === 'signed') return signedOutcome(live.order, now, live.ctx);
    return sessionExpiredScreen();
  }
  return signedOutcome(live.order, { ...live.signer, signed_at: nowIso }, live.ctx, true);
}

/**
 * The next signer's link (in order): its first version issued on the signer and its mail in the
 * outbox, which mints the token when it sends (functions/mail/link-tokens.ts): no token here.
 */
function nextLinkItems(order: OrderRecord, next: SignerRecord, now: Date): TransactItem[] {
  const version = (next.link_version ?? 0) + 1;
  const marker = newLinkMarker();
  const expires = signingLinkExpiry(now);
  const due = nextReminderAt(expires, 0) ?? expires;
  return [
    {
      Update: {
        TableName: tableName(),
        Key: { pk: `SIGNER#${next.id}`, sk: 'META' },
        UpdateExpression:
          'SET link_version = :v, token_expires_at = :exp, updated_at = :now, reminder_due_at = :due, reminders_sent = :zero, gsi1pk = :rpk, gsi1sk = :rsk REMOVE turn_waiting, token_hash',
        ConditionExpression:
          'turn_waiting = :yes AND estado_firma = :pending AND attribute_not_exists(link_revoked_at)',
        ExpressionAttributeValues: {
          ':v': version,
          ':exp': expires,
          ':now': now.toISOString(),
          ':yes': true,
          ':pending': 'pending',
          ':due': due,
          ':zero': 0,
          ':rpk': REMINDER_INDEX,
          ':rsk': reminderSortKey(due, next.id),
        },
      },
    },
    outboxPut(
      signingLinkMail(order, next, marker),
      { kind: 'signing_link', signer_id: next.id, link_version: version },
      now,
      marker,
    ),
  ];
}
