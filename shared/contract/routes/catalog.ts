import * as catalog from '../catalog.js';
import { okResponse } from '../common.js';
import { route } from '../route-def.js';

/** Routes of the service catalogue (the whole table is ../routes.ts). */

export const listCountryServices = route({
  id: 'listCountryServices',
  method: 'GET',
  path: '/api/catalog/services',
  auth: 'public',
  handler: 'catalog/list-services',
  summary:
    'Notarial services and signature types on sale in a country (document_legalization flow), with their price there and whether each is available yet',
  access: { table: 'read' },
  query: catalog.listServicesQuery,
  response: catalog.listServicesResponse,
});

export const joinWaitlist = route({
  id: 'joinWaitlist',
  method: 'POST',
  path: '/api/waitlist',
  auth: 'public',
  handler: 'contacts/join-waitlist',
  summary:
    "'Avísame': records an address as a CRM contact waiting for an item not available yet; the same answer whether or not the address was known (limited per client address)",
  access: { table: 'write' },
  request: catalog.joinWaitlistRequest,
  response: okResponse,
});
