import {
  accountPaths,
  answersSchemaFor,
  definitionIssues,
  FILING_STATUSES,
  QUESTIONNAIRE_REQUESTS,
  QUESTIONNAIRE_SECTIONS,
  questionnaireAsStandardAnswers,
  SECRET_FIELDS,
  SECTION_SCHEMAS,
  STANDARD_ORGANIZER,
  taxIdPaths,
  type Condition,
  type FieldQuestion,
  type LocalText,
  type Question,
  type QuestionnaireSection,
} from '@taxportal/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import en from './en.json';
import es from './es.json';
import { EXPENSE, INVESTMENT } from './questionnaire-sections.tsx';

/**
 * The standard organizer (the contract's STANDARD_ORGANIZER, "SPEC's four sections become the default organizer,
 * with the same fields and texts": issue 32) held to the questionnaire one to one: every answer its sections' schemas
 * take is a question under the questionnaire's id (an object's fields joined by `_`, a list a group), in the words
 * of this page's catalogues (English and Spanish), of the kind its schema and page ask, shown when the page shows it,
 * sealed where the questionnaire seals it, asking for the documents its answers ask for. Everything expected is read
 * from the questionnaire's own constants.
 */
const EN = en.questionnaire;
const ES = es.questionnaire;
type Key = keyof typeof EN.fields;
const words = (key: string): LocalText => ({ en: EN.fields[key as Key], es: ES.fields[key as Key] });

const unwrap = (s: z.ZodType): z.ZodType =>
  s instanceof z.ZodOptional || s instanceof z.ZodNullable ? unwrap((s as z.ZodOptional<z.ZodType>).unwrap()) : s;

/** Where the questionnaire seals a value, as the organizer names the place (`spouse.ssn` → `spouse_ssn`). */
const sealed = (section: QuestionnaireSection) =>
  SECRET_FIELDS[section].map((p) => (p.includes('*') ? p : p.replace('.', '_')));

/** What the page asks once a yes/no is yes (questionnaire-sections.tsx), by the question asked. */
const details = new Map(
  [...INVESTMENT, ...EXPENSE].flatMap((x) => (x.detail ? [[x.detail.key as string, x] as const] : [])),
);
const when = (question: string): Condition => ({ question, op: 'equals', value: true });
const MARRIED: Condition = {
  any: [
    { question: 'filing_status', op: 'equals', value: 'married_joint' },
    { question: 'filing_status', op: 'equals', value: 'married_separate' },
  ],
};

/** The question the organizer should ask for one answer of the questionnaire's schema. */
function expected(section: QuestionnaireSection, id: string, schema: z.ZodType, label: LocalText): Partial<Question> {
  const secret = sealed(section).some((p) => p === id || p.endsWith(`*.${id}`));
  if (schema instanceof z.ZodBoolean) return { type: 'yes_no', label };
  if (schema instanceof z.ZodEnum)
    return {
      type: 'choice',
      label,
      options: FILING_STATUSES.map((value) => ({
        value,
        label: { en: EN.filingStatus[value], es: ES.filingStatus[value] },
      })),
    } as Partial<Question>;
  if (schema instanceof z.ZodNumber) {
    const n = schema as z.ZodNumber;
    // A count (whole, in its range) or an amount.
    return n.isInt
      ? ({ type: 'number', label, integer: true, min: n.minValue, max: n.maxValue } as Partial<Question>)
      : { type: 'money', label };
  }
  if (secret)
    return id.endsWith('account_number')
      ? ({ type: 'text', format: 'account_number', label } as Partial<Question>)
      : { type: 'tax_id', label };
  // The page asks dates by their input (type="date"): the questionnaire's dates are its dates of birth.
  if (id.endsWith('date_of_birth')) return { type: 'date', label };
  if (id.endsWith('routing_number')) return { type: 'text', format: 'routing_number', label } as Partial<Question>;
  const detail = details.get(id);
  return detail?.detail?.kind === 'text'
    ? ({ type: 'text', multiline: true, label } as Partial<Question>)
    : { type: 'text', label };
}

