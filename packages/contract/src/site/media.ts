import { z } from 'zod';
import { opaqueText } from '../common/text.ts';
import { textSchema } from './text.ts';

/**
 * The public media library (decision 0020-c): images editors upload, resized by the server into responsive widths
 * (never upscaled) in AVIF and WebP, plus one JPEG (PNG when transparent) at the largest width as the plain `src`.
 * Every variant's name is content-addressed, so it is cached for ever.
 */
export const MEDIA_WIDTHS = [320, 640, 1024, 1600] as const;
export const MEDIA_FORMATS = ['avif', 'webp', 'jpeg', 'png'] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];
/** What an editor may upload (by content); anything else is 415. */
export const MEDIA_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'] as const;
/** Where variants are read: `/api/v1/media/<32 hex>.<ext>`. */
export const MEDIA_PATH = '/api/v1/media/';
export const MEDIA_FILE = /^[0-9a-f]{32}\.(avif|webp|jpg|png)$/;

export const mediaSchema = z.object({
  id: z.string(),
  file_name: z.string(),
  content_type: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  alt: textSchema,
  /** The fallback image (JPEG or PNG, largest width). */
  src: z.string(),
  /** `srcset` values by format: `url 320w, url 640w, …`. */
  srcset: z.object({ avif: z.string(), webp: z.string() }),
  size_bytes: z.number().int(),
  /** How many entries (drafts or published) use it: a used item cannot be deleted. */
  used_by: z.number().int(),
  created_at: z.iso.datetime(),
});
export type Media = z.infer<typeof mediaSchema>;
export const mediaListSchema = z.object({ items: z.array(mediaSchema) });
export const mediaParamsSchema = z.object({ id: opaqueText().min(1).max(64) });
export const mediaAltBodySchema = z.object({ alt: textSchema });
export const mediaFileParamsSchema = z.object({ file: opaqueText().max(60) });
