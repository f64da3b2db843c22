import { z } from 'zod';
import { patchSchema } from './common.ts';
import { multilineText, opaqueText, text } from '../common/text.ts';
import { DOCUMENT_SECTIONS } from '../documents/questionnaire.ts';
import { COMMON_FIELD_MESSAGES } from '../common/field-messages.ts';
import { CATALOG_FIELD_MESSAGES } from './field-messages.ts';

/** Item in the original product: a service of a type, priced in integer cents. */
export const serviceSchema = z.object({
  id: z.string(),
  service_type_id: z.string(),
  service_type_name: z.string(),
  name: z.string(),
  description: z.string(),
  price_cents: z.number().int(),
  currency: z.string(),
  active: z.boolean(),
  /** Which questionnaire sections' answers ask for documents on this service's tickets (DOCUMENT_SECTIONS). */
  document_sections: z.array(z.enum(DOCUMENT_SECTIONS)),
});
export type Service = z.infer<typeof serviceSchema>;
export const serviceListSchema = z.object({ items: z.array(serviceSchema) });

export const servicesQuerySchema = z.object({
  service_type: opaqueText().max(64).optional(),
});

const fields = {
  service_type_id: opaqueText()
    .min(1, { error: () => CATALOG_FIELD_MESSAGES.serviceTypeRequired })
    .max(64),
  name: text()
    .min(1, { error: () => COMMON_FIELD_MESSAGES.nameRequired })
    .max(160),
  description: multilineText().max(2000),
  price_cents: z.number().int().min(0).max(100_000_000),
  currency: z.string().regex(/^[A-Z]{3}$/, { error: () => CATALOG_FIELD_MESSAGES.currencyCode }),
  active: z.boolean(),
  document_sections: z
    .array(z.enum(DOCUMENT_SECTIONS, { error: () => CATALOG_FIELD_MESSAGES.sectionChoice }))
    .refine((a) => new Set(a).size === a.length, { error: () => CATALOG_FIELD_MESSAGES.sectionOnce }),
};
export const createServiceBodySchema = z.object({
  ...fields,
  description: fields.description.default(''),
  currency: fields.currency.default('USD'),
  active: fields.active.default(true),
  document_sections: fields.document_sections.default([...DOCUMENT_SECTIONS]),
});
export type CreateServiceBody = z.infer<typeof createServiceBodySchema>;
export const updateServiceBodySchema = patchSchema(fields);
export type UpdateServiceBody = z.infer<typeof updateServiceBodySchema>;
