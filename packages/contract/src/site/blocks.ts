import { z } from 'zod';
import { opaqueText, text } from '../common/text.ts';
import {
  imageSchema,
  linkSchema,
  longTextSchema,
  requiredTextSchema,
  richTextSchema,
  slugSchema,
  textSchema,
} from './text.ts';
import { SITE_FIELD_MESSAGES } from './field-messages.ts';

/**
 * Every block has an id (stable across reorders) and a type; the editor arranges them in order. An id is a name of
 * letters, digits, `-` and `_` (the editor makes `b-1a2b3c4d5e6f`): nothing that looks like another id, or like markup.
 */
const base = {
  id: text()
    .min(1)
    .max(40)
    .regex(/^[A-Za-z0-9_-]+$/, { error: () => SITE_FIELD_MESSAGES.blockAnchor }),
};

export const heroBlockSchema = z.object({
  ...base,
  type: z.literal('hero'),
  heading: requiredTextSchema,
  text: longTextSchema,
  image: imageSchema.nullable().default(null),
  cta: linkSchema.nullable().default(null),
});
export const richTextBlockSchema = z.object({ ...base, type: z.literal('rich_text'), html: richTextSchema });
export const imageBlockSchema = z.object({
  ...base,
  type: z.literal('image'),
  image: imageSchema,
  caption: textSchema.optional(),
});
/** Services and their prices, read live from the catalogue (all visible types, or one). */
export const servicesGridBlockSchema = z.object({
  ...base,
  type: z.literal('services_grid'),
  heading: textSchema,
  service_type_id: opaqueText().max(64).nullable().default(null),
});
export const PLAN_PERIODS = ['once', 'month', 'year'] as const;
/** SPEC's Subscription Plan. */
export const pricingPlanSchema = z.object({
  name: requiredTextSchema,
  price_cents: z.number().int().min(0).max(100_000_000),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default('USD'),
  period: z.enum(PLAN_PERIODS),
  features: z.array(textSchema).max(20),
  highlighted: z.boolean().default(false),
  cta: linkSchema.nullable().default(null),
});
export const pricingPlansBlockSchema = z.object({
  ...base,
  type: z.literal('pricing_plans'),
  heading: textSchema,
  plans: z.array(pricingPlanSchema).min(1).max(6),
});
export const faqBlockSchema = z.object({
  ...base,
  type: z.literal('faq'),
  heading: textSchema,
  items: z
    .array(z.object({ question: requiredTextSchema, answer: longTextSchema }))
    .min(1)
    .max(50),
});
export const testimonialsBlockSchema = z.object({
  ...base,
  type: z.literal('testimonials'),
  heading: textSchema,
  items: z
    .array(z.object({ quote: longTextSchema, name: text().min(1).max(120), role: textSchema.optional() }))
    .min(1)
    .max(20),
});
export const ctaBlockSchema = z.object({
  ...base,
  type: z.literal('cta'),
  heading: requiredTextSchema,
  text: longTextSchema,
  button: linkSchema,
});
export const latestPostsBlockSchema = z.object({
  ...base,
  type: z.literal('latest_posts'),
  heading: textSchema,
  count: z.number().int().min(1).max(12).default(3),
  category: slugSchema.nullable().default(null),
});
export const galleryBlockSchema = z.object({ ...base, type: z.literal('gallery'), gallery: slugSchema });
export const contactFormBlockSchema = z.object({
  ...base,
  type: z.literal('contact_form'),
  heading: textSchema,
  text: longTextSchema,
});
export const webFormBlockSchema = z.object({ ...base, type: z.literal('web_form'), form: slugSchema });
export const businessDetailsBlockSchema = z.object({
  ...base,
  type: z.literal('business_details'),
  heading: textSchema,
  show_map_link: z.boolean().default(true),
});

export const blockSchema = z.discriminatedUnion('type', [
  heroBlockSchema,
  richTextBlockSchema,
  imageBlockSchema,
  servicesGridBlockSchema,
  pricingPlansBlockSchema,
  faqBlockSchema,
  testimonialsBlockSchema,
  ctaBlockSchema,
  latestPostsBlockSchema,
  galleryBlockSchema,
  contactFormBlockSchema,
  webFormBlockSchema,
  businessDetailsBlockSchema,
]);
export type Block = z.infer<typeof blockSchema>;
