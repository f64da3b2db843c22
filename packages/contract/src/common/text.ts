import { z } from 'zod';
import { COMMON_FIELD_MESSAGES } from './field-messages.ts';

/**
 * The one text rule (docs/decisions/0012): every string a client sends goes through one of these, so what is
 * stored, searched and shown to staff is real text. A test walks every endpoint's params, query and body and
 * fails on a string that does not (contract/text.test.ts).
 *
 * - no NUL or other C0/C1 control character (tab, and in multi-line text newline and carriage return, excepted):
 *   PostgreSQL refuses NUL in text, and controls only hide or garble what a reader sees;
 * - no lone surrogate (half an emoji is not text; it breaks UTF-8 encoding on the way to the database);
 * - not made only of invisible characters (zero-width, format, bidi controls, fillers): "\u200b" is not a name;
 * - in single-line text (names, labels, titles) no bidi embedding, override or isolate (U+202A–U+202E,
 *   U+2066–U+2069): an override inside a name makes staff read something else than what is stored;
 * - normalised to NFC, so one name is one string however it was typed.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the rule
const CONTROL_SINGLE_LINE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- finding control characters is the rule
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;
/** Characters that draw nothing: whitespace, controls, format characters (zero-width, bidi), fillers. */
const INVISIBLE_ONLY = /^(?:[\s\p{Cc}\p{Cf}\p{Zs}\p{Zl}\p{Zp}\u115f\u1160\u3164\uffa0\u2800]|\u034f)+$/u;

/** Half of a surrogate pair (String.prototype.isWellFormed, which the ES2022 library here lacks). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const isWellFormed = (v: string) => !LONE_SURROGATE.test(v);

export const TEXT_MESSAGES = {
  control: 'Remove the control characters.',
  surrogate: 'Contains a broken character.',
  invisible: 'Enter visible text.',
  bidi: 'Remove the text-direction control characters.',
  opaque: 'Invalid value.',
} as const;

/**
 * Whether `value` holds a bidi embedding, override or isolate (U+202A–U+202E, U+2066–U+2069: single-line text's
 * rule, TEXT_MESSAGES.bidi). `html`: rich text, where one may be written as a character reference too (`&#x202E;`).
 */
export function hasBidiControl(value: string, opts: { html?: boolean } = {}): boolean {
  if (BIDI_CONTROL.test(value)) return true;
  if (!opts.html) return false;
  for (const m of value.matchAll(/&#(?:x([0-9a-f]{1,8})|(\d{1,10}));?/gi)) {
    const code = m[1] !== undefined ? parseInt(m[1], 16) : Number(m[2]);
    if (code <= 0x10ffff && BIDI_CONTROL.test(String.fromCodePoint(code))) return true;
  }
  return false;
}

type Kind = 'single' | 'multi';

function textIssue(value: string, kind: Kind): string | null {
  if (!isWellFormed(value)) return TEXT_MESSAGES.surrogate;
  if ((kind === 'single' ? CONTROL_SINGLE_LINE : CONTROL_MULTI_LINE).test(value)) return TEXT_MESSAGES.control;
  if (kind === 'single' && BIDI_CONTROL.test(value)) return TEXT_MESSAGES.bidi;
  if (value.trim().length > 0 && INVISIBLE_ONLY.test(value)) return TEXT_MESSAGES.invisible;
  return null;
}

const ruled = (kind: Kind) =>
  z
    .string()
    .check((ctx) => {
      const message = textIssue(ctx.value, kind);
      if (message) ctx.issues.push({ code: 'custom', message, input: ctx.value, continue: false });
    })
    .overwrite((v) => (isWellFormed(v) ? v.normalize('NFC') : v))
    .trim();

/** A name, a label, a title, a search string: one line, trimmed, NFC; chain `.min()` / `.max()`. */
export const text = (): z.ZodString => ruled('single');

/** A message, a note, a description: lines allowed, trimmed, NFC; chain `.min()` / `.max()`. */
export const multilineText = (): z.ZodString => ruled('multi');

/**
 * An identifier, token or cursor the server made: printable ASCII only, no space. Anything else names nothing,
 * so it is refused before it reaches SQL.
 */
export const opaqueText = (): z.ZodString => z.string().regex(/^[\x21-\x7e]*$/, { error: TEXT_MESSAGES.opaque });

/**
 * A one-time code as a person types it (an authenticator app's `123 456`, a recovery code `k7m2q 9xw4r`): printable
 * ASCII where spaces may stand between the groups, trimmed, at most 24 characters. Whoever checks it drops the
 * spaces and dashes (auth/mfa.service.ts).
 */
export const typedCodeText = (): z.ZodString =>
  z
    .string()
    .trim()
    .max(24)
    .regex(/^[\x20-\x7e]*$/, { error: TEXT_MESSAGES.opaque });

/**
 * A password: kept as typed (never trimmed or normalised, so existing hashes still match), but no control
 * character or lone surrogate.
 */
export const secretText = (): z.ZodString =>
  z.string().check((ctx) => {
    const v = ctx.value;
    if (!isWellFormed(v) || CONTROL_SINGLE_LINE.test(v))
      ctx.issues.push({ code: 'custom', message: TEXT_MESSAGES.control, input: v, continue: false });
  });

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A real calendar date as `YYYY-MM-DD` (no 2024-02-30), between the years 1000 and 9999. */
export const isoDateSchema = (error: string | (() => string) = () => COMMON_FIELD_MESSAGES.dateInvalid) =>
  z.string().refine(
    (v) => {
      const m = ISO_DATE.exec(v);
      if (!m) return false;
      const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
      const date = new Date(Date.UTC(y, mo - 1, d));
      return y >= 1000 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
    },
    { error },
  );
