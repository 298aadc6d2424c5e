import { describe, expect, it } from 'vitest';
import { es } from '../../../../shared/messages.es';
import { ApiError } from '../../lib/api';
import { UploadError, uploadErrorMessage } from './upload';

describe('the message of a failed upload', () => {
  it('shows the server’s Spanish text when it wrote one for the user', () => {
    expect(uploadErrorMessage(new UploadError(es.documents.invalidType))).toBe(
      es.documents.invalidType,
    );
    expect(uploadErrorMessage(new ApiError(422, 'BUSINESS_RULE', es.documents.empty))).toBe(
      es.documents.empty,
    );
    // The store did not answer: say so, and that a retry later will do.
    expect(uploadErrorMessage(new ApiError(503, 'UNAVAILABLE', es.api.storageUnavailable))).toBe(
      es.api.storageUnavailable,
    );
  });

  it('falls back to the spec’s text for anything else', () => {
    expect(uploadErrorMessage(new ApiError(500, 'INTERNAL', es.api.internal))).toBe(
      es.documents.uploadError,
    );
    expect(uploadErrorMessage(new TypeError('Failed to fetch'))).toBe(es.documents.uploadError);
  });
});
