import type { DocumentView } from '../../../../shared/contract/documents';
import { es } from '../../../../shared/messages.es';
import { ApiError, apiCall } from '../../lib/api';
import { postToStorage, StorageUploadError } from '../../lib/presignedPost';
import { DOCUMENT_MIME, documentKindOf, fileProblem } from './wizardRules';

/**
 * The upload of step 1 (§2.5, §7.4): the API registers the document and answers a presigned
 * POST limited to the caller's folder, type and size; the browser sends the file straight to
 * S3 (progress reported); then the API checks what arrived (size, real type by its bytes) and
 * marks it ready, or deletes it and says why.
 */
export class UploadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UploadError';
  }
}

/**
 * Statuses whose message the API wrote for the user: the file itself is the problem, or (503)
 * the store did not answer and the user should try again in a while.
 */
const USER_FACING = new Set([400, 404, 409, 413, 422, 503]);

/** The message to show for a failed upload: the server's Spanish text, else the spec's. */
export function uploadErrorMessage(err: unknown): string {
  if (err instanceof UploadError || err instanceof StorageUploadError) return err.message;
  if (err instanceof ApiError && USER_FACING.has(err.status) && err.message) return err.message;
  return es.documents.uploadError;
}

export async function uploadDocument(
  file: File,
  onProgress: (fraction: number) => void,
): Promise<DocumentView> {
  const problem = fileProblem(file);
  const kind = documentKindOf(file.name);
  if (problem || !kind) throw new UploadError(problem ?? es.documents.invalidType);
  const created = await apiCall('createDocumentUpload', {
    // The type by extension: browsers often give no type (or another one) for Word files.
    body: { file_name: file.name, content_type: DOCUMENT_MIME[kind], size: file.size },
  });
  await postToStorage(created.upload, file, onProgress, es.documents.uploadError);
  const done = await apiCall('completeDocumentUpload', { params: { id: created.document.id } });
  return done.document;
}