describe('the standard organizer: SPEC’s questionnaire as an organizer', () => {
  it('is a definition the contract takes', () => {
    expect(definitionIssues(STANDARD_ORGANIZER.sections)).toEqual([]);
  });

  it('has the questionnaire’s sections, in its order and words', () => {
    expect(STANDARD_ORGANIZER.sections.map((s) => s.id)).toEqual([...QUESTIONNAIRE_SECTIONS]);
    for (const s of STANDARD_ORGANIZER.sections)
      expect(s.title).toEqual({
        en: EN.sections[s.id as QuestionnaireSection],
        es: ES.sections[s.id as QuestionnaireSection],
      });
  });

  for (const section of QUESTIONNAIRE_SECTIONS)
    it(`asks every answer of ${section} one to one, of its kind, in its words`, () => {
      const asked = STANDARD_ORGANIZER.sections.find((s) => s.id === section)!.questions;
      const byId = new Map(asked.map((q) => [q.id, q]));
      const ids: string[] = [];
      for (const [key, field] of Object.entries(SECTION_SCHEMAS[section].shape)) {
        const schema = unwrap(field as z.ZodType);
        if (schema instanceof z.ZodObject) {
          // An object of the questionnaire (address, spouse, direct deposit): its fields, its legend their help.
          for (const [sub, inner] of Object.entries(schema.shape)) {
            const id = `${key}_${sub}`;
            ids.push(id);
            expect(byId.get(id), id).toMatchObject({
              ...expected(section, id, unwrap(inner as z.ZodType), words(sub)),
              help: words(key),
              ...(key === 'spouse' ? { show_if: MARRIED } : {}),
            });
          }
          continue;
        }
        ids.push(key);
        const q = byId.get(key);
        if (schema instanceof z.ZodArray) {
          // A list (dependents, W-2 jobs, foreign accounts): a repeating group of its items' fields.
          const item = (schema.element as z.ZodObject).shape;
          expect(q, key).toMatchObject({
            type: 'group',
            label: words(key),
            show_if: when(`has_${key === 'w2_jobs' ? 'w2' : key}`),
          });
          const fields = (q as Extract<Question, { type: 'group' }>).fields;
          expect(fields.map((f) => f.id)).toEqual(Object.keys(item).filter((k) => k !== 'id'));
          for (const f of fields)
            expect(f, `${key}.${f.id}`).toMatchObject(
              expected(section, f.id, unwrap(item[f.id] as z.ZodType), words(f.id)),
            );
          continue;
        }
        expect(q, key).toMatchObject(expected(section, key, schema, words(key)));
        const detail = details.get(key);
        if (detail) expect(q!.show_if, key).toEqual(when(detail.question));
      }
      // Nothing more than the questionnaire asks.
      expect([...byId.keys()].sort()).toEqual(ids.sort());
    });

  it('seals what the questionnaire seals, and nothing else', () => {
    const organizer = [...taxIdPaths(STANDARD_ORGANIZER), ...accountPaths(STANDARD_ORGANIZER)].sort();
    expect(organizer).toEqual(QUESTIONNAIRE_SECTIONS.flatMap(sealed).sort());
  });

  it('asks for the documents the questionnaire’s answers ask for, each on its "yes"', () => {
    const yesNo = STANDARD_ORGANIZER.sections.flatMap((s) =>
      s.questions
        .filter((q): q is Extract<FieldQuestion, { type: 'yes_no' }> => q.type === 'yes_no')
        .map((q) => ({ s: s.id, q })),
    );
    for (const { s, q } of yesNo) {
      const rule = QUESTIONNAIRE_REQUESTS.find((r) => r.section === s && r.question === q.id);
      expect(q.request ?? null, q.id).toEqual(rule ? { label: rule.label, document_type: rule.document_type } : null);
      // Every yes/no counts in the questionnaire's progress: here too.
      expect(q.required, q.id).not.toBe(false);
    }
    expect(yesNo.filter(({ q }) => q.request).length).toBe(QUESTIONNAIRE_REQUESTS.length);
  });

  it('takes a questionnaire’s answers as its own (what carry-forward carries)', () => {
    const answers = questionnaireAsStandardAnswers({
      tax_payer: SECTION_SCHEMAS.tax_payer.parse({
        filing_status: 'married_joint',
        first_name: 'Alice',
        ssn: '123-45-6789',
        address: { line1: '1 Main St', city: 'Springfield' },
        spouse: { first_name: 'Sam', itin: '912-70-1234' },
        dependents: [{ id: 'k1', first_name: 'Kim', months_lived_with_you: 12 }],
        direct_deposit: { routing_number: '021000021', account_number: '000123454321' },
      }),
      investment: SECTION_SCHEMAS.investment.parse({
        has_w2: true,
        w2_jobs: [{ id: 'j1', employer: 'Acme', wages: 10 }],
      }),
      global_asset: SECTION_SCHEMAS.global_asset.parse({
        has_other_foreign_assets: true,
        other_foreign_assets_description: 'A\nB',
      }),
    });
    expect(answers).toMatchObject({
      address_line1: '1 Main St',
      spouse_itin: '912-70-1234',
      direct_deposit_account_number: '000123454321',
    });
    expect(answersSchemaFor(STANDARD_ORGANIZER).safeParse(answers).error?.issues ?? []).toEqual([]);
  });
});
