import type { NotarizedAct } from '../../shared/contract/notarized.js';
import { fmt } from '../../shared/messages/fmt.js';
import { notarizedEs as m } from '../../shared/messages/notarized.es.js';
import { isActDateAllowed } from '../../shared/rules/notarized-act.js';
import { getOrderParts } from '../orders/repo.js';
import { AppError } from '../platform/errors.js';
import { appBase, deliveryItems } from '../signing/delivery/delivery.js';
import type { ActionInput } from './actions.js';
import type { AssignmentRecord } from './assignments-repo.js';
import { decide } from './decide.js';
import { discardUndelivered, getNotarizedUpload } from './notarized-files.js';

export interface NotarizeInput extends ActionInput {
  uploadId: string;
  repertorio: string;
  actDate: string;
  notaryName: string;
}

/**
 * The decision 'notarize': the notary delivers the notarized PDF it uploaded and the server
 * checked (notary/complete-notarized-upload.ts) with the act's data (repertorio, date, notary).
 * The order keeps the file's key and hash and the act; the file goes out by delivery mails as
 * the order's delivery option says (the requester, and the signers when chosen), each with a
 * personal link that downloads it; the order is 'Completado'. One audited transaction
 * (decide.ts); a repeat answers the notarized assignment.
 */
export async function notarize(input: NotarizeInput): Promise<AssignmentRecord> {
  const upload = await getNotarizedUpload(input.assignmentId, input.uploadId);
  if (
    upload?.status !== 'checked' ||
    upload.notary_org_id !== input.orgId ||
    !upload.key ||
    !upload.sha256
  ) {
    throw new AppError('BUSINESS_RULE', m.uploadUnknown, { upload_id: m.uploadUnknown });
  }
  const act: NotarizedAct = {
    repertorio: input.repertorio,
    act_date: input.actDate,
    notary_name: input.notaryName,
    file_name: upload.file_name,
    sha256: upload.sha256,
    signatures: upload.signatures ?? [],
    notarized_at: input.now.toISOString(),
  };
  return decide(input, async (order) => {
    // The signers who receive the file when the order says so (read before the transaction:
    // the recipients do not change once signed).
    const contacts = (await getOrderParts(order)).signers.map((s) => ({
      email: s.email,
      first_name: s.first_name,
    }));
    return {
      status: 'notarized',
      event: 'notary_notarized',
      details: { notarized_sha256: upload.sha256, repertorio: input.repertorio },
      assignmentSet: {
        expr: 'notarized_upload_id = :d_upload, notarized_act = :d_act',
        values: { ':d_upload': upload.upload_id, ':d_act': act },
      },
      orderSet: {
        expr: 'notarized_file_key = :d_key, notarized_sha256 = :d_sha, notarized_act = :d_act',
        values: { ':d_key': upload.key, ':d_sha': upload.sha256, ':d_act': act },
      },
      // A repeat of this delivery answers it; another file delivered meanwhile is a 409.
      same: (a) => a.notarized_upload_id === upload.upload_id,
      check: (order) => {
        if (!isActDateAllowed(input.actDate, order.created_at, input.now)) {
          throw new AppError('VALIDATION', m.actDateInvalid, { act_date: m.actDateInvalid });
        }
      },
      // The files it checked and did not deliver are nobody's now.
      after: () => discardUndelivered(input.assignmentId, upload.upload_id),
      notices: (o, notaryName) => {
        const base = appBase();
        const code = o.verification_code ?? '';
        return deliveryItems(o, { code, contacts }, input.now, {
          file: 'notarized',
          subject: fmt(m.mailSubject, { title: o.title }),
          greeting: m.mailGreeting,
          body: fmt(m.mailBody, {
            notary: notaryName || input.notaryName,
            document: o.document_name,
            number: o.order_number,
            repertorio: input.repertorio,
            date: input.actDate.split('-').reverse().join('-'),
          }),
          action: m.mailAction,
          note: fmt(m.mailNote, { verify: `${base}/verificar/${code}` }),
        }).items;
      },
    };
  });
}
