import * as chat from '../chat.js';
import * as notarized from '../notarized.js';
import * as notary from '../notary.js';
import { route } from '../route-def.js';

/**
 * Routes of the notary side (credits-signing-admin §2 screen 16, §7 notary action; the whole
 * table is ../routes.ts). Each acts in the work context, which must be a notary organisation
 * the caller is an active member of (403 'Acceso denegado: Debes estar en contexto de notaría
 * para ver este dashboard' otherwise), and touches only that notary's assignments.
 */

export const listNotaryAssignments = route({
  id: 'listNotaryAssignments',
  method: 'GET',
  path: '/api/notary/assignments',
  auth: 'user',
  workContext: true,
  handler: 'notary/list-assignments',
  summary:
    "One tab of the notary's queue (pending, processing, completed), a page at a time, with the dashboard's counters",
  access: { table: 'read' },
  query: notary.listAssignmentsQuery,
  response: notary.listAssignmentsResponse,
});

export const getNotaryMetrics = route({
  id: 'getNotaryMetrics',
  method: 'GET',
  path: '/api/notary/metrics',
  auth: 'user',
  workContext: true,
  handler: 'notary/get-metrics',
  summary:
    "The dashboard's metrics tab: received, processed, average minutes, success rate and the notary's settings",
  access: { table: 'read' },
  response: notary.notaryMetricsResponse,
});

export const getNotaryAssignment = route({
  id: 'getNotaryAssignment',
  method: 'GET',
  path: '/api/notary/assignments/{id}',
  auth: 'user',
  workContext: true,
  handler: 'notary/get-assignment',
  summary:
    "One of the notary's assignments for its document page: the order with its signers and file links, and the order's audit trail",
  access: { table: 'read', bucket: 'read' },
  response: notary.notaryAssignmentDetail,
});

export const notaryAction = route({
  id: 'notaryAction',
  method: 'POST',
  path: '/api/notary/action',
  auth: 'user',
  workContext: true,
  handler: 'notary/action',
  summary:
    "An action on one of the notary's assignments: 'Tomar Documento' (one of two racing notaries wins), start the review, the decisions 'approve' and 'notarize' (delivers the checked notarized PDF with the act's data)",
  access: { table: 'write', bucket: 'read' },
  request: notary.notaryActionRequest,
  response: notary.assignmentResponse,
});

export const listNotaryMessages = route({
  id: 'listNotaryMessages',
  method: 'GET',
  path: '/api/notary/assignments/{id}/messages',
  auth: 'user',
  workContext: true,
  handler: 'notary/list-messages',
  summary:
    "The chat with the customer on one of the notary's assignments; reading it marks the customer's messages read",
  access: { table: 'write' },
  response: chat.chatThreadResponse,
});

export const postNotaryMessage = route({
  id: 'postNotaryMessage',
  method: 'POST',
  path: '/api/notary/assignments/{id}/messages',
  auth: 'user',
  workContext: true,
  handler: 'notary/post-message',
  summary:
    'A message of the notary to the customer (once it took the document, until its decision); the customer is told by e-mail of the first unread one',
  access: { table: 'write' },
  request: chat.postChatMessageRequest,
  response: chat.chatMessageResponse,
});

export const createNotarizedUpload = route({
  id: 'createNotarizedUpload',
  method: 'POST',
  path: '/api/notary/assignments/{id}/notarized-file',
  auth: 'user',
  workContext: true,
  handler: 'notary/create-notarized-upload',
  summary:
    "Starts the upload of the notarized PDF of one of the notary's taken assignments: a presigned POST for one file of at most 10 MB",
  access: { table: 'write', bucket: 'write' },
  request: notarized.notarizedUploadRequest,
  response: notarized.notarizedUploadResponse,
});

export const completeNotarizedUpload = route({
  id: 'completeNotarizedUpload',
  method: 'POST',
  path: '/api/notary/assignments/{id}/notarized-file/{uploadId}/complete',
  auth: 'user',
  workContext: true,
  handler: 'notary/complete-notarized-upload',
  summary:
    'Checks the uploaded notarized PDF (a PDF of at most 10 MB that opens, not encrypted) in the reader child, lists its PDF signatures and whether each validates, and keeps those bytes',
  access: { table: 'write', bucket: 'write', reader: true },
  response: notarized.notarizedFileResponse,
});
