import { describe, expect, it } from 'vitest';
import { answersSchemaFor } from './organizer-answers.ts';
import { organizerDefinitionSchema, type OrganizerDefinition, type Question } from './organizer-definition.ts';
import { completionPercent, evaluateOrganizer, localText, taxIdPaths } from './organizer-rules.ts';
import { SAMPLE_ORGANIZER } from './sample-organizer.ts';

const of = (...questions: Question[]): OrganizerDefinition => ({
  sections: [{ id: 's', title: { en: 'S' }, questions }],
});
const keys = (def: OrganizerDefinition, answers: Record<string, unknown>) =>
  evaluateOrganizer(def, answers as never).requests.map((r) => r.key);
const shown = (def: OrganizerDefinition, answers: Record<string, unknown>) => [
  ...evaluateOrganizer(def, answers as never).shown,
];

describe('the sample organizer', () => {
  it('is a valid definition', () => {
    expect(organizerDefinitionSchema.safeParse(SAMPLE_ORGANIZER).success).toBe(true);
  });

  it('shows only what applies: nothing hangs on an unanswered yes/no', () => {
    expect(shown(SAMPLE_ORGANIZER, {})).toEqual([
      'filing_status',
      'ssn',
      'has_w2',
      'sold_stock',
      'has_dependents',
      'last_year_return',
      'move_date',
      'household_size',
    ]);
  });

  it('an any-of shows the spouse SSN for either married status, not for single', () => {
    expect(shown(SAMPLE_ORGANIZER, { filing_status: 'married_joint' })).toContain('spouse_ssn');
    expect(shown(SAMPLE_ORGANIZER, { filing_status: 'married_separate' })).toContain('spouse_ssn');
    expect(shown(SAMPLE_ORGANIZER, { filing_status: 'single' })).not.toContain('spouse_ssn');
  });

  it('an all-of needs both: stock sold AND proceeds over 50,000', () => {
    expect(shown(SAMPLE_ORGANIZER, { sold_stock: true, stock_proceeds: 50_000 })).not.toContain('large_sale_note');
    expect(shown(SAMPLE_ORGANIZER, { sold_stock: true, stock_proceeds: 50_001 })).toContain('large_sale_note');
    // Proceeds kept from before, but the stock question now says no: the note's chain is hidden.
    expect(shown(SAMPLE_ORGANIZER, { sold_stock: false, stock_proceeds: 90_000 })).not.toContain('stock_proceeds');
    expect(shown(SAMPLE_ORGANIZER, { sold_stock: false, stock_proceeds: 90_000 })).not.toContain('large_sale_note');
  });

  it('asks for 1099-B on yes and forgets it on no', () => {
    expect(keys(SAMPLE_ORGANIZER, { sold_stock: true })).toEqual(['org:sold_stock']);
    expect(keys(SAMPLE_ORGANIZER, { sold_stock: false })).toEqual([]);
  });

  it('asks for a W-2 per employer entered, named by the entry, and none for an empty new entry', () => {
    const answers = {
      has_w2: true,
      employers: [
        { id: 'e1', employer: 'Acme Corp' },
        { id: 'e2', employer: 'Globex' },
        { id: 'e3', employer: '  ' },
      ],
    };
    const requests = evaluateOrganizer(SAMPLE_ORGANIZER, answers).requests;
    expect(requests.map((r) => [r.key, r.item, r.document_type])).toEqual([
      ['org:employers:e1', 'Acme Corp', 'W-2'],
      ['org:employers:e2', 'Globex', 'W-2'],
    ]);
    // The group hidden (no longer works for an employer): its entries ask for nothing, though kept.
    expect(keys(SAMPLE_ORGANIZER, { ...answers, has_w2: false })).toEqual([]);
  });

  it("shows a field of an entry by its sibling's answer, per entry", () => {
    const s = shown(SAMPLE_ORGANIZER, {
      has_w2: true,
      employers: [
        { id: 'a', employer: 'A', other_state: true },
        { id: 'b', employer: 'B', other_state: false },
      ],
    });
    expect(s).toContain('employers.a.state');
    expect(s).not.toContain('employers.b.state');
  });

  it('a question on a group is shown once the group has an entry', () => {
    expect(shown(SAMPLE_ORGANIZER, { has_dependents: true })).not.toContain('child_care');
    expect(shown(SAMPLE_ORGANIZER, { has_dependents: true, dependents: [{ id: 'd1', name: 'Ana' }] })).toContain(
      'child_care',
    );
  });

  it('counts only the shown required questions', () => {
    const empty = evaluateOrganizer(SAMPLE_ORGANIZER, {}).progress;
    // filing_status, ssn, has_w2, sold_stock, has_dependents, household_size (the rest optional or hidden).
    expect(empty).toEqual({ answered: 0, required: 6 });
    const some = evaluateOrganizer(SAMPLE_ORGANIZER, {
      filing_status: 'single',
      has_w2: true,
      employers: [{ id: 'e1', employer: 'Acme', wages: 1000, other_state: false }],
      sold_stock: true,
    }).progress;
    // + employers (complete) + stock_proceeds (unanswered) = 8 required; answered: filing, has_w2, employers, stock.
    expect(some).toEqual({ answered: 4, required: 8 });
    expect(completionPercent(some)).toBe(50);
    expect(completionPercent({ answered: 0, required: 0 })).toBe(0);
  });

  it('an entry missing a required shown field leaves its group unanswered', () => {
    const p = (employers: unknown[]) =>
      evaluateOrganizer(SAMPLE_ORGANIZER, { has_w2: true, employers } as never).progress.answered;
    expect(p([{ id: 'e1', employer: 'Acme', wages: 1, other_state: true }])).toBe(1);
    expect(p([{ id: 'e1', employer: 'Acme', wages: 1, other_state: true, state: 'NJ' }])).toBe(2);
  });

  it('lists where SSNs live', () => {
    expect(taxIdPaths(SAMPLE_ORGANIZER)).toEqual(['ssn', 'spouse_ssn', 'dependents.*.ssn']);
  });
});

