import type { PDFDocument } from '@cantoo/pdf-lib';
import { fmt } from '../../../shared/messages/fmt.js';
import { sealEs } from '../../../shared/messages/seal.es.js';

/**
 * A Word original is never converted on the server: the sealed file is an evidence PDF (the
 * certificate and signatures pages) with the original embedded unchanged as an attachment and
 * its SHA-256 cited, so the seal covers the exact bytes that were signed. A PDF an accredited
 * provider signed (FEA) is treated the same way: any change to it would break its signatures.
 */

const MIME = {
  'signed-pdf': 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;

export async function createEvidencePdf(
  original: Uint8Array,
  originalName: string,
  kind: keyof typeof MIME,
  sha256: string,
  sealedAt: string,
): Promise<PDFDocument> {
  const { PDFDocument, AFRelationship } = await import('@cantoo/pdf-lib');
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(originalName);
  await doc.attach(original, originalName, {
    mimeType: MIME[kind],
    description: fmt(sealEs.attachmentDescription, { sha256 }),
    creationDate: new Date(sealedAt),
    modificationDate: new Date(sealedAt),
    afRelationship: AFRelationship.Source,
  });
  return doc;
}
