import { z } from 'zod';
import { opaqueText } from '../common/text.ts';
import { CATALOG_FIELD_MESSAGES } from './field-messages.ts';

export const catalogIdParamsSchema = z.object({ id: opaqueText().min(1).max(64) });

/** A PATCH of a catalogue entry: any of its fields, at least one of them (an empty change is refused). */
export const patchSchema = <T extends z.ZodRawShape>(fields: T) =>
  z
    .object(fields)
    .partial()
    .refine((b) => Object.values(b).some((v) => v !== undefined), {
      error: () => CATALOG_FIELD_MESSAGES.nothingToChange,
    });
