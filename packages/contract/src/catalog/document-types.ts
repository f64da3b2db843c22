import { z } from 'zod';
import { patchSchema } from './common.ts';
import { multilineText, text } from '../common/text.ts';
import { COMMON_FIELD_MESSAGES } from '../common/field-messages.ts';

/** Tax Document Type: what an uploaded document is (W-2, 1099-INT...). */
export const documentTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  position: z.number().int(),
});
export type DocumentType = z.infer<typeof documentTypeSchema>;
export const documentTypeListSchema = z.object({ items: z.array(documentTypeSchema) });

const fields = {
  name: text()
    .min(1, { error: () => COMMON_FIELD_MESSAGES.nameRequired })
    .max(120),
  description: multilineText().max(2000),
  position: z.number().int().min(0).max(10_000),
};
export const createDocumentTypeBodySchema = z.object({
  ...fields,
  description: fields.description.default(''),
  position: fields.position.default(0),
});
export type CreateDocumentTypeBody = z.infer<typeof createDocumentTypeBodySchema>;
export const updateDocumentTypeBodySchema = patchSchema(fields);
export type UpdateDocumentTypeBody = z.infer<typeof updateDocumentTypeBodySchema>;
