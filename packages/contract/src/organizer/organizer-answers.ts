import { z } from 'zod';
import { isoDateSchema, multilineText, opaqueText, text } from '../common/text.ts';
import { DOCUMENT_FIELD_MESSAGES } from '../documents/field-messages.ts';
import { ORGANIZER_FIELD_MESSAGES as M } from './field-messages.ts';
import { taxIdAnswer } from '../documents/tax-id.ts';
import {
  DEFAULT_MAX_ITEMS,
  MONEY_LIMIT,
  NUMBER_LIMIT,
  type FieldQuestion,
  type OrganizerDefinition,
  type Question,
} from './organizer-definition.ts';

/**
 * The answers a definition accepts: one key per question (null or absent: not answered), a repeating group's entries
 * each with a client-made id. Built once per definition (a version never changes), for the server's checks and the
 * web's field messages alike.
 */

export const ENTRY_ID = /^[\w-]{1,40}$/;
/** A bank account number (4 to 17 digits) or its mask (`****1234`), meaning "keep it" (as the questionnaire's). */
const ACCOUNT_ANSWER = /^(\d{4,17}|\*{4}\d{4})$/;

const hasCents = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;

/** The schema of one answer to a question that is not a group (also: whether a value carried from last year fits). */
export function fieldAnswerSchema(q: FieldQuestion): z.ZodType {
  switch (q.type) {
    case 'yes_no':
      return z.boolean();
    case 'choice': {
      const one = z.string().refine((v) => q.options.some((o) => o.value === v), { error: () => M.notAnOption });
      return q.multiple ? z.array(one).max(q.options.length) : one;
    }
    case 'text':
      if (q.format === 'routing_number')
        return z
          .string()
          .trim()
          .regex(/^\d{9}$/, { error: () => DOCUMENT_FIELD_MESSAGES.nineDigits });
      if (q.format === 'account_number')
        return z
          .string()
          .trim()
          .regex(ACCOUNT_ANSWER, { error: () => DOCUMENT_FIELD_MESSAGES.accountNumber });
      return q.multiline ? multilineText().max(2000) : text().max(300);
    case 'number': {
      const n = z
        .number({ error: () => DOCUMENT_FIELD_MESSAGES.number })
        .finite({ error: () => DOCUMENT_FIELD_MESSAGES.number })
        .min(q.min ?? -NUMBER_LIMIT, { error: () => M.belowMin })
        .max(q.max ?? NUMBER_LIMIT, { error: () => M.aboveMax });
      return q.integer ? n.int({ error: () => M.wholeNumber }) : n;
    }
    case 'money':
      // Without a range of its own an amount is 0 or more (the message says what an amount is); with one, its limits.
      return z
        .number({ error: () => M.money })
        .min(q.min ?? 0, { error: () => (q.min === undefined ? M.money : M.belowMin) })
        .max(q.max ?? MONEY_LIMIT, { error: () => (q.max === undefined ? M.money : M.aboveMax) })
        .refine(hasCents, { error: () => M.money });
    case 'date':
      return isoDateSchema();
    case 'tax_id':
      return taxIdAnswer();
    case 'file':
      return opaqueText().min(1).max(64);
  }
}

function questionSchema(q: Question): z.ZodType {
  if (q.type !== 'group') return fieldAnswerSchema(q);
  const entry: Record<string, z.ZodType> = { id: z.string().regex(ENTRY_ID) };
  for (const f of q.fields) entry[f.id] = fieldAnswerSchema(f).nullable().optional();
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
