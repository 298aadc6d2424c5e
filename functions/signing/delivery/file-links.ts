import type { Order } from '../../../shared/contract/orders.js';
import type { OrderRecord } from '../../orders/repo.js';
import { presignedDownload } from '../../platform/storage.js';
import { originalOf } from '../sealing/original.js';

/** How long an order's file links work: the modal is reopened for a new one. */
const LINK_SECONDS = 10 * 60;

const attachment = (name: string) => `attachment; filename*=UTF-8''${encodeURIComponent(name)}`;

/** "contrato.pdf" → "contrato-firmado.pdf" (the sealed file is always a PDF). */
export function sealedFileName(documentName: string): string {
  const base = documentName.replace(/\.(pdf|docx?|PDF|DOCX?)$/, '') || 'documento';
  return `${base}-firmado.pdf`;
}

/** "contrato.pdf" → "contrato-notarizado.pdf". */
export function notarizedFileName(documentName: string): string {
  const base = documentName.replace(/\.(pdf|docx?|PDF|DOCX?)$/, '') || 'documento';
  return `${base}-notarizado.pdf`;
}

/** A short-lived link to an order's notarized PDF, or null before the notary delivered it. */
export async function notarizedLink(order: OrderRecord): Promise<string | null> {
  if (!order.notarized_file_key) return null;
  return presignedDownload({
    key: order.notarized_file_key,
    contentType: 'application/pdf',
    disposition: attachment(notarizedFileName(order.document_name)),
    expiresInSeconds: LINK_SECONDS,
  });
}

/** "contrato.pdf" → "contrato-firma-avanzada.pdf". */
export function feaSignedFileName(documentName: string): string {
  const base = documentName.replace(/\.(pdf|docx?|PDF|DOCX?)$/, '') || 'documento';
  return `${base}-firma-avanzada.pdf`;
}

/** A short-lived link to the PDF the FEA provider signed, or null (no FEA, or not sealed). */
export async function feaSignedLink(order: OrderRecord): Promise<string | null> {
  if (!order.fea_signed_key) return null;
  return presignedDownload({
    key: order.fea_signed_key,
    contentType: 'application/pdf',
    disposition: attachment(feaSignedFileName(order.document_name)),
    expiresInSeconds: LINK_SECONDS,
  });
}

/** A short-lived link to an order's sealed PDF, or null before the seal. */
export async function sealedLink(order: OrderRecord): Promise<string | null> {
  if (!order.sealed_file_key) return null;
  return presignedDownload({
    key: order.sealed_file_key,
    contentType: 'application/pdf',
    disposition: attachment(sealedFileName(order.document_name)),
    expiresInSeconds: LINK_SECONDS,
  });
}

/**
 * The order's file URLs (customer-flows §3: original, signed, notarized) as short-lived links
 * for its owner: the stored files are private, so the order keeps their keys and hands out a
 * presigned GET each time it is read.
 */
export async function withFileLinks(order: Order, record: OrderRecord, nowEpoch: number) {
  const file = await originalOf(record, nowEpoch);
  const original = file
    ? await presignedDownload({
        key: file.key,
        contentType: file.contentType,
        disposition: attachment(file.fileName),
        expiresInSeconds: LINK_SECONDS,
      })
    : null;
  const [signed, notarized, feaSigned] = await Promise.all([
    sealedLink(record),
    notarizedLink(record),
    feaSignedLink(record),
  ]);
  return {
    ...order,
    original_file_url: original,
    signed_file_url: signed,
    notarized_file_url: notarized,
    fea_signed_file_url: feaSigned,
  };
}
