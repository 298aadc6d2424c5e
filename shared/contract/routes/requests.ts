import { okResponse } from '../common.js';
import * as requests from '../requests.js';
import { route } from '../route-def.js';

/** Routes of signing requests (the wizard and the cart) and saved signers. */

export const createRequest = route({
  id: 'createRequest',
  method: 'POST',
  path: '/api/requests',
  auth: 'user',
  handler: 'requests/create-request',
  summary: 'Creates a pending request for an uploaded document in a country (leaving step 1)',
  access: { table: 'write' },
  request: requests.createRequestRequest,
  response: requests.requestResponse,
});

export const listRequests = route({
  id: 'listRequests',
  method: 'GET',
  path: '/api/requests',
  auth: 'user',
  handler: 'requests/list-requests',
  summary: "The caller's pending requests (the cart), newest first, with currency and quote",
  access: { table: 'read' },
  response: requests.listRequestsResponse,
});

export const getRequest = route({
  id: 'getRequest',
  method: 'GET',
  path: '/api/requests/{id}',
  auth: 'user',
  handler: 'requests/get-request',
  summary: "One of the caller's requests with its quote from the catalogue",
  access: { table: 'read' },
  response: requests.requestResponse,
});

export const updateRequest = route({
  id: 'updateRequest',
  method: 'PATCH',
  path: '/api/requests/{id}',
  auth: 'user',
  handler: 'requests/update-request',
  summary:
    'Saves wizard progress on a pending request: services, signers (§5 rules), delivery, country, document',
  access: { table: 'write' },
  request: requests.updateRequestRequest,
  response: requests.requestResponse,
  maxBodyBytes: 32 * 1024,
});

export const deleteRequest = route({
  id: 'deleteRequest',
  method: 'DELETE',
  path: '/api/requests/{id}',
  auth: 'user',
  handler: 'requests/delete-request',
  summary: "Deletes one of the caller's pending requests",
  access: { table: 'write' },
  response: okResponse,
});

export const listSavedSigners = route({
  id: 'listSavedSigners',
  method: 'GET',
  path: '/api/saved-signers',
  auth: 'user',
  handler: 'requests/list-saved-signers',
  summary: "The caller's saved signers and whether the saved_signers_access feature is active",
  access: { table: 'read' },
  response: requests.listSavedSignersResponse,
});

export const saveSigner = route({
  id: 'saveSigner',
  method: 'POST',
  path: '/api/saved-signers',
  auth: 'user',
  handler: 'requests/save-signer',
  summary: 'Saves a signer (needs saved_signers_access; one per e-mail)',
  access: { table: 'write' },
  request: requests.saveSignerRequest,
  response: requests.savedSignerResponse,
});

export const deleteSavedSigner = route({
  id: 'deleteSavedSigner',
  method: 'DELETE',
  path: '/api/saved-signers/{id}',
  auth: 'user',
  handler: 'requests/delete-saved-signer',
  summary: "Deletes one of the caller's saved signers (needs saved_signers_access)",
  access: { table: 'write' },
  response: okResponse,
});
