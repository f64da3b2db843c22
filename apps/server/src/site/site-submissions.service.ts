/**
 * Web form submissions (decision 0018, 0020-c): a visitor's submission checked against the form's published
 * definition, with its files through the vault; the staff inbox's lists, reading and marking handled; file downloads.
 * Contact enquiries and what both share (spam checks, staff notification, paging) live in site-inbox.service.ts.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  formSubmissionBodySchema,
  INBOX_PAGE_SIZE,
  MESSAGES,
  textIn,
  type Language,
  type WebFormData,
} from '@taxportal/contract';
import { SITE_TEXTS } from '@taxportal/contract/texts';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import { discardStaged, stageUpload, type StagedFile } from '../documents/index.ts';
import { audit } from '../platform/audit.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { formSubmissionFiles, formSubmissions, siteEntries } from '../platform/db/schema.ts';
import { notFound } from '../platform/errors.ts';
import * as repo from './site.repository.ts';
import { checkAnswers, refuse, type Answers, type Value } from './site-form-check.ts';
import { isSpam, notifyStaff, pageOf, submitted, unhandledFirst, type InboxDeps } from './site-inbox.service.ts';
import { firmCountry } from './site.service.ts';

type Staged = Map<string, StagedFile>;
type SubmissionBody = Answers & { website: string; started_at: number };
type Parts = AsyncIterable<MultipartFile | MultipartValue>;
const FILE_PATH = /^(values|rows\.\d{1,2})\.[\w-]{1,40}$/;

function parsedBody(raw: unknown): SubmissionBody {
  const parsed = formSubmissionBodySchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw refuse(issue.path.join('.') || 'body', issue.message);
}

/**
 * A multipart submission: the JSON `payload` part and one part per file, each stored through the vault's rules
 * (type by content, 10 MB, encrypted) as it streams in. Everything staged is put in `staged` at once, so that the
 * caller removes it all when anything is refused.
 */
async function readMultipart(deps: InboxDeps, parts: Parts, staged: Staged): Promise<SubmissionBody> {
  let payload: unknown;
  for await (const part of parts) {
    if (part.type === 'file') {
      if (!FILE_PATH.test(part.fieldname) || staged.has(part.fieldname)) {
        part.file.resume();
        throw refuse(part.fieldname.slice(0, 60) || 'file', SITE_TEXTS.form.noSuchFileField);
      }
      const file = await stageUpload(deps, part);
      staged.set(part.fieldname, file);
      // The vault makes thumbnails for images; a submission's file needs none.
      if (file.thumb) {
        await deps.files.remove(file.thumb.storageKey).catch(() => {});
        file.thumb = null;
      }
    } else if (part.fieldname === 'payload') {
      if (part.valueTruncated) throw refuse('payload', SITE_TEXTS.form.answersTooLong);
      try {
        payload = JSON.parse(String(part.value));
      } catch {
        throw refuse('payload', SITE_TEXTS.form.answersNotJson);
      }
    }
  }
  if (payload === undefined) throw refuse('payload', SITE_TEXTS.form.answersMissing);
  return parsedBody(payload);
}

/**
 * A web form submission, JSON or multipart (with files): checked against the form's definition, stored with its
 * files, staff notified. All or nothing: when anything is refused (or the honeypot is filled), no file is kept.
 * `language`: the visitor's (the request's), which the answer is in.
 */
export async function submitForm(
  deps: InboxDeps,
  slug: string,
  input: { json: unknown } | { parts: Parts },
  userId: string | null,
  language: Language,
) {
  const row = await repo.findPublished(deps.db, 'forms', slug);
  if (!row) throw notFound(MESSAGES.notFound);
  const form = row.published as WebFormData;
  const staged: Staged = new Map();
  try {
    const body = 'parts' in input ? await readMultipart(deps, input.parts, staged) : parsedBody(input.json);
    if (isSpam(deps, body)) {
      await discardStaged(deps, [...staged.values()]);
      return submitted(language);
    }
    const { values, rows } = checkAnswers(form, body, staged, { region: await firmCountry(deps.db), language });
    const id = randomUUID();
    await notifyStaff(
      deps,
      (t, staffLanguage) => ({
        title: t('site.notify.newSubmission', { form: textIn(form.title, staffLanguage) }),
        body: '',
      }),
      async (tx) => {
        await tx
          .insert(formSubmissions)
          .values({ id, entry_id: row.id, form_key: slug, values, rows, user_id: userId });
        if (staged.size)
          await tx.insert(formSubmissionFiles).values(
            [...staged].map(([field, s]) => ({
              id: randomUUID(),
              submission_id: id,
              field,
              file_name: s.fileName,
              content_type: s.contentType,
              size_bytes: s.file.sizeBytes,
              sha256: s.file.sha256,
              storage_key: s.file.storageKey,
              wrapped_key: s.file.wrappedKey,
            })),
          );
      },
      () => staged.clear(),
    ); // committed: the rows name the files now
    return submitted(language);
  } catch (err) {
    await discardStaged(deps, [...staged.values()]);
    throw err;
  }
}

