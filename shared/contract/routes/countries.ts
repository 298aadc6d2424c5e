import * as countries from '../countries.js';
import { route } from '../route-def.js';

/**
 * Routes of the countries domain (the whole table is ../routes.ts). Handlers import their
 * route from here, so a Lambda bundles only its own domain's schemas.
 */

export const listCountries = route({
  id: 'listCountries',
  method: 'GET',
  path: '/api/countries',
  auth: 'public',
  handler: 'countries/list-countries',
  summary: 'Active countries ordered by name, with currency and AI-analysis availability',
  access: { table: 'read' },
  response: countries.listCountriesResponse,
});

export const detectCountry = route({
  id: 'detectCountry',
  method: 'GET',
  path: '/api/geo',
  auth: 'public',
  handler: 'countries/detect-country',
  summary: "The viewer's country from the CloudFront-Viewer-Country header (null if unknown)",
  access: {},
  response: countries.detectCountryResponse,
});
