import { canonicalTimeZone, isTimeZone } from '../common/formatting.ts';
import { z } from 'zod';
import { text } from '../common/text.ts';
import { blockSchema } from './blocks.ts';
import {
  hrefSchema,
  imageSchema,
  longTextSchema,
  requiredTextSchema,
  richTextSchema,
  slugSchema,
  textSchema,
} from './text.ts';
import { SITE_FIELD_MESSAGES } from './field-messages.ts';

/** Each item's key once: a form draws its fields and options by name and value (React keys, the answers' names). */
const unique =
  <T>(keyOf: (item: T) => string) =>
  (items: readonly T[]) =>
    new Set(items.map(keyOf)).size === items.length;

import { PAGE_VARIANTS } from './kinds.ts';
export { CONTENT_KINDS, PAGE_VARIANTS, type ContentKind, type PageVariant } from './kinds.ts';

export const pageDataSchema = z
  .object({
    route: slugSchema,
    /** The home page may have a mobile variant (SPEC: application type web or mobile); other pages are web. */
    variant: z.enum(PAGE_VARIANTS).default('web'),
    title: requiredTextSchema,
    description: textSchema,
    blocks: z
      .array(blockSchema)
      .max(60)
      .refine(
        unique((b: { id: string }) => b.id),
        { error: () => SITE_FIELD_MESSAGES.blockIdTwice },
      ),
  })
  .refine((p) => p.variant === 'web' || p.route === 'home', {
    error: () => SITE_FIELD_MESSAGES.mobileVariantHomeOnly,
    path: ['variant'],
  });

export const categoryDataSchema = z.object({
  slug: slugSchema,
  name: requiredTextSchema,
  description: textSchema,
  /** A category may sit under one parent (get_parent_categories lists those without). */
  parent: slugSchema.nullable().default(null),
});

export const postDataSchema = z.object({
  slug: slugSchema,
  title: requiredTextSchema,
  excerpt: textSchema,
  body: richTextSchema,
  cover: imageSchema.nullable().default(null),
  author: text().max(120).default(''),
  categories: z.array(slugSchema).max(10).default([]),
});
export type PostData = z.infer<typeof postDataSchema>;

export const galleryDataSchema = z.object({
  slug: slugSchema,
  title: requiredTextSchema,
  description: textSchema,
  cover: imageSchema.nullable().default(null),
  images: z.array(imageSchema.extend({ caption: textSchema.optional() })).max(200),
});

const isoWithOffset = z.iso.datetime({ offset: true, error: () => SITE_FIELD_MESSAGES.dateTimeWithOffset });
export const eventDataSchema = z
  .object({
    slug: slugSchema,
    title: requiredTextSchema,
    summary: textSchema,
    body: richTextSchema,
    starts_at: isoWithOffset,
    ends_at: isoWithOffset.nullable().default(null),
    /** IANA zone the event is held in, shown beside its time: one the pages can format a time in. */
    time_zone: text()
      .min(1)
      .max(64)
      .refine(isTimeZone, { error: () => SITE_FIELD_MESSAGES.timeZone })
      .overwrite(canonicalTimeZone)
      .default('America/New_York'),
    place: text().max(300).default(''),
    online_url: z.union([z.literal(''), hrefSchema]).default(''),
    /** The web form visitors register through. */
    form: slugSchema.nullable().default(null),
    cover: imageSchema.nullable().default(null),
  })
  .refine((e) => e.ends_at === null || Date.parse(e.ends_at) >= Date.parse(e.starts_at), {
    path: ['ends_at'],
    error: () => SITE_FIELD_MESSAGES.eventEndsBeforeStart,
  });
export type EventData = z.infer<typeof eventDataSchema>;

export const EMPLOYMENT_TYPES = ['FULL_TIME', 'PART_TIME', 'TEMPORARY', 'SEASONAL', 'CONTRACTOR'] as const;
export const jobDataSchema = z.object({
  slug: slugSchema,
  title: requiredTextSchema,
  summary: textSchema,
  body: richTextSchema,
  employment_type: z.enum(EMPLOYMENT_TYPES),
  location: text().max(200),
  remote: z.boolean().default(false),
  valid_through: z.iso.date().nullable().default(null),
  /** The web form candidates apply through. */
  form: slugSchema.nullable().default(null),
});
export type JobData = z.infer<typeof jobDataSchema>;

export const FORM_FIELD_TYPES = [
  'text',
  'textarea',
  'email',
  'phone',
  'number',
  'date',
  'select',
  'checkbox',
  'file',
] as const;
const fieldName = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,39}$/, { error: () => SITE_FIELD_MESSAGES.fieldName });
export const formFieldSchema = z
  .object({
    name: fieldName,
    label: requiredTextSchema,
    type: z.enum(FORM_FIELD_TYPES),
    required: z.boolean().default(false),
    options: z
      .array(z.object({ value: text().min(1).max(100), label: requiredTextSchema }))
      .max(50)
      .refine(
        unique((o: { value: string }) => o.value),
        { error: () => SITE_FIELD_MESSAGES.optionValueTwice },
      ),
    help: textSchema.optional(),
  })
  .refine((f) => f.type !== 'select' || f.options.length > 0, {
    error: () => SITE_FIELD_MESSAGES.selectNeedsOptions,
    path: ['options'],
  });
export type FormField = z.infer<typeof formFieldSchema>;
/** A web form: its fields, and optionally a repeatable group of child rows (webform-child). */
export const formDataSchema = z.object({
  slug: slugSchema,
  title: requiredTextSchema,
  description: textSchema,
  fields: z
    .array(formFieldSchema)
    .min(1)
    .max(40)
    .refine(
      unique((f: { name: string }) => f.name),
      { error: () => SITE_FIELD_MESSAGES.fieldNameTwice },
    ),
  child_group: z
    .object({
      label: requiredTextSchema,
      fields: z
        .array(formFieldSchema)
        .min(1)
        .max(20)
        .refine(
          unique((f: { name: string }) => f.name),
          { error: () => SITE_FIELD_MESSAGES.fieldNameTwice },
        ),
      max_rows: z.number().int().min(1).max(50),
    })
    .nullable()
    .default(null),
  submit_label: textSchema,
  success_message: longTextSchema,
});
export type WebFormData = z.infer<typeof formDataSchema>;