const submissionColumns = {
  id: formSubmissions.id,
  form: formSubmissions.form_key,
  form_title: sql<string | null>`${siteEntries.draft}->'title'->>'en'`,
  values: formSubmissions.values,
  rows: formSubmissions.rows,
  status: formSubmissions.status,
  created_at: formSubmissions.created_at,
  handled_at: formSubmissions.handled_at,
};
type SubmissionRow = {
  id: string;
  form: string;
  form_title: string | null;
  values: unknown;
  rows: unknown;
  status: string;
  created_at: Date;
  handled_at: Date | null;
};
const submissionDto = (r: SubmissionRow) => ({
  id: r.id,
  form: r.form,
  form_title: r.form_title ?? r.form,
  values: r.values as Record<string, Value>,
  rows: r.rows as Record<string, Value>[],
  status: r.status === 'handled' ? ('handled' as const) : ('new' as const),
  created_at: r.created_at.toISOString(),
  handled_at: r.handled_at ? r.handled_at.toISOString() : null,
});
const fileUrl = (submissionId: string, fileId: string) => `/api/v1/site/submissions/${submissionId}/files/${fileId}`;

/** Submissions with the files sent with them (links staff and the sender download through submissionFile). */
export async function withFiles<T extends { id: string }>(db: Tx, items: T[]) {
  const files = items.length
    ? await db
        .select()
        .from(formSubmissionFiles)
        .where(
          inArray(
            formSubmissionFiles.submission_id,
            items.map((r) => r.id),
          ),
        )
    : [];
  return items.map((item) => ({
    ...item,
    files: files
      .filter((f) => f.submission_id === item.id)
      .map((f) => ({
        id: f.id,
        field: f.field,
        file_name: f.file_name,
        content_type: f.content_type,
        size_bytes: f.size_bytes,
        url: fileUrl(item.id, f.id),
      })),
  }));
}
const selectSubmissions = (db: Tx) =>
  db
    .select(submissionColumns)
    .from(formSubmissions)
    .innerJoin(siteEntries, eq(siteEntries.id, formSubmissions.entry_id));

export async function listSubmissions(db: Db, formId: string) {
  const form = await repo.findEntry(db, 'forms', formId);
  if (!form) throw notFound(MESSAGES.notFound);
  const rows = await selectSubmissions(db)
    .where(eq(formSubmissions.entry_id, formId))
    .orderBy(desc(formSubmissions.created_at))
    .limit(INBOX_PAGE_SIZE);
  return { items: await withFiles(db, rows.map(submissionDto)) };
}

/** Every form's submissions for the inbox: unhandled first, filtered by status and form. */
export async function listInboxSubmissions(
  db: Db,
  q: { status?: 'new' | 'handled' | undefined; form?: string | undefined; page: number },
) {
  const where = and(
    q.status ? eq(formSubmissions.status, q.status) : undefined,
    q.form ? eq(formSubmissions.form_key, q.form) : undefined,
  );
  const rows = await selectSubmissions(db)
    .where(where)
    .orderBy(...unhandledFirst(formSubmissions.status, formSubmissions.created_at, formSubmissions.id))
    .limit(INBOX_PAGE_SIZE)
    .offset((q.page - 1) * INBOX_PAGE_SIZE);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(formSubmissions)
    .where(where);
  return pageOf(await withFiles(db, rows.map(submissionDto)), count?.n ?? 0, q.page);
}

export async function getSubmission(db: Tx, id: string) {
  const [row] = await selectSubmissions(db).where(eq(formSubmissions.id, id));
  if (!row) throw notFound(MESSAGES.notFound);
  return (await withFiles(db, [submissionDto(row)]))[0]!;
}

export async function markSubmissionHandled(db: Db, actor: { userId: string; ip: string }, id: string) {
  await db.transaction(async (tx) => {
    const done = await tx
      .update(formSubmissions)
      .set({ status: 'handled', handled_at: new Date(), handled_by: actor.userId })
      .where(and(eq(formSubmissions.id, id), eq(formSubmissions.status, 'new')))
      .returning({ id: formSubmissions.id });
    if (done.length)
      await audit(tx, {
        actorId: actor.userId,
        action: 'site.submission_handled',
        entityType: 'form_submission',
        entityId: id,
        ip: actor.ip,
      });
  });
  return getSubmission(db, id);
}

/**
 * A file sent with a submission: staff (who read the inbox) and the signed-in visitor who sent it; anyone else,
 * and a file of another submission, is 404.
 */
export async function submissionFile(
  db: Db,
  auth: { userId: string; isStaff: boolean },
  submissionId: string,
  fileId: string,
) {
  const [found] = await db
    .select({ file: formSubmissionFiles, sender: formSubmissions.user_id })
    .from(formSubmissionFiles)
    .innerJoin(formSubmissions, eq(formSubmissions.id, formSubmissionFiles.submission_id))
    .where(and(eq(formSubmissionFiles.id, fileId), eq(formSubmissionFiles.submission_id, submissionId)));
  if (!found || !(auth.isStaff || (found.sender !== null && found.sender === auth.userId)))
    throw notFound(MESSAGES.notFound);
  return found.file;
}
