import { z } from 'zod';
import { idSchema } from '../common/fields.ts';
import { multilineText, opaqueText, text } from '../common/text.ts';
import { THIRD_PARTY_MESSAGES } from './messages.ts';

/**
 * Offers beyond tax preparation (issue 33 item 4, docs/decisions/0035): Admin writes a subject and a text and sends
 * it by e-mail to all clients or those chosen; only clients with an active consent to use get it, the others are
 * skipped (shown before sending, recorded after). Push is to call the same gate once it exists.
 */
export const OFFER_SUBJECT_MAX = 150;
export const OFFER_BODY_MAX = 5000;
export const OFFER_MAX_SELECTED = 500;
/** How many skipped clients a preview names (the count is whole). */
export const OFFER_PREVIEW_NAMES = 50;

export const OFFER_AUDIENCES = ['all', 'selected'] as const;
export type OfferAudience = (typeof OFFER_AUDIENCES)[number];
/** queued: to send; sent; skipped: no active consent to use (at preview or at send); failed: the mail was not taken. */
export const OFFER_RECIPIENT_STATES = ['queued', 'sent', 'skipped', 'failed'] as const;
export type OfferRecipientState = (typeof OFFER_RECIPIENT_STATES)[number];

const audienceShape = {
  audience: z.enum(OFFER_AUDIENCES),
  customer_ids: z.array(idSchema).min(1).max(OFFER_MAX_SELECTED).optional(),
};
const needsChosen = (b: { audience: OfferAudience; customer_ids?: string[] | undefined }) =>
  b.audience === 'all' || (b.customer_ids?.length ?? 0) > 0;
const chosenIssue = { path: ['customer_ids'], error: () => THIRD_PARTY_MESSAGES.refusals.chooseClients };

export const offerAudienceBodySchema = z.object(audienceShape).refine(needsChosen, chosenIssue);
export type OfferAudienceBody = z.infer<typeof offerAudienceBodySchema>;

export const createOfferBodySchema = z
  .object({
    subject: text().min(1).max(OFFER_SUBJECT_MAX),
    body: multilineText().min(1).max(OFFER_BODY_MAX),
    ...audienceShape,
  })
  .refine(needsChosen, chosenIssue);
export type CreateOfferBody = z.infer<typeof createOfferBodySchema>;

const clientRef = z.object({ id: z.string(), full_name: z.string(), email: z.string() });

/** The dry run of a send: who would get it and who is skipped for want of a consent to use. */
export const offerPreviewSchema = z.object({
  eligible: z.number().int(),
  skipped: z.number().int(),
  skipped_clients: z.array(clientRef),
});
export type OfferPreview = z.infer<typeof offerPreviewSchema>;

export const offerCountsSchema = z.record(z.enum(OFFER_RECIPIENT_STATES), z.number().int());
export const offerSchema = z.object({
  id: z.string(),
  subject: z.string(),
  body: z.string(),
  audience: z.enum(OFFER_AUDIENCES),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
  counts: offerCountsSchema,
});
export type Offer = z.infer<typeof offerSchema>;
export const offerListSchema = z.object({ items: z.array(offerSchema) });

export const offerParamsSchema = z.object({ id: idSchema });
export const offerRecipientSchema = z.object({
  customer_id: z.string(),
  full_name: z.string(),
  email: z.string(),
  state: z.enum(OFFER_RECIPIENT_STATES),
  sent_at: z.string().nullable(),
});
export const offerRecipientsQuerySchema = z.object({
  state: z.enum(OFFER_RECIPIENT_STATES).optional(),
  cursor: opaqueText().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const offerRecipientListSchema = z.object({
  items: z.array(offerRecipientSchema),
  next_cursor: z.string().nullable(),
});
