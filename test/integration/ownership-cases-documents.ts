import type { RouteId } from '../../shared/contract/routes.js';
import type { OwnershipCase } from './ownership-cases.js';

/** Ownership cases of the documents routes (merged into ownershipCases). */
export const documentsOwnershipCases: Partial<Record<RouteId, OwnershipCase>> = {};
