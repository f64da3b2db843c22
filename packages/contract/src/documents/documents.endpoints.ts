import { endpoint, noContentResponse } from '../common/endpoint.ts';
import {
  documentFileQuerySchema,
  documentIdParamsSchema,
  documentListQuerySchema,
  documentListSchema,
  uploadDocumentsResponseSchema,
  uploadDocumentFieldsSchema,
} from './documents.ts';

const tags = ['Document vault'];

export const listDocuments = endpoint({
  method: 'GET',
  path: '/api/v1/documents',
  tags,
  summary: "The caller's documents (staff: any customer's, with customer_id), newest first, keyset pages",
  query: documentListQuerySchema,
  response: { 200: documentListSchema },
});

/** Multipart: the fields are read part by part (uploadDocumentFieldsSchema), so there is no JSON body schema. */
export const uploadDocuments = endpoint({
  method: 'POST',
  path: '/api/v1/documents',
  tags,
  summary:
    'Upload (multipart: document_type, file (one or several), ticket_id?, request_id?, customer_id? for staff); ≤ 10 MB each, type by content',
  consumes: ['multipart/form-data'],
  form: {
    fields: uploadDocumentFieldsSchema,
    files: {
      file: {
        description: 'One or several files, ≤ 10 MB each: PDF, images, office documents (type by content)',
        many: true,
      },
    },
  },
  response: { 201: uploadDocumentsResponseSchema },
});

/** A file stream: the browser follows the link. */
export const getDocumentFile = endpoint({
  method: 'GET',
  path: '/api/v1/documents/:id/file',
  answers: { 200: { description: 'The file as it was uploaded', contentType: 'application/octet-stream' } },
  tags,
  summary: 'The file (attachment, or inline for a preview with ?disposition=inline); every read is audited',
  params: documentIdParamsSchema,
  query: documentFileQuerySchema,
});

export const getDocumentThumbnail = endpoint({
  method: 'GET',
  path: '/api/v1/documents/:id/thumbnail',
  answers: { 200: { description: "A small preview of the document's first page", contentType: 'image/webp' } },
  tags,
  summary: "The image's thumbnail (JPEG, no metadata); audited",
  params: documentIdParamsSchema,
  query: documentFileQuerySchema,
});

export const deleteDocument = endpoint({
  method: 'DELETE',
  path: '/api/v1/documents/:id',
  response: noContentResponse,
  tags,
  summary: "Delete a document and its file (the customer's own uploads until the ticket is completed; staff)",
  params: documentIdParamsSchema,
});
