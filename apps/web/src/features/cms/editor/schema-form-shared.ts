import { createContext } from 'react';
import type { z } from 'zod';

/*
 * What the schema form's shell (schema-form.tsx), its inputs (schema-form-inputs.tsx) and its lists' rows
 * (schema-form-rows.tsx) share: the props every field is drawn with, its test id, and whether Spanish is shown.
 */

export type Schema = z.ZodType;

/** Whether the Spanish version of every text is shown beside the English one (side by side, stacked on a phone). */
export const SpanishContext = createContext(false);

export interface FieldProps {
  schema: Schema;
  value: unknown;
  onChange: (value: unknown) => void;
  /** The field's key in its object (labels come from it). */
  name: string;
  /** Where the field sits in the document, for test ids: `blocks.0.heading`. */
  path: string;
  label?: string;
  /** An object drawn inside a frame that already names it (a row's card): its fields without a legend of their own. */
  bare?: boolean;
  /** The currency of the object the field is in (its sibling `currency`), for money fields. */
  currency?: string | undefined;
}

export const testIdOf = (path: string) => `field-${path}`;

/** A text of content as stored: `{ en, es? }` and nothing else. */
const isLocalizedValue = (v: unknown): v is { en: string; es?: string } =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  typeof (v as { en?: unknown }).en === 'string' &&
  Object.keys(v).every((k) => k === 'en' || k === 'es');

/** Whether a text says anything: rich text's bare markup (`<p></p>`) and blanks say nothing. */
export const isWritten = (text: string | undefined): boolean =>
  !!text &&
  text
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .trim() !== '';

/** A text whose English is written and whose Spanish is not: the editor marks it "No Spanish yet". */
export const lacksSpanish = (v: { en: string; es?: string | undefined } | undefined): boolean =>
  !!v && isWritten(v.en) && !isWritten(v.es);

/** Every text of content (`{ en, es? }`) in an entry's data, however deep (a page's blocks, a list's rows). */
function* localizedTexts(value: unknown): Generator<{ en: string; es?: string }> {
  if (isLocalizedValue(value)) yield value;
  else if (Array.isArray(value)) for (const v of value) yield* localizedTexts(v);
  else if (typeof value === 'object' && value !== null) for (const v of Object.values(value)) yield* localizedTexts(v);
}

/** How many texts of an entry have their English written and no Spanish yet (what the editor counts for it). */
export const countMissingSpanish = (data: unknown): number => {
  let n = 0;
  for (const t of localizedTexts(data)) if (lacksSpanish(t)) n++;
  return n;
};

/** Whether any text of an entry has its Spanish: the editor then shows the Spanish side by itself. */
export const hasSpanish = (data: unknown): boolean => {
  for (const t of localizedTexts(data)) if (isWritten(t.es)) return true;
  return false;
};
