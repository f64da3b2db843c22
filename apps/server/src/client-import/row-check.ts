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
export type CheckedRow =
  { ok: true; values: RowValues } | { ok: false; reason: InvalidReason; partial: Partial<RowValues> };

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
 * the firm's country), spouse, language and notes, each by the app's text rule. The first problem found is the reason.
 */
export function checkRow(cells: string[], mapping: ImportMapping, region: string): CheckedRow {
  const partial: Partial<RowValues> = {};
  try {
    const full =
      mapping.full_name !== null
        ? clean(cell(cells, mapping.full_name), LIMITS.name)
        : [clean(cell(cells, mapping.first_name), LIMITS.name), clean(cell(cells, mapping.last_name), LIMITS.name)]
            .filter(Boolean)
            .join(' ');
    if ([...full].length > LIMITS.name) throw new Refused('too_long');
    partial.full_name = full || undefined;
    const emailRaw = clean(cell(cells, mapping.email), LIMITS.email);
    partial.email = emailRaw || undefined;
    const phoneRaw = clean(cell(cells, mapping.phone), LIMITS.phone);
    partial.phone = phoneRaw || null;
    const spouseName = clean(cell(cells, mapping.spouse_name), LIMITS.name);
    partial.spouse_name = spouseName || null;
    const spouseEmailRaw = clean(cell(cells, mapping.spouse_email), LIMITS.email);
    partial.spouse_email = spouseEmailRaw || null;
    const notes = clean(cell(cells, mapping.notes), LIMITS.notes, true);
    const languageRaw = clean(cell(cells, mapping.language), 40);

    if (!full) throw new Refused('name_missing');
    if (!emailRaw) throw new Refused('email_missing');
    const email = emailSchema.safeParse(emailRaw);
    if (!email.success) throw new Refused('email_invalid');
    partial.email = email.data;
    let phone: string | null = null;
    if (phoneRaw) {
      phone = phoneE164(phoneRaw, { region });
      if (!phone) throw new Refused('phone_invalid');
      partial.phone = phone;
    }
    const language = readLanguage(languageRaw);
    if (language === undefined) throw new Refused('language_unknown');
    let spouseEmail: string | null = null;
    if (spouseEmailRaw) {
      const parsed = emailSchema.safeParse(spouseEmailRaw);
      if (!parsed.success || parsed.data === email.data) throw new Refused('spouse_email_invalid');
      spouseEmail = parsed.data;
      partial.spouse_email = spouseEmail;
      if (!spouseName) throw new Refused('spouse_name_missing');
    }
    return {
      ok: true,
      values: {
        full_name: full,
        email: email.data,
        phone,
        spouse_name: spouseName || null,
        spouse_email: spouseEmail,
        language,
        notes: notes || null,
      },
    };
  } catch (err) {
    if (err instanceof Refused) return { ok: false, reason: err.reason, partial };
    throw err;
  }
}
