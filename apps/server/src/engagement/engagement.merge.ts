import { createHash } from 'node:crypto';
import {
  localeOf,
  MERGE_FIELD_PATTERN,
  MERGE_FIELDS,
  type Language,
  type LetterService,
  type MergeField,
} from '@taxportal/contract';

/**
 * Merging a template into a letter (docs/decisions/0036). The template is the site's sanitised rich text; each
 * `{{field}}` in it is swapped for its value by walking the matches and joining the pieces, never through
 * String.replace with a string replacement (whose `$&`, `$1`, `$$`… would be read in the data), and every value is
 * HTML-escaped after its control and text-direction characters are dropped. The letter comes out twice: the HTML
 * the client reads and signs (its SHA-256 is the letter's), and plain text for the signed PDF.
 */

export interface MergeValues {
  client_name: string;
  spouse_name: string;
  /** 'Ana Díaz and Sam Díaz' on a joint letter, else the client's name (joined in the letter's language). */
  client_names: string;
  tax_year: string;
  services: LetterService[];
  firm_name: string;
  firm_address: string;
  date: string;
  deposit: string;
}

/** The words of the services table, in the letter's language. */
export interface MergeWords {
  service: string;
  fee: string;
  total: string;
}

const KNOWN = new Set<string>(MERGE_FIELDS);
const isField = (name: string): name is MergeField => KNOWN.has(name);

/** The merge fields a template names that are not known (in order, once each): refused on save, named. */
export function unknownFields(template: string): string[] {
  const unknown = new Set<string>();
  for (const m of template.matchAll(MERGE_FIELD_PATTERN)) if (!isField(m[1]!)) unknown.add(m[1]!);
  return [...unknown];
}

