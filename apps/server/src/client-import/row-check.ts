import {
  type ImportMapping,
  type InvalidReason,
  type Language,
  emailSchema,
  multilineText,
  phoneE164,
  text,
} from '@taxportal/contract';

/** The longest value each field may hold (the rest of the app's limits: a name 140, an e-mail 254, notes 2,000). */
export const LIMITS = { name: 140, email: 254, phone: 40, notes: 2000 } as const;

/** What a row gives once read: sanitised values, or why it cannot be imported. */
export interface RowValues {
  full_name: string;
  email: string;
  phone: string | null;
  spouse_name: string | null;
  spouse_email: string | null;
  language: Language | null;
  notes: string | null;
}
/** What a row may be matched by (duplicates): only values that passed their check. */
export interface RowKeys {
  email: string | null;
  phone: string | null;
  spouse_email: string | null;
}
/**
 * What a row gives once read: sanitised values, or every reason it cannot be imported, with what could be read of it
 * (to show) and the values that passed their check (so an invalid row that repeats another can say so too).
 */
export type CheckedRow =
  { ok: true; values: RowValues } | { ok: false; reasons: InvalidReason[]; partial: Partial<RowValues>; keys: RowKeys };

const singleLine = text();
const multiLine = multilineText();

const LANGUAGE_WORDS: Record<string, Language> = {
  en: 'en',
  eng: 'en',
  english: 'en',
  ingles: 'en',
  'en-us': 'en',
  es: 'es',
  spa: 'es',
  spanish: 'es',
  espanol: 'es',
  castellano: 'es',
  'es-us': 'es',
  'es-mx': 'es',
  'es-419': 'es',
};

/** "English", "Inglés", "es", "Español" … → en | es; an empty cell → null; anything else → undefined (unknown). */
export function readLanguage(raw: string): Language | null | undefined {
  const key = raw.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();
  if (!key) return null;
  return LANGUAGE_WORDS[key];
}

class Refused extends Error {
  constructor(readonly reason: InvalidReason) {
    super(reason);
  }
}

/** One line of text by the app's text rule (controls, bidi, invisible-only refused), trimmed; '' for nothing. */
function clean(raw: string | undefined, max: number, multi = false): string {
  if (raw === undefined) return '';
  // Checked on the raw cell first, so a huge cell costs no normalisation.
  if (raw.length > max * 4) throw new Refused('too_long');
  const parsed = (multi ? multiLine : singleLine).safeParse(raw);
  if (!parsed.success) throw new Refused('text_invalid');
  if ([...parsed.data].length > max) throw new Refused('too_long');
  return parsed.data;
}

const cell = (cells: string[], index: number | null) => (index === null ? undefined : cells[index]);

/**
 * One data row through the mapping: the name (full, or first + last), e-mail (required, lower case), phone (E.164 in
 * the firm's country), spouse, language and notes, each by the app's text rule. Every field is checked, so an invalid
 * row lists all its reasons, in the order of the fields.
 */
export function checkRow(cells: string[], mapping: ImportMapping, region: string): CheckedRow {
  const reasons = new Set<InvalidReason>();
  /** A cell by the text rule: its text ('' for nothing), or null when refused (the reason noted). */
  const take = (index: number | null, max: number, multi = false): string | null => {
    try {
      return clean(cell(cells, index), max, multi);
    } catch (err) {
      if (!(err instanceof Refused)) throw err;
      reasons.add(err.reason);
      return null;
    }
  };
  const partial: Partial<RowValues> = {};
  const keys: RowKeys = { email: null, phone: null, spouse_email: null };

  const parts =
    mapping.full_name !== null
      ? [take(mapping.full_name, LIMITS.name)]
      : [take(mapping.first_name, LIMITS.name), take(mapping.last_name, LIMITS.name)];
  const full = parts.filter(Boolean).join(' ');
  if (!parts.includes(null)) {
    if (!full) reasons.add('name_missing');
    else if ([...full].length > LIMITS.name) reasons.add('too_long');
  }
  if (full) partial.full_name = full;

  const emailRaw = take(mapping.email, LIMITS.email);
  if (emailRaw === '') reasons.add('email_missing');
  else if (emailRaw !== null) {
    const email = emailSchema.safeParse(emailRaw);
    if (email.success) keys.email = email.data;
    else reasons.add('email_invalid');
    partial.email = keys.email ?? emailRaw;
  }

  const phoneRaw = take(mapping.phone, LIMITS.phone);
  if (phoneRaw) {
    keys.phone = phoneE164(phoneRaw, { region });
    if (!keys.phone) reasons.add('phone_invalid');
  }
  partial.phone = keys.phone ?? (phoneRaw || null);

  const languageRaw = take(mapping.language, 40);
  const language = languageRaw === null ? null : readLanguage(languageRaw);
  if (language === undefined) reasons.add('language_unknown');

  const spouseName = take(mapping.spouse_name, LIMITS.name);
  partial.spouse_name = spouseName || null;
  const spouseEmailRaw = take(mapping.spouse_email, LIMITS.email);
  if (spouseEmailRaw) {
    const parsed = emailSchema.safeParse(spouseEmailRaw);
    if (!parsed.success) reasons.add('spouse_email_invalid');
    else if (parsed.data === keys.email) reasons.add('spouse_email_own');
    else keys.spouse_email = parsed.data;
    if (spouseName === '') reasons.add('spouse_name_missing');
  }
  partial.spouse_email = keys.spouse_email ?? (spouseEmailRaw || null);
  const notes = take(mapping.notes, LIMITS.notes, true);

  if (reasons.size) return { ok: false, reasons: [...reasons], partial, keys };
  return {
    ok: true,
    values: {
      full_name: full,
      email: keys.email!,
      phone: keys.phone,
      spouse_name: spouseName || null,
      spouse_email: keys.spouse_email,
      language: language ?? null,
      notes: notes || null,
    },
  };
}
