import {
  emailSchema,
  multilineText,
  text as plainText,
  textIn,
  type FormField,
  type Language,
  type WebFormData,
} from '@taxportal/contract';
import { FIELD_TEXTS, SITE_TEXTS } from '@taxportal/contract/texts';
import { z } from 'zod';
import { AppError } from '../platform/errors.ts';
import type { Params } from '../platform/i18n.ts';
import { normalisePhone } from '../platform/phone.ts';
import { takeSanitised } from './site.sanitize.ts';

/**
 * The one home of the rule "a web form's answers match its published definition": a new submission
 * (site-inbox.service.ts) and a visitor's edit of their own (site-my-submissions.service.ts) both call
 * checkAnswers, so the two can never disagree about what a form accepts.
 */
export type Value = string | number | boolean | null;
export type Answers = { values: Record<string, Value>; rows: Record<string, Value>[] };
/** The files a submission carries, by their field's path (`values.resume`, `rows.0.certificate`). */
export type FilesAt = Map<string, { fileName: string }>;

/** A 422 naming `field`: `message` is a catalogue text, its placeholders filled from `params`. */
export const refuse = (field: string, message: string, params?: Params) =>
  new AppError('validation', message, { errors: [{ field, message }], ...(params ? { params } : {}) });
const T = SITE_TEXTS.form;
const isBlank = (v: Value | undefined) => v === undefined || v === null || v === '' || v === false;

/**
 * Where the form is: the firm's country (site.service.ts firmCountry), a phone without + is read in; and the
 * visitor's language (the request's), which a refusal names the field in (its label in that language, if written).
 */
type Where = { region: string; language: Language };

/** A field's label as the visitor reads it (content's Spanish, when the firm wrote it). */
const labelOf = (f: FormField, where: Where) => ({ label: textIn(f.label, where.language) });

function checkField(f: FormField, raw: Value | undefined, path: string, where: Where): Value {
  const label = labelOf(f, where);
  if (isBlank(raw)) {
    if (f.required) throw refuse(path, T.required, label);
    return f.type === 'checkbox' ? false : null;
  }
  const text = typeof raw === 'string' ? raw.trim() : raw;
  switch (f.type) {
    case 'checkbox':
      if (typeof raw !== 'boolean') throw refuse(path, T.tick, label);
      return raw;
    case 'number': {
      const n = typeof text === 'number' ? text : Number(text);
      if (!Number.isFinite(n)) throw refuse(path, T.number, label);
      return n;
    }
    case 'email': {
      const parsed = emailSchema.safeParse(text);
      if (!parsed.success) throw refuse(path, FIELD_TEXTS.common.emailInvalid);
      return parsed.data;
    }
    case 'phone':
      // Stored in E.164 whatever the visitor typed: `(217) 555-0188` on a US firm's site is +12175550188.
      if (typeof text !== 'string') throw refuse(path, T.phone, label);
      try {
        return normalisePhone(text, { region: where.region, field: path });
      } catch (err) {
        if (err instanceof AppError) throw refuse(path, T.phone, label);
        throw err;
      }
    case 'date':
      if (typeof text !== 'string' || !z.iso.date().safeParse(text).success) throw refuse(path, T.date, label);
      return text;
    case 'select':
      if (typeof text !== 'string' || !f.options.some((o) => o.value === text)) throw refuse(path, T.choose, label);
      return text;
    case 'file':
      // A file comes as a part of a multipart submission (checkRow takes it from there), never as a value.
      throw refuse(path, T.sendFile, label);
    default: {
      if (typeof text !== 'string') throw refuse(path, T.text, label);
      // Sanitised, then checked on what is left (site.sanitize.ts takeSanitised): an entity that stands for a control
      // or text-direction character is refused as that character; markup alone is refused as empty.
      const schema = (f.type === 'textarea' ? multilineText() : plainText())
        .min(1, { error: T.required })
        .max(f.type === 'textarea' ? 5000 : 500, { error: T.tooLong });
      return takeSanitised(schema, text, path, label);
    }
  }
}

