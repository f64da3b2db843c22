import { z } from 'zod';
import { multilineText, opaqueText, text } from '../common/text.ts';

import { hrefTarget } from './href.ts';
import { SITE_FIELD_MESSAGES } from './field-messages.ts';

export { textIn, type LocalizedText } from './localized.ts';

/**
 * A text of content in every language it is written in. English is required; a missing Spanish version falls back to
 * English when read. Stored as JSON, so adding a language needs no migration.
 */
export const localizedText = (max: number, opts: { required?: boolean } = {}) =>
  z.object({
    en: opts.required
      ? text()
          .min(1, { error: () => SITE_FIELD_MESSAGES.required })
          .max(max)
      : multilineText().max(max),
    es: (opts.required ? text() : multilineText()).max(max).optional(),
  });
export const textSchema = localizedText(500);
export const requiredTextSchema = localizedText(300, { required: true });
export const longTextSchema = localizedText(5000);
/** Rich text: HTML from the editor, sanitised with an allow-list on the server before it is stored. */
export const richTextSchema = localizedText(100_000);

/**
 * A link target: http(s), a path on this site, an anchor, mailto: or tel:, as hrefTarget reads it. Never
 * javascript:, data:, a protocol-relative `//host` or a backslashed `/\\host` (refused with 422, so nothing unsafe is
 * stored).
 */
export const hrefSchema = text()
  .max(2000)
  .refine((v) => hrefTarget(v) !== null, {
    error: () => SITE_FIELD_MESSAGES.href,
  });
/** An image source: a path on this site (the public media store): pages load images from no other server. */
export const imageUrlSchema = text()
  .max(2000)
  .refine((v) => hrefTarget(v, { images: true }) !== null, {
    error: () => SITE_FIELD_MESSAGES.imageHref,
  });
/**
 * An image: a path on this site, or an item of the media library (`media_id`), whose `src`,
 * `width`, `height` and `srcset` the server fills from the library when the content is saved (whatever was sent).
 */
export const imageSchema = z.object({
  src: imageUrlSchema,
  alt: textSchema,
  media_id: opaqueText().min(1).max(64).optional(),
  width: z.number().int().positive().max(100_000).optional(),
  height: z.number().int().positive().max(100_000).optional(),
  srcset: z.object({ avif: text().max(4000), webp: text().max(4000) }).optional(),
});
export type SiteImage = z.infer<typeof imageSchema>;

export const linkSchema = z.object({ label: requiredTextSchema, href: hrefSchema });
export type SiteLink = z.infer<typeof linkSchema>;

/** A route segment or slug: lower-case letters, digits and dashes. */
export const slugSchema = text()
  .min(1, { error: () => SITE_FIELD_MESSAGES.required })
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: () => SITE_FIELD_MESSAGES.slug });
