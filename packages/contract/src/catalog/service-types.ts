import { z } from 'zod';
import { patchSchema } from './common.ts';
import { multilineText, text } from '../common/text.ts';
import { COMMON_FIELD_MESSAGES } from '../common/field-messages.ts';

/** Item Group in the original product. */
export const serviceTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  show_in_website: z.boolean(),
  position: z.number().int(),
});
export type ServiceType = z.infer<typeof serviceTypeSchema>;
export const serviceTypeListSchema = z.object({ items: z.array(serviceTypeSchema) });

const fields = {
  name: text()
    .min(1, { error: () => COMMON_FIELD_MESSAGES.nameRequired })
    .max(120),
  description: multilineText().max(2000),
  show_in_website: z.boolean(),
  position: z.number().int().min(0).max(10_000),
};
export const createServiceTypeBodySchema = z.object({
  ...fields,
  description: fields.description.default(''),
  show_in_website: fields.show_in_website.default(true),
  position: fields.position.default(0),
});
export type CreateServiceTypeBody = z.infer<typeof createServiceTypeBodySchema>;
/** Only the fields sent change (no defaults here: a PATCH must not reset what it omits). */
export const updateServiceTypeBodySchema = patchSchema(fields);
export type UpdateServiceTypeBody = z.infer<typeof updateServiceTypeBodySchema>;
