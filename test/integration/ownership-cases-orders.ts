import type { RouteId } from '../../shared/contract/routes.js';
import type { OwnershipCase } from './ownership-cases.js';

/** Ownership cases of the orders routes (merged into ownershipCases). */
export const ordersOwnershipCases: Partial<Record<RouteId, OwnershipCase>> = {};
