import * as catalog from '../catalog.js';
import { route } from '../route-def.js';

/** Routes of the service catalogue (the whole table is ../routes.ts). */

export const listCountryServices = route({
  id: 'listCountryServices',
  method: 'GET',
  path: '/api/catalog/services',
  auth: 'public',
  handler: 'catalog/list-services',
  summary:
    'Notarial services and signature types available in a country (document_legalization flow), with their price there',
  access: { table: 'read' },
  query: catalog.listServicesQuery,
  response: catalog.listServicesResponse,
});
