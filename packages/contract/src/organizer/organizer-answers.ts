import { z } from 'zod';
import { isoDateSchema, multilineText, opaqueText, text } from '../common/text.ts';
import { DOCUMENT_FIELD_MESSAGES } from '../documents/field-messages.ts';
import { ORGANIZER_FIELD_MESSAGES as M } from './field-messages.ts';
import {
  DEFAULT_MAX_ITEMS,
  type FieldQuestion,
  type OrganizerDefinition,
  type Question,
} from './organizer-definition.ts';

/**
 * The answers a definition accepts: one key per question (null or absent: not answered), a repeating group's entries
 * each with a client-made id. Built once per definition (a version never changes), for the server's checks and the
 * web's field messages alike.
 */

/** A new SSN or ITIN (nine digits, dashes allowed) or the masked value the server sent, meaning "keep it". */
export const TAX_ID_ANSWER = /^(\d{3}-?\d{2}-?\d{4}|\*\*\*-\*\*-\d{4})$/;
export const ENTRY_ID = /^[\w-]{1,40}$/;

const hasCents = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;

function fieldSchema(q: FieldQuestion): z.ZodType {
  switch (q.type) {
    case 'yes_no':
      return z.boolean();
    case 'choice': {
      const one = z.string().refine((v) => q.options.some((o) => o.value === v), { error: () => M.notAnOption });
      return q.multiple ? z.array(one).max(q.options.length) : one;
    }
    case 'text':
      return q.multiline ? multilineText().max(2000) : text().max(300);
    case 'number':
      return z
        .number({ error: () => DOCUMENT_FIELD_MESSAGES.number })
        .finite()
        .min(-1e12)
        .max(1e12);
    case 'money':
      return z
        .number({ error: () => M.money })
        .nonnegative({ error: () => M.money })
        .max(1_000_000_000, { error: () => M.money })
        .refine(hasCents, { error: () => M.money });
    case 'date':
      return isoDateSchema();
    case 'tax_id':
      return z
        .string()
        .trim()
        .regex(TAX_ID_ANSWER, { error: () => DOCUMENT_FIELD_MESSAGES.nineDigits });
    case 'file':
      return opaqueText().min(1).max(64);
  }
}

function questionSchema(q: Question): z.ZodType {
  if (q.type !== 'group') return fieldSchema(q);
  const entry: Record<string, z.ZodType> = { id: z.string().regex(ENTRY_ID) };
  for (const f of q.fields) entry[f.id] = fieldSchema(f).nullable().optional();
  return z.array(z.strictObject(entry)).max(q.max_items ?? DEFAULT_MAX_ITEMS, { error: () => M.tooManyItems });
}

const built = new WeakMap<OrganizerDefinition, z.ZodType>();

/** The schema of a client's answers to this definition (strict: a key the definition does not ask is refused). */
export function answersSchemaFor(definition: OrganizerDefinition): z.ZodType<Record<string, unknown>> {
  let schema = built.get(definition);
  if (!schema) {
    const shape: Record<string, z.ZodType> = {};
    for (const section of definition.sections)
      for (const q of section.questions) shape[q.id] = questionSchema(q).nullable().optional();
    schema = z.strictObject(shape);
    built.set(definition, schema);
  }
  return schema as z.ZodType<Record<string, unknown>>;
}
