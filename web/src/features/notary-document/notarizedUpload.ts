import type { NotarizedFile } from '../../../../shared/contract/notarized';
import { apiCall } from '../../lib/api';
import { postToStorage } from '../../lib/presignedPost';

/**
 * The notarized PDF's upload: the API hands a presigned POST for this assignment, the browser
 * sends the file straight to storage, then the API checks what arrived (a PDF that opens, not
 * encrypted, its signatures) and answers what it found, or refuses it with the reason.
 */
export async function uploadNotarized(
  assignmentId: string,
  file: File,
  onProgress: (fraction: number) => void,
  failMessage: string,
): Promise<NotarizedFile> {
  const started = await apiCall('createNotarizedUpload', {
    params: { id: assignmentId },
    body: { file_name: file.name, size: file.size },
  });
  await postToStorage(started.upload, file, onProgress, failMessage);
  const done = await apiCall('completeNotarizedUpload', {
    params: { id: assignmentId, uploadId: started.upload_id },
  });
  return done.file;
}
