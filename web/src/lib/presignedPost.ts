/**
 * A file sent straight to storage with a presigned POST (the document upload of the wizard, the
 * notary's notarized PDF): multipart/form-data with the policy fields first, then the file (S3
 * requires that order), progress reported. S3's own answers (XML: EntityTooLarge,
 * AccessDenied...) are nothing the user should read: any failure rejects with `failMessage`.
 */
export function postToStorage(
  upload: { url: string; fields: Record<string, string> },
  file: File,
  onProgress: (fraction: number) => void,
  failMessage: string,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(upload.fields)) form.append(k, v);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', upload.url);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(1, e.loaded / e.total));
    };
    const fail = () => reject(new StorageUploadError(failMessage));
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : fail());
    xhr.onerror = fail;
    xhr.onabort = fail;
    xhr.send(form);
  });
}

/** A failed POST to storage, with the message to show. */
export class StorageUploadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StorageUploadError';
  }
}
