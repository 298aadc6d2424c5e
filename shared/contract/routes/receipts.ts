import * as receipts from '../receipts.js';
import { route } from '../route-def.js';

/** Routes of the receipts domain (the whole table is ../routes.ts). */

export const listReceipts = route({
  id: 'listReceipts',
  method: 'GET',
  path: '/api/receipts',
  auth: 'user',
  handler: 'receipts/list-receipts',
  summary: "The caller's receipts, newest first (or those of one of the caller's orders)",
  access: { table: 'read' },
  query: receipts.listReceiptsQuery,
  response: receipts.listReceiptsResponse,
});

export const getReceipt = route({
  id: 'getReceipt',
  method: 'GET',
  path: '/api/receipts/{id}',
  auth: 'user',
  handler: 'receipts/get-receipt',
  summary: "One of the caller's receipts (404 for anyone else's)",
  access: { table: 'read' },
  response: receipts.receiptResponse,
});
