import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { INBOX_PAGE_SIZE, MESSAGES, textIn, type Language, type WebFormData } from '@taxportal/contract';
import { SITE_TEXTS } from '@taxportal/contract/texts';
import type { TFunction } from 'i18next';
import { audit } from '../platform/audit.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { formSubmissionFiles, formSubmissions, siteEntries } from '../platform/db/schema.ts';
import { AppError, notFound } from '../platform/errors.ts';
import { checkAnswers, claimStoredFiles, keptFiles, type Answers, type Value } from './site-form-check.ts';
import { notifyStaff, type InboxDeps } from './site-inbox.service.ts';
import { withFiles } from './site-submissions.service.ts';
import { firmCountry } from './site.service.ts';

/**
 * A signed-in visitor's own web form submissions (docs/decisions/0021-c): they list, read and edit what they sent
 * while signed in. Only the sender: anyone else (another customer, staff through these endpoints) gets 404, as for
 * something that does not exist. Staff read every submission in the inbox instead.
 */

export const alreadyHandled = () => new AppError('conflict', SITE_TEXTS.mySubmissions.handled);
const formClosed = () => new AppError('conflict', SITE_TEXTS.mySubmissions.formClosed);

const columns = {
  id: formSubmissions.id,
  form: formSubmissions.form_key,
  // The live title; the draft's while the form is unpublished.
  form_title: sql<
    string | null
  >`coalesce(${siteEntries.published}->'title'->>'en', ${siteEntries.draft}->'title'->>'en')`,
  is_published: sql<boolean>`${siteEntries.published} is not null`,
  values: formSubmissions.values,
  rows: formSubmissions.rows,
  status: formSubmissions.status,
  created_at: formSubmissions.created_at,
  updated_at: formSubmissions.updated_at,
  handled_at: formSubmissions.handled_at,
};
/** The caller's own submissions (and only theirs: the sender is part of every read's condition). */
const selectMine = (db: Tx, userId: string, id?: string) =>
  db
    .select(columns)
    .from(formSubmissions)
    .innerJoin(siteEntries, eq(siteEntries.id, formSubmissions.entry_id))
    .where(and(eq(formSubmissions.user_id, userId), id === undefined ? undefined : eq(formSubmissions.id, id)))
    .$dynamic();
type Row = Awaited<ReturnType<ReturnType<typeof selectMine>['execute']>>[number];

const summary = (r: Row) => ({
  id: r.id,
  form: r.form,
  form_title: r.form_title ?? r.form,
  status: r.status === 'handled' ? ('handled' as const) : ('new' as const),
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at ? r.updated_at.toISOString() : null,
  handled_at: r.handled_at ? r.handled_at.toISOString() : null,
  editable: r.status !== 'handled' && Boolean(r.is_published),
});

export async function listMySubmissions(db: Db, userId: string) {
  const rows = await selectMine(db, userId)
    .orderBy(desc(formSubmissions.created_at), desc(formSubmissions.id))
    .limit(INBOX_PAGE_SIZE);
  return { items: rows.map(summary) };
}

export async function getMySubmission(db: Tx, userId: string, id: string) {
  const [row] = await selectMine(db, userId, id);
  if (!row) throw notFound(MESSAGES.notFound);
  const [withItsFiles] = await withFiles(db, [
    { ...summary(row), values: row.values as Record<string, Value>, rows: row.rows as Record<string, Value>[] },
  ]);
  return withItsFiles!;
}

/**
 * The sender's edit: every value and row again, checked by checkAnswers against the form's current published
 * definition (the same check as a new submission), written with `updated_at`, audited (ids only) and staff told,
 * as for a new submission. Refused (409) once staff handled it. Files: those the edit names stay (at their new
 * path), the others are removed (the vault's sweeper deletes their bytes); an edit adds none. Nothing changes when
 * anything is refused: the checks run before the one transaction writes. `actor.language`: the sender's (the
 * request's), which a refusal names a field in.
 */
export async function editMySubmission(
  deps: InboxDeps,
  actor: { userId: string; ip: string; language: Language },
  id: string,
  body: Answers,
) {
  const { db } = deps;
  const [found] = await db
    .select({ submission: formSubmissions, form: siteEntries.published })
    .from(formSubmissions)
    .innerJoin(siteEntries, eq(siteEntries.id, formSubmissions.entry_id))
    .where(and(eq(formSubmissions.id, id), eq(formSubmissions.user_id, actor.userId)));
  if (!found) throw notFound(MESSAGES.notFound);
  if (found.submission.status === 'handled') throw alreadyHandled();
  if (!found.form) throw formClosed();
  const form = found.form as WebFormData;
  const stored = await db.select().from(formSubmissionFiles).where(eq(formSubmissionFiles.submission_id, id));
  const { answers, kept } = claimStoredFiles(form, body, stored);
  const { values, rows } = checkAnswers(form, answers, keptFiles(kept), {
    region: await firmCountry(db),
    language: actor.language,
  });
  const dropped = stored.filter((f) => ![...kept.values()].includes(f));

  const write = (t: TFunction, language: Language) => ({
    title: t('site.notify.submissionEdited', { form: textIn(form.title, language) }),
    body: '',
  });
  await notifyStaff(deps, write, async (tx) => {
    // Staff may have handled it since it was read: the status is part of the write's condition.
    const done = await tx
      .update(formSubmissions)
      .set({ values, rows, updated_at: new Date() })
      .where(
        and(eq(formSubmissions.id, id), eq(formSubmissions.user_id, actor.userId), eq(formSubmissions.status, 'new')),
      )
      .returning({ id: formSubmissions.id });
    if (!done.length) throw alreadyHandled();
    for (const [path, file] of kept)
      if (file.field !== path)
        await tx.update(formSubmissionFiles).set({ field: path }).where(eq(formSubmissionFiles.id, file.id));
    if (dropped.length)
      await tx.delete(formSubmissionFiles).where(
        inArray(
          formSubmissionFiles.id,
          dropped.map((f) => f.id),
        ),
      );
    await audit(tx, {
      actorId: actor.userId,
      action: 'site.submission_edited',
      entityType: 'form_submission',
      entityId: id,
      ip: actor.ip,
    });
  });
  return getMySubmission(db, actor.userId, id);
}
