// Values only, without zod: the browser's forms read them, and a module is bundled whole with whatever of it any
// chunk reads (requests.ts holds the schemas).

/** A document request's life: open until the customer uploads against it (fulfilled) or staff cancel it. */
export const DOCUMENT_REQUEST_STATUSES = ['open', 'fulfilled', 'cancelled'] as const;
export type DocumentRequestStatus = (typeof DOCUMENT_REQUEST_STATUSES)[number];
/**
 * Who matched the file that fulfils a request: the client uploading it from the request, the client confirming the
 * vault's proposal of an upload, or staff (their upload from the request, or their choice on the checklist).
 */
export const DOCUMENT_REQUEST_MATCHES = ['upload', 'proposal', 'staff'] as const;
export type DocumentRequestMatch = (typeof DOCUMENT_REQUEST_MATCHES)[number];
/** Who asked: staff on the ticket, or the taxpayer's own questionnaire answers. */
export const DOCUMENT_REQUEST_SOURCES = ['staff', 'questionnaire'] as const;

/** Days between reminder e-mails while a request stays open. */
export const DOCUMENT_REQUEST_REMINDER_DAYS = 3;

/**
 * The staff checklist of common forms. `document_type` names the catalogue's Tax Document Type it maps to
 * (resolved by name on the server; null when the catalogue has no such type).
 */
export const REQUEST_CHECKLIST = [
  { key: 'w2', label: 'W-2', document_type: 'W-2' },
  { key: '1099_int', label: '1099-INT', document_type: '1099-INT' },
  { key: '1099_div', label: '1099-DIV', document_type: '1099-DIV' },
  { key: '1099_b', label: '1099-B', document_type: '1099-B' },
  { key: '1099_nec', label: '1099-NEC', document_type: '1099-NEC' },
  { key: '1099_misc', label: '1099-MISC', document_type: '1099-MISC' },
  { key: '1099_r', label: '1099-R', document_type: '1099-R' },
  { key: '1099_k', label: '1099-K', document_type: '1099-K' },
  { key: '1099_g', label: '1099-G', document_type: '1099-G' },
  { key: 'ssa_1099', label: 'SSA-1099', document_type: 'SSA-1099' },
  { key: 'k1', label: 'K-1', document_type: 'K-1' },
  { key: '1098', label: '1098 mortgage interest', document_type: '1098 Mortgage Interest' },
  { key: '1098_t', label: '1098-T', document_type: '1098-T Tuition' },
  { key: '1098_e', label: '1098-E', document_type: '1098-E Student Loan Interest' },
  { key: '1095_a', label: '1095-A', document_type: null },
  { key: 'property_tax', label: 'Property tax statement', document_type: 'Receipts' },
  { key: 'charitable', label: 'Charitable receipts', document_type: 'Receipts' },
  { key: 'prior_year_return', label: 'Prior-year return', document_type: 'Prior Year Return' },
  { key: 'photo_id', label: 'Photo ID', document_type: 'Photo ID' },
  { key: 'bank_statement', label: 'Bank statement', document_type: 'Bank Statement' },
] as const;
export const REQUEST_CHECKLIST_KEYS = REQUEST_CHECKLIST.map((c) => c.key) as [
  (typeof REQUEST_CHECKLIST)[number]['key'],
  ...(typeof REQUEST_CHECKLIST)[number]['key'][],
];
export type RequestChecklistKey = (typeof REQUEST_CHECKLIST)[number]['key'];
