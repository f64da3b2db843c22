// What an upload may be, without zod: the browser's upload forms read these before anything is sent, and a module is
// bundled whole with whatever of it any chunk reads (documents.ts, beside them, holds the documents' schemas).

/** SPEC §5, §8, §9: the largest upload and the texts shown about it (odd English as written). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const UPLOAD_MESSAGES = {
  fileSizeExceeded: 'File Size Exceeded.!',
  fileSizeHint: 'Please Upload Files Below Size Of 10.0 MB...!',
  uploading: 'Your Image Is Being Upload.!',
  pleaseWait: 'Please wait...!',
  documentTypeRequired: 'Document type is required',
  fileRequired: 'File is required',
  unknownDocumentType: 'Unknown document type',
  unsupportedType: 'Only JPEG, PNG, WebP, HEIC and PDF files are accepted.',
  emptyFile: 'The file is empty.',
  damagedImage: 'The image is damaged or incomplete.',
  activePdf:
    'This PDF contains scripts, actions or attached files, which the vault does not keep. Print it to PDF and upload that copy',
  /** 507: the file store has no room left (nothing was kept; the user may try again later). */
  storageFull: 'The document store is full, so the file was not saved. Please try again later.',
} as const;

/** What the server accepts, recognised by content (magic bytes), never by name or declared type. */
export const ACCEPTED_UPLOAD_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/heif': 'heif',
  'application/pdf': 'pdf',
} as const;
export type AcceptedUploadType = keyof typeof ACCEPTED_UPLOAD_TYPES;
/**
 * For a file picker's `accept` (a hint only: the server decides by content): each type with its extension, for
 * browsers that do not know HEIC's type. As a drop zone takes it (type → extensions), and as a list.
 */
export const UPLOAD_ACCEPT_TYPES: Record<string, string[]> = Object.fromEntries(
  Object.entries(ACCEPTED_UPLOAD_TYPES).map(([type, extension]) => [type, [`.${extension}`]]),
);
export const UPLOAD_ACCEPT = Object.entries(UPLOAD_ACCEPT_TYPES).flatMap(([type, extensions]) => [type, ...extensions]);
export const MAX_FILES_PER_UPLOAD = 10;