// eslint-disable-next-line no-control-regex -- dropping control characters from merged values is the rule
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** A value as plain text: control and text-direction characters dropped (they would hide or reorder words). */
export const cleanValue = (v: string): string => v.replace(UNSAFE, () => '').normalize('NFC');
/** A value as HTML text: cleaned, then every character markup could read escaped. */
export const escapeHtml = (v: string): string => cleanValue(v).replace(/[&<>"']/g, (c) => ENTITY[c]!);

export const money = (cents: number, language: Language): string =>
  new Intl.NumberFormat(localeOf(language), { style: 'currency', currency: 'USD' }).format(cents / 100);

export const totalOf = (services: readonly LetterService[]): number => services.reduce((n, s) => n + s.fee_cents, 0);

function servicesHtml(services: readonly LetterService[], words: MergeWords, language: Language): string {
  const rows = services
    .map(
      (s) => `<tr><td>${escapeHtml(s.name)}</td><td class="fee">${escapeHtml(money(s.fee_cents, language))}</td></tr>`,
    )
    .join('');
  return (
    `<table class="letter-services"><thead><tr><th>${escapeHtml(words.service)}</th><th class="fee">` +
    `${escapeHtml(words.fee)}</th></tr></thead><tbody>${rows}</tbody><tfoot><tr><th>${escapeHtml(words.total)}` +
    `</th><th class="fee">${escapeHtml(money(totalOf(services), language))}</th></tr></tfoot></table>`
  );
}

/** A row of the services table as text: the name, dot leaders, the amount ("Individual return ...... $350.00"). */
const LEADER_WIDTH = 60;
function leaderLine(name: string, amount: string): string {
  const used = [...name].length + [...amount].length + 2;
  return `${name} ${'.'.repeat(Math.max(3, LEADER_WIDTH - used))} ${amount}`;
}

function servicesText(services: readonly LetterService[], words: MergeWords, language: Language): string {
  const lines = services.map((s) => leaderLine(cleanValue(s.name).replace(/\s+/g, ' '), money(s.fee_cents, language)));
  lines.push(leaderLine(words.total, money(totalOf(services), language)));
  return lines.join('\n');
}

/** The template is the site's sanitised rich text: these elements make blocks of their own. */
const BLOCKS = new Set(['p', 'div', 'blockquote', 'pre', 'table', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/**
 * One pass over the entities sanitize-html writes (and numeric references): `&amp;#x202E;` is the literal text
 * "&#x202E;" the page shows, never decoded a second time into the character.
 */
const ENTITY_REF = /&(?:(amp|lt|gt|quot|apos|nbsp)|#(\d+)|#x([0-9a-f]+));/gi;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const codePoint = (n: number) =>
  n > 0 && n <= 0x10ffff && (n < 0xd800 || n > 0xdfff) ? String.fromCodePoint(n) : '\ufffd';
export const decodeEntities = (s: string): string =>
  s.replace(ENTITY_REF, (_, name: string | undefined, dec: string | undefined, hex: string | undefined) =>
    name ? NAMED[name.toLowerCase()]! : codePoint(dec ? Number(dec) : parseInt(hex!, 16)),
  );

/**
 * The sanitised template as plain text keeping the structure the client reads: a blank line between blocks
 * (paragraphs, headings on lines of their own, tables), list items on their own lines with a bullet (numbers in an
 * ordered list, indented when nested), table rows as lines of cells, line breaks kept. Text is the page's: runs of
 * white space are one space, entities decoded once.
 */
export function htmlToText(html: string): string {
  let out = '';
  // The break owed before the next text: breaks in a row make the widest one, and none is written at the end.
  let pending = '';
  const lists: { ordered: boolean; n: number }[] = [];
  let firstCell = true;
  const indent = () => '  '.repeat(lists.length);
  const blockBreak = () => {
    if (lists.length) pending ||= `\n${indent()}`;
    else pending = '\n\n';
  };
  for (const m of html.matchAll(/<(\/?)([a-z][a-z0-9]*)\b[^>]*>|[^<]+|</gi)) {
    const tag = m[2]?.toLowerCase();
    if (!tag) {
      let text = decodeEntities(m[0].replace(/[ \t\n\r\f]+/g, () => ' '));
      if (pending || !out || out.endsWith('\n')) text = text.replace(/^ +/, () => '');
      if (!text) continue;
      out += pending + text;
      pending = '';
      continue;
    }
    const closing = m[1] === '/';
    if (tag === 'br') {
      out += pending + '\n';
      pending = '';
    } else if (tag === 'ul' || tag === 'ol') {
      if (closing) lists.pop();
      else lists.push({ ordered: tag === 'ol', n: 0 });
      if (!lists.length) blockBreak();
    } else if (tag === 'li') {
      if (!closing) {
        const list = lists.at(-1);
        const mark = list?.ordered ? `${++list.n}. ` : '• ';
        pending = `${pending.startsWith('\n\n') ? '\n\n' : '\n'}${'  '.repeat(Math.max(0, lists.length - 1))}${mark}`;
      }
    } else if (tag === 'tr') {
      if (!pending.startsWith('\n\n')) pending = '\n';
      firstCell = true;
    } else if (tag === 'td' || tag === 'th') {
      if (!closing && !firstCell) pending += ' | ';
      if (!closing) firstCell = false;
    } else if (BLOCKS.has(tag)) blockBreak();
  }
  return out;
}

/**
 * The letter from the template and the values: `html` (escaped values, the services as a table) and `text` (for
 * the PDF: the page's structure as lines, htmlToText). A `{{…}}` that names no known field stays as written
 * (templates with one are refused on save).
 */
export function renderLetter(
  template: string,
  values: MergeValues,
  words: MergeWords,
  language: Language,
): { html: string; text: string; sha256: string } {
  const html: string[] = [];
  // The text is made from the whole template with each field's place held by a NUL-delimited number (a NUL is in
  // no sanitised template nor cleaned value), so blocks that span a field keep their shape; then the values go in.
  const shape: string[] = [];
  const fills: string[] = [];
  const hold = (v: string) => `\u0000${fills.push(v) - 1}\u0000`;
  let at = 0;
  for (const m of template.matchAll(MERGE_FIELD_PATTERN)) {
    const before = template.slice(at, m.index);
    html.push(before);
    shape.push(before);
    at = m.index + m[0].length;
    const name = m[1]!;
    if (!isField(name)) {
      html.push(m[0]);
      shape.push(hold(m[0]));
    } else if (name === 'services') {
      html.push(servicesHtml(values.services, words, language));
      // The table is a block of its own: a blank line before and after, a line a service.
      shape.push(`<table>${hold(servicesText(values.services, words, language))}</table>`);
    } else {
      html.push(escapeHtml(values[name]));
      shape.push(hold(cleanValue(values[name])));
    }
  }
  const rest = template.slice(at);
  html.push(rest);
  shape.push(rest);
  const out = html.join('');
  const plain = htmlToText(shape.join(''))
    // eslint-disable-next-line no-control-regex -- the NUL-delimited places held above
    .replace(/\u0000(\d+)\u0000/g, (_, i: string) => fills[Number(i)]!)
    .split('\n')
    .map((l) => l.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, () => '\n\n')
    .trim();
  return { html: out, text: plain, sha256: sha256Hex(out) };
}

/** Whether a template names `field` ({{services}}: a template without it would make letters without fees). */
export const namesField = (template: string, field: MergeField): boolean =>
  [...template.matchAll(MERGE_FIELD_PATTERN)].some((m) => m[1] === field);

export const sha256Hex = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');
