import { z } from 'zod';
import { text } from '../common/text.ts';
import { hrefSchema, imageSchema, linkSchema, requiredTextSchema, textSchema } from './text.ts';
import { SITE_FIELD_MESSAGES } from './field-messages.ts';

const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: () => SITE_FIELD_MESSAGES.colour });

export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'linkedin', 'x', 'youtube', 'tiktok'] as const;

/** A header menu entry; it may hold one level of children (two levels in all). */
const menuLeafSchema = linkSchema;
export const menuItemSchema = linkSchema.extend({ children: z.array(menuLeafSchema).max(20).default([]) });

/** The firm's country until it says otherwise (ISO 3166): phone numbers typed without + are read as its. */
export const DEFAULT_COUNTRY = 'US';

export const businessDetailsSchema = z.object({
  street: text().max(200),
  locality: text().max(100),
  region: text().max(100),
  postal_code: text().max(20),
  country: text().max(2).default(DEFAULT_COUNTRY),
  phone: text().max(40),
  email: z.union([z.literal(''), z.email().max(254)]),
  hours: textSchema,
  map_url: z.union([z.literal(''), hrefSchema]),
});

/** Website settings (get_all_website_settings, get_business_detail): one document with drafts and revisions. */
/** http is allowed for a reference site on this machine only. */
const LOOPBACK_HTTP = /^http:\/\/(?:localhost|127\.0\.0\.1)(?::\d+)?(?:\/|$)/;

export const siteSettingsSchema = z.object({
  firm_name: text()
    .min(1, { error: () => SITE_FIELD_MESSAGES.required })
    .max(120),
  tagline: textSchema,
  logo: imageSchema.nullable().default(null),
  colors: z.object({ primary: hex, accent: hex }),
  business: businessDetailsSchema,
  header_menu: z.array(menuItemSchema).max(12),
  footer_columns: z.array(z.object({ heading: requiredTextSchema, links: z.array(linkSchema).max(12) })).max(6),
  social_links: z.array(z.object({ network: z.enum(SOCIAL_NETWORKS), url: hrefSchema })).max(10),
  /**
   * The only sites the reference-site modal frames (SPEC §2), and the CSP's `frame-src` lists exactly their
   * origins: https, or http on this machine (loopback: development and tests).
   */
  reference_sites: z
    .array(
      z.object({
        label: requiredTextSchema,
        url: z
          .url({ protocol: /^https?$/, error: () => SITE_FIELD_MESSAGES.httpsAddress })
          .max(2000)
          .refine((u) => u.startsWith('https://') || LOOPBACK_HTTP.test(u), {
            error: () => SITE_FIELD_MESSAGES.httpsAddress,
          }),
      }),
    )
    .max(20),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/** What GET /api/v1/site answers: the published settings and the currency prices are in. */
export const publicSiteSchema = z.object({ settings: siteSettingsSchema, currency: z.string() });