describe('conditions', () => {
  const yes = (id: string): Question => ({ id, type: 'yes_no', label: { en: id } });
  const n = (id: string, show_if?: Question['show_if']): Question => ({
    id,
    type: 'number',
    label: { en: id },
    ...(show_if ? { show_if } : {}),
  });

  it('compare numbers, texts (any case, trimmed), multiple choices and groups by their number of entries', () => {
    const def = of(
      n('income'),
      { id: 'city', type: 'text', label: { en: 'City' } },
      {
        id: 'kinds',
        type: 'choice',
        multiple: true,
        label: { en: 'Kinds' },
        options: [
          { value: 'a', label: { en: 'A' } },
          { value: 'b', label: { en: 'B' } },
        ],
      },
      {
        id: 'kids',
        type: 'group',
        label: { en: 'Kids' },
        fields: [{ id: 'age', type: 'number', label: { en: 'Age' } }],
      },
      n('low', { question: 'income', op: 'less_than', value: 10 }),
      n('in_ny', { question: 'city', op: 'equals', value: 'new york' }),
      n('has_b', { question: 'kinds', op: 'includes', value: 'b' }),
      n('many_kids', { question: 'kids', op: 'greater_than', value: 1 }),
      n('a_teen', {
        all: [
          { question: 'kids.age', op: 'greater_than', value: 12 },
          { question: 'kids.age', op: 'less_than', value: 20 },
        ],
      }),
      n('not_ny', { question: 'city', op: 'not_equals', value: 'New York' }),
    );
    expect(organizerDefinitionSchema.safeParse(def).success).toBe(true);
    expect(shown(def, { income: 5, city: '  NEW YORK ', kinds: ['b'] })).toEqual(
      expect.arrayContaining(['low', 'in_ny', 'has_b']),
    );
    expect(shown(def, { income: 5, city: '  NEW YORK ' })).not.toContain('not_ny');
    // not_equals needs an answer: an empty city is not "not New York" yet.
    expect(shown(def, {})).not.toContain('not_ny');
    expect(shown(def, { city: 'Boston' })).toContain('not_ny');
    expect(shown(def, { kids: [{ id: '1' }] })).not.toContain('many_kids');
    expect(shown(def, { kids: [{ id: '1' }, { id: '2' }] })).toContain('many_kids');
    // All-of across a group's entries: each comparison may be met by a different entry (any entry, each).
    expect(shown(def, { kids: [{ id: '1', age: 15 }] })).toContain('a_teen');
    expect(shown(def, { kids: [{ id: '1', age: 25 }] })).not.toContain('a_teen');
  });

  it('nested and/or', () => {
    const def = of(
      yes('a'),
      yes('b'),
      yes('c'),
      n('x', {
        any: [
          {
            all: [
              { question: 'a', op: 'equals', value: true },
              { question: 'b', op: 'equals', value: true },
            ],
          },
          { question: 'c', op: 'equals', value: true },
        ],
      }),
    );
    expect(shown(def, { a: true, b: true })).toContain('x');
    expect(shown(def, { a: true, b: false })).not.toContain('x');
    expect(shown(def, { c: true })).toContain('x');
    expect(shown(def, { a: false, c: false })).not.toContain('x');
  });

  it('refuses a condition on a later or unknown question, a duplicate id and a missing value', () => {
    const issues = (def: OrganizerDefinition) =>
      organizerDefinitionSchema.safeParse(def).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues(of(n('x', { question: 'later', op: 'answered' }), yes('later')))).toEqual([
      ['sections.0.questions.0.show_if', 'A condition can only name a question asked before this one.'],
    ]);
    expect(issues(of(yes('a'), yes('a')))).toEqual([
      ['sections.0.questions.1.id', 'Another question already uses this id.'],
    ]);
    expect(issues(of(yes('a'), n('x', { question: 'a', op: 'equals' })))).toEqual([
      ['sections.0.questions.1.show_if', 'This comparison needs a value.'],
    ]);
  });

  it('refuses too many questions and too deep conditions', () => {
    const many = of(...Array.from({ length: 501 }, (_, i) => yes(`q${i}`)));
    expect(organizerDefinitionSchema.safeParse(many).success).toBe(false);
    const deep = of(
      yes('a'),
      n('x', { all: [{ any: [{ all: [{ any: [{ all: [{ question: 'a', op: 'answered' }] }] }] }] }] }),
    );
    expect(organizerDefinitionSchema.safeParse(deep).error?.issues[0]?.message).toBe(
      'Conditions nest at most 4 levels deep.',
    );
  });

  it('300 questions with 100 conditions evaluate in well under a frame', () => {
    const questions: Question[] = [];
    for (let i = 0; i < 300; i++)
      questions.push(i % 3 === 1 ? n(`q${i}`, { question: `q${i - 1}`, op: 'equals', value: true }) : yes(`q${i}`));
    const def = of(...questions);
    expect(organizerDefinitionSchema.safeParse(def).success).toBe(true);
    const answers = Object.fromEntries(questions.map((q, i) => [q.id, i % 2 === 0]));
    expect(evaluateOrganizer(def, answers).shown.size).toBeGreaterThan(200);
  });
});

