import { createContext } from 'react';
import type { z } from 'zod';

/*
 * What the schema form's shell (schema-form.tsx), its inputs (schema-form-inputs.tsx) and its lists' rows
 * (schema-form-rows.tsx) share: the props every field is drawn with, its test id, and whether Spanish is shown.
 */

export type Schema = z.ZodType;

/** Whether the Spanish version of every text is shown beside the English one. */
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
