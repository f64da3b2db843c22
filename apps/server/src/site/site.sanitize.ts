import sanitizeHtml from 'sanitize-html';
import type { z } from 'zod';
import { hrefTarget } from '@taxportal/contract';
import { AppError } from '../platform/errors.ts';
import type { Params } from '../platform/i18n.ts';

/**
 * Everything an editor saves passes through here before it is stored (issue 11 item 2): rich text keeps an
 * allow-list of tags and attributes, every other text keeps no markup at all. Link and image addresses are refused
 * by the contract's schemas when unsafe, and are checked again here in rich text.
 */
const RICH: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'code',
    'pre',
    'hr',
    'img',
    'mark',
    'sub',
    'sup',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  // Images only from this site (hrefTarget's rule for images, as the contract's): no data: URL, no other server.
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  exclusiveFilter: (frame) => frame.tag === 'img' && hrefTarget(frame.attribs.src ?? '', { images: true }) === null,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...attribs,
        rel: 'noopener noreferrer',
        ...(attribs.target ? { target: '_blank' } : {}),
      },
    }),
  },
};

/**
 * A numeric character reference to nothing a text may hold (`&#0;`, a surrogate, past U+10FFFF) is read by HTML as
 * U+FFFD, which would then pass for text: it is turned into the NUL it stands for, which the text rule refuses.
 */
const nullReferences = (text: string) =>
  text.replace(/&#(?:x([0-9a-f]+)|(\d+));?/gi, (ref, hex: string | undefined, dec: string | undefined) => {
    const code = hex !== undefined ? parseInt(hex, 16) : Number(dec);
    return code === 0 || (code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff ? '\u0000' : ref;
  });

export const sanitizeRichText = (html: string): string => sanitizeHtml(nullReferences(html), RICH);

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const NONE: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' };

/**
 * Plain text: no markup. Tags are dropped (a script's content with them) and the entities sanitize-html writes are
 * turned back into characters, until nothing changes, so an escaped `&lt;script&gt;` cannot come back as a tag.
 */
export function sanitizePlainText(text: string): string {
  let current = nullReferences(text);
  for (let i = 0; i < 5; i++) {
    const next = sanitizeHtml(current, NONE).replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]!);
    if (next === current) return next;
    current = next;
  }
  return current;
}

/** Localised texts under these keys are rich text; every other string of content is plain text. */
const RICH_KEYS = new Set(['html', 'body']);
/** Addresses the contract's schemas already checked (http(s), site paths, mailto:, tel:); kept as written. */
const URL_KEYS = new Set(['href', 'src', 'url', 'map_url', 'online_url']);

/** Returns a copy of a piece of content with every string sanitised by what it is. */
export function sanitizeContent<T>(value: T): T {
  const walk = (v: unknown, key: string | null, richParent: boolean): unknown => {
    if (typeof v === 'string') {
      if (key && URL_KEYS.has(key)) return v;
      return richParent ? sanitizeRichText(v) : sanitizePlainText(v);
    }
    if (Array.isArray(v)) return v.map((item) => walk(item, null, false));
    if (v && typeof v === 'object') {
      const rich = key !== null && RICH_KEYS.has(key);
      return Object.fromEntries(Object.entries(v).map(([k, inner]) => [k, walk(inner, k, rich)]));
    }
    return v;
  };
  return walk(value, null, false) as T;
}

/**
 * The one way text an editor or a visitor sends to the site is taken in (issue 28): sanitised first (markup
 * dropped, entities turned into the characters they stand for), then checked by the contract's schema, whose text
 * rule (trimmed, NFC, no control or bidi character, lengths by what is left) runs on what the sanitiser left; then
 * stored. So `&#x202E;` is refused as the override it becomes and `<b></b>` as empty, with a 422 naming the field
 * under `field`, instead of being stored and failing every later read. The schema's messages are catalogue texts,
 * answered in the reader's language; `params` fills their placeholders (a form field's label).
 */
export function takeSanitised<S extends z.ZodType>(
  schema: S,
  raw: unknown,
  field: string,
  params?: Params,
): z.output<S> {
  const parsed = schema.safeParse(sanitizeContent(raw));
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const path = [field, ...issue.path.map(String)].filter(Boolean).join('.');
  throw new AppError('validation', issue.message, {
    errors: [{ field: path, message: issue.message }],
    ...(params ? { params } : {}),
  });
}
