import * as orgs from '../organizations.js';
import { route } from '../route-def.js';

/** Routes of organisations and work contexts (the whole table is ../routes.ts). */

export const listMyContexts = route({
  id: 'listMyContexts',
  method: 'GET',
  path: '/api/me/contexts',
  auth: 'user',
  handler: 'organizations/list-contexts',
  summary: "The caller's work contexts: Personal and each active membership, with balances",
  access: { table: 'read' },
  response: orgs.listContextsResponse,
});

export const createOrganization = route({
  id: 'createOrganization',
  method: 'POST',
  path: '/api/organizations',
  auth: 'user',
  handler: 'organizations/create-organization',
  summary: "'Crear Organización': a company with the caller as its owner (idempotent by key)",
  access: { table: 'write' },
  request: orgs.createOrganizationRequest,
  response: orgs.organizationResponse,
});