describe('answers', () => {
  const schema = answersSchemaFor(SAMPLE_ORGANIZER);

  it('accepts answers of the right kinds and refuses keys the definition does not ask', () => {
    expect(
      schema.safeParse({
        filing_status: 'single',
        ssn: '123-45-6789',
        employers: [{ id: 'e1', employer: 'Acme $& $1', wages: 1234.5 }],
        move_date: '2025-06-30',
      }).success,
    ).toBe(true);
    expect(schema.safeParse({ nonsense: 1 }).success).toBe(false);
    expect(schema.safeParse({ employers: [{ id: 'e1', ceo: 'x' }] }).success).toBe(false);
  });

  it.each([
    [{ filing_status: 'divorced' }, 'Choose one of the options.'],
    [{ ssn: '12345678' }, 'Must be exactly nine digits.'],
    [{ stock_proceeds: 10.001 }, 'Must be an amount of at most 1,000,000,000 with at most two decimals.'],
    [{ stock_proceeds: -1 }, 'Must be an amount of at most 1,000,000,000 with at most two decimals.'],
    [{ household_size: 'three' }, 'Must be a number.'],
    [{ employers: Array.from({ length: 11 }, (_, i) => ({ id: `e${i}` })) }, 'Too many entries.'],
    [{ employers: [{ id: 'e1', employer: 'a\u202eb' }] }, 'Remove the text-direction control characters.'],
  ])('refuses %j', (answers, message) => {
    const result = schema.safeParse(answers);
    expect(result.success).toBe(false);
    if (message) expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('keeps a masked SSN as a valid answer (meaning: unchanged)', () => {
    expect(schema.safeParse({ ssn: '***-**-6789' }).success).toBe(true);
  });

  it('reads the firm text in the reader language, English where Spanish is missing', () => {
    expect(localText({ en: 'Income', es: 'Ingresos' }, 'es')).toBe('Ingresos');
    expect(localText({ en: 'Income', es: ' ' }, 'es')).toBe('Income');
    expect(localText({ en: 'Income', es: 'Ingresos' }, 'en')).toBe('Income');
  });
});

describe('a group question named `id` (organizers server)', () => {
  it('is refused: `id` names the entry itself, and its answer would replace the entry id', () => {
    const group = {
      id: 'dependents',
      type: 'group',
      label: { en: 'Dependents' },
      fields: [{ id: 'id', type: 'text', label: { en: 'Id' } }],
    };
    const result = organizerDefinitionSchema.safeParse({
      sections: [{ id: 's', title: { en: 'S' }, questions: [group] }],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toContain('sections.0.questions.0.fields.0.id');
  });
});

describe('a sibling condition on a hidden question of the entry (organizers server)', () => {
  it('reads no answer, not the top-level question of the same id', () => {
    const definition = organizerDefinitionSchema.parse({
      sections: [
        {
          id: 's',
          title: { en: 'S' },
          questions: [
            { id: 'ssn', type: 'tax_id', label: { en: 'Your SSN' } },
            {
              id: 'dependents',
              type: 'group',
              label: { en: 'Dependents' },
              fields: [
                { id: 'has_ssn', type: 'yes_no', label: { en: 'Has an SSN?' } },
                {
                  id: 'ssn',
                  type: 'tax_id',
                  label: { en: 'SSN' },
                  show_if: { question: 'has_ssn', op: 'equals', value: true },
                },
                {
                  id: 'note',
                  type: 'text',
                  label: { en: 'Note' },
                  show_if: { question: 'ssn', op: 'answered' },
                },
              ],
            },
          ],
        },
      ],
    });
    const { shown } = evaluateOrganizer(definition, {
      ssn: '123-45-6789',
      dependents: [{ id: 'd1', has_ssn: false, ssn: '987-65-4321' }],
    });
    expect(shown.has('dependents.d1.ssn')).toBe(false);
    expect(shown.has('dependents.d1.note')).toBe(false);
  });
});
