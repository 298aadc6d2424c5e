import * as documents from '../documents.js';
import { route } from '../route-def.js';

/** Routes of the documents domain (the whole table is ../routes.ts). */

export const createDocumentUpload = route({
  id: 'createDocumentUpload',
  method: 'POST',
  path: '/api/documents',
  auth: 'user',
  handler: 'documents/create-upload',
  summary:
    "Registers a document and returns a presigned POST limited to one PDF/DOC/DOCX of at most 10 MB under the caller's folder",
  access: { table: 'write', bucket: 'write' },
  request: documents.createUploadRequest,
  response: documents.createUploadResponse,
});

export const completeDocumentUpload = route({
  id: 'completeDocumentUpload',
  method: 'POST',
  path: '/api/documents/{id}/complete',
  auth: 'user',
  handler: 'documents/complete-upload',
  summary:
    'Checks the uploaded object (size, real type by its bytes, a PDF the seal can open and is not encrypted) and marks the document ready; deletes it when it is not what it claims',
  access: { table: 'write', bucket: 'write', reader: true },
  response: documents.documentResponse,
});

export const getDocument = route({
  id: 'getDocument',
  method: 'GET',
  path: '/api/documents/{id}',
  auth: 'user',
  handler: 'documents/get-document',
  summary: "One of the caller's documents with a short-lived preview (PDF) or download (Word) link",
  access: { table: 'read', bucket: 'read' },
  response: documents.documentViewResponse,
});

export const deleteDocument = route({
  id: 'deleteDocument',
  method: 'DELETE',
  path: '/api/documents/{id}',
  auth: 'user',
  handler: 'documents/delete-document',
  summary: "Deletes one of the caller's documents (not one of a paid order)",
  access: { table: 'write', bucket: 'write' },
});

export const analyzeDocument = route({
  id: 'analyzeDocument',
  method: 'POST',
  path: '/api/documents/{id}/analysis',
  auth: 'user',
  handler: 'documents/analyze-document',
  summary:
    "AI analysis of one of the caller's documents where the country allows it; credits (ai_document_analysis rule) are spent only on success",
  access: {
    table: 'write',
    bucket: 'read',
    secrets: ['AI_ANALYSIS_WEBHOOK_URL'],
    reader: true,
  },
  request: documents.analysisRequest,
  response: documents.analysisResponse,
});
