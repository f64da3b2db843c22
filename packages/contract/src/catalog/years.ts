import { z } from 'zod';
import { CATALOG_FIELD_MESSAGES } from './field-messages.ts';

/** Tax99 Year in the original product: the years a ticket may be opened for. */
export const taxYearSchema = z.object({ year: z.number().int(), active: z.boolean() });
export type TaxYear = z.infer<typeof taxYearSchema>;
export const taxYearListSchema = z.object({ items: z.array(taxYearSchema) });

export const yearValueSchema = z
  .number()
  .int()
  .min(1990, { error: () => CATALOG_FIELD_MESSAGES.yearFrom1990 })
  .max(2100);
export const createTaxYearBodySchema = z.object({ year: yearValueSchema, active: z.boolean().default(true) });
export type CreateTaxYearBody = z.infer<typeof createTaxYearBodySchema>;
export const updateTaxYearBodySchema = z.object({ active: z.boolean() });
export const taxYearParamsSchema = z.object({ year: z.coerce.number().int().min(1990).max(2100) });
