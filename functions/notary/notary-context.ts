import { organizationsEs } from '../../shared/messages/organizations.es.js';
import type { ActingAs } from '../organizations/acting-as.js';
import { forbidden } from '../platform/errors.js';

/**
 * The notary the call acts for: the work context must be a notary organisation (the membership
 * itself was checked by contextRoute). Otherwise 403 with the spec's text.
 */
export function notaryOf(acting: ActingAs): string {
  if (acting.kind !== 'organization' || acting.organizationType !== 'notary') {
    throw forbidden(organizationsEs.notaryContextRequired);
  }
  return acting.organizationId;
}