function checkRow(
  fields: FormField[],
  values: Record<string, Value>,
  prefix: string,
  files: FilesAt,
  where: Where,
): Record<string, Value> {
  const known = new Set(fields.map((f) => f.name));
  const unknown = Object.keys(values).find((k) => !known.has(k));
  if (unknown) throw refuse(`${prefix}.${unknown}`, T.noSuchField);
  return Object.fromEntries(
    fields.map((f) => {
      const path = `${prefix}.${f.name}`;
      if (f.type !== 'file') return [f.name, checkField(f, values[f.name], path, where)];
      const file = files.get(path);
      if (!isBlank(values[f.name])) throw refuse(path, T.sendFile, labelOf(f, where));
      if (!file && f.required) throw refuse(path, T.required, labelOf(f, where));
      return [f.name, file ? file.fileName : null];
    }),
  );
}

/** The paths of a form's file fields for a number of child rows. */
const filePaths = (form: WebFormData, rowCount: number) => [
  ...form.fields.filter((f) => f.type === 'file').map((f) => `values.${f.name}`),
  ...Array.from({ length: rowCount }, (_, i) =>
    (form.child_group?.fields ?? []).filter((f) => f.type === 'file').map((f) => `rows.${i}.${f.name}`),
  ).flat(),
];

/**
 * A submission's answers checked against the form's definition: every field's type, required fields, select
 * options, the number of child rows, and a file only where the form has a file field. Answers as stored (plain text
 * sanitised, a phone in E.164, a file field holding its file's name); 422 naming the first field that is wrong.
 */
export function checkAnswers(form: WebFormData, body: Answers, files: FilesAt, where: Where): Answers {
  const values = checkRow(form.fields, body.values, 'values', files, where);
  const group = form.child_group;
  if (!group && body.rows.length) throw refuse('rows', T.noRows);
  if (group && body.rows.length > group.max_rows) throw refuse('rows', T.tooManyRows, { max: group.max_rows });
  const rows = group ? body.rows.map((r, i) => checkRow(group.fields, r, `rows.${i}`, files, where)) : [];
  // A file for a field the form (or its rows) does not have.
  const used = new Set(filePaths(form, rows.length));
  const stray = [...files.keys()].find((k) => !used.has(k));
  if (stray) throw refuse(stray, T.noSuchFileField);
  return { values, rows };
}

/**
 * An edit names the files it keeps: a file field's value is the id of a file already sent with the submission.
 * Each named file moves to that field's path (a child row may have moved up); the value is cleared, so that
 * checkAnswers sees the file where a new submission's would be. Files no field names are dropped by the caller.
 */
export function claimStoredFiles<F extends { id: string; file_name: string }>(
  form: WebFormData,
  body: Answers,
  stored: F[],
): { answers: Answers; kept: Map<string, F> } {
  const isFile = (fields: FormField[], name: string) => fields.some((f) => f.name === name && f.type === 'file');
  const kept = new Map<string, F>();
  const claim = (fields: FormField[], row: Record<string, Value>, prefix: string) =>
    Object.fromEntries(
      Object.entries(row).map(([name, v]) => {
        if (!isFile(fields, name) || typeof v !== 'string' || v === '') return [name, v];
        const path = `${prefix}.${name}`;
        const file = stored.find((f) => f.id === v);
        if (!file || [...kept.values()].includes(file)) throw refuse(path, T.fileNotSent);
        kept.set(path, file);
        return [name, null];
      }),
    );
  const answers = {
    values: claim(form.fields, body.values, 'values'),
    rows: body.rows.map((r, i) => claim(form.child_group?.fields ?? [], r, `rows.${i}`)),
  };
  return { answers, kept };
}

/** The files map checkAnswers takes, from what an edit keeps. */
export const keptFiles = (kept: Map<string, { file_name: string }>): FilesAt =>
  new Map([...kept].map(([path, f]) => [path, { fileName: f.file_name }]));
