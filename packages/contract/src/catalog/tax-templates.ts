import { z } from 'zod';
import { patchSchema } from './common.ts';
import { multilineText, text } from '../common/text.ts';
import { COMMON_FIELD_MESSAGES } from '../common/field-messages.ts';
import { CATALOG_FIELD_MESSAGES } from './field-messages.ts';

/**
 * Item Tax Template: a named sales-tax rate that billing applies to an
 * invoice. The rate is in basis points (825 = 8.25 %) so money stays integer.
 */
export const taxTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  rate_bp: z.number().int(),
  active: z.boolean(),
});
export type TaxTemplate = z.infer<typeof taxTemplateSchema>;
export const taxTemplateListSchema = z.object({ items: z.array(taxTemplateSchema) });

const fields = {
  name: text()
    .min(1, { error: () => COMMON_FIELD_MESSAGES.nameRequired })
    .max(120),
  description: multilineText().max(2000),
  rate_bp: z
    .number()
    .int({ error: () => CATALOG_FIELD_MESSAGES.rateWholeBasisPoints })
    .min(0)
    .max(10_000, { error: () => CATALOG_FIELD_MESSAGES.rateAtMost100 }),
  active: z.boolean(),
};
export const createTaxTemplateBodySchema = z.object({
  ...fields,
  description: fields.description.default(''),
  active: fields.active.default(true),
});
export type CreateTaxTemplateBody = z.infer<typeof createTaxTemplateBodySchema>;
export const updateTaxTemplateBodySchema = patchSchema(fields);
export type UpdateTaxTemplateBody = z.infer<typeof updateTaxTemplateBodySchema>;
