import { z } from 'zod';
import { LANGUAGES } from '../common/language.ts';
import { opaqueText } from '../common/text.ts';

/** What a file may be: the vault's limit, and at most this many data rows (issue 32). */
export const CLIENT_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const CLIENT_IMPORT_MAX_ROWS = 20_000;
/** How many columns a file may have, and how long a header name is shown. */
export const CLIENT_IMPORT_MAX_COLUMNS = 100;

/** What a column may be mapped to: a full name, or first and last name columns; the rest optional but e-mail. */
export const IMPORT_TARGETS = [
  'full_name',
  'first_name',
  'last_name',
  'email',
  'phone',
  'spouse_name',
  'spouse_email',
  'language',
  'notes',
] as const;
export type ImportTarget = (typeof IMPORT_TARGETS)[number];

const column = z
  .number()
  .int()
  .min(0)
  .max(CLIENT_IMPORT_MAX_COLUMNS - 1)
  .nullable();
/** Target → the index of the file's column that holds it (null: not in the file). */
export const importMappingSchema = z.object(
  Object.fromEntries(IMPORT_TARGETS.map((t) => [t, column.default(null)])) as Record<
    ImportTarget,
    z.ZodDefault<typeof column>
  >,
);
export type ImportMapping = z.output<typeof importMappingSchema>;

export const IMPORT_STATUSES = ['uploaded', 'mapped', 'checked', 'committed'] as const;

/** Why a row cannot be imported (the web's labels by these codes). */
export const INVALID_REASONS = [
  'malformed',
  'name_missing',
  'email_missing',
  'email_invalid',
  'phone_invalid',
  'language_unknown',
  'too_long',
  'text_invalid',
  'spouse_email_invalid',
  'spouse_name_missing',
  /** The spouse e-mail is the client's own. */
  'spouse_email_own',
] as const;
export type InvalidReason = (typeof INVALID_REASONS)[number];
/**
 * What a duplicate row repeats: an account's e-mail, a customer's phone, the e-mail or (failing that) the phone of an
 * earlier row of the file (its line in `duplicate_line`). `file`: an earlier row, from dry runs before the two were
 * told apart.
 */
export const DUPLICATE_REASONS = [
  'email',
  'phone',
  'file_email',
  'file_phone',
  'file',
  /** The spouse e-mail is a client's: never linked without their consent (they can be invited from the account). */
  'spouse_client',
  /** The spouse e-mail is a staff member's. */
  'spouse_staff',
  /** The spouse is the person of another row (`duplicate_line`), earlier or later. */
  'spouse_in_file',
  /** An earlier row (`duplicate_line`) names the same spouse e-mail. */
  'file_spouse',
] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];
export const IMPORT_ROW_REASONS = [...INVALID_REASONS, ...DUPLICATE_REASONS] as const;
export const ROW_OUTCOMES = ['create', 'duplicate', 'invalid'] as const;
export type RowOutcome = (typeof ROW_OUTCOMES)[number];

export const importCountsSchema = z.object({
  to_create: z.number().int(),
  duplicates: z.number().int(),
  invalid: z.number().int(),
});

/** An import as its Admin sees it: the file's header and first rows, the guessed and the chosen mapping, counts. */
export const clientImportSchema = z.object({
  id: z.string(),
  file_name: z.string(),
  size_bytes: z.number().int(),
  row_count: z.number().int(),
  status: z.enum(IMPORT_STATUSES),
  header: z.array(z.string()),
  sample_rows: z.array(z.array(z.string())),
  suggested_mapping: importMappingSchema,
  mapping: importMappingSchema.nullable(),
  /** After a dry run: what an import would do now. */
  counts: importCountsSchema.nullable(),
  /** After the commit: how many clients it made (spouses included). */
  created: z.number().int().nullable(),
  /** The same file (by SHA-256) was imported before by this Admin: its import's id. */
  same_file_as: z.string().nullable(),
  created_at: z.string(),
  checked_at: z.string().nullable(),
  committed_at: z.string().nullable(),
});
export type ClientImport = z.infer<typeof clientImportSchema>;

export const clientImportListSchema = z.object({
  items: z.array(
    clientImportSchema.pick({ id: true, file_name: true, row_count: true, status: true, created_at: true }),
  ),
  next_cursor: z.string().nullable(),
});

/** The caller's imports, newest first, a page at a time (`cursor`: the last import's id of the page before). */
export const clientImportsQuerySchema = z.object({
  cursor: opaqueText().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

export const clientImportParamsSchema = z.object({ id: opaqueText().min(1).max(64) });
export const putImportMappingBodySchema = z.object({ mapping: importMappingSchema });

/**
 * A row as the dry run read it (values sanitised). `line`: the physical line of the file it starts on. `reasons`: all
 * that keep it out, invalid ones first (an invalid row that also repeats another lists that too: invalid wins);
 * `reason` is the first of them.
 */
export const importRowSchema = z.object({
  line: z.number().int(),
  outcome: z.enum(ROW_OUTCOMES),
  reason: z.enum(IMPORT_ROW_REASONS).nullable(),
  reasons: z.array(z.enum(IMPORT_ROW_REASONS)),
  /** For a row that repeats an earlier row of the file (file_email, file_phone): that row's line. */
  duplicate_line: z.number().int().nullable(),
  full_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  spouse_name: z.string().nullable(),
  spouse_email: z.string().nullable(),
  language: z.enum(LANGUAGES).nullable(),
  /** Once committed: the client made from it. */
  user_id: z.string().nullable(),
});
export type ImportRow = z.infer<typeof importRowSchema>;
export const importRowsQuerySchema = z.object({
  /** Without it: every row, by line. */
  outcome: z.enum(ROW_OUTCOMES).optional(),
  cursor: opaqueText().max(40).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const importRowListSchema = z.object({ items: z.array(importRowSchema), next_cursor: z.string().nullable() });

export const commitResultSchema = z.object({
  created: z.number().int(),
  duplicates: z.number().int(),
  invalid: z.number().int(),
  import: clientImportSchema,
});
