import type { DocumentView } from '../../../../shared/contract/documents';
import { es } from '../../../../shared/messages.es';
import { ApiError, apiCall } from '../../lib/api';
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
  if (err instanceof UploadError) return err.message;
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
  await postToStorage(created.upload.url, created.upload.fields, file, onProgress);
  const done = await apiCall('completeDocumentUpload', { params: { id: created.document.id } });
  return done.document;
}

/** multipart/form-data POST: the policy fields first, then the file (S3 requires that order). */
function postToStorage(
  url: string,
  fields: Record<string, string>,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(1, e.loaded / e.total));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve();
      // S3 answers XML (EntityTooLarge, AccessDenied...): nothing the user should read.
      else reject(new UploadError(es.documents.uploadError));
    };
    xhr.onerror = () => reject(new UploadError(es.documents.uploadError));
    xhr.onabort = () => reject(new UploadError(es.documents.uploadError));
    xhr.send(form);
  });
}
