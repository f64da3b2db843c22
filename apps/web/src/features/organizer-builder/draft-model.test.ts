import { SAMPLE_ORGANIZER } from '@taxportal/contract';
import { describe, expect, it } from 'vitest';
import { earlierTargets, referencesTo } from './condition-model.ts';
import { relabelQuestion, removeQuestion, renameQuestion, replaceQuestion } from './draft-edit.ts';
import { localIssues } from './draft-issues.ts';
import { allQuestions, canonical, slugOf, toDefinition, toDraft, uniqueId, type Draft } from './draft-model.ts';

const uidOf = (draft: Draft, id: string, inGroup?: string) =>
  [...allQuestions(draft)].find(({ q, group }) => q.id === id && (group?.id ?? undefined) === inGroup)!.q.uid;

describe("the builder's working copy", () => {
  it('gives back the definition it was made from, and the sample has nothing to fix', () => {
    const draft = toDraft(SAMPLE_ORGANIZER);
    expect(toDefinition(draft)).toEqual(SAMPLE_ORGANIZER);
    expect(localIssues(draft).byUid.size).toBe(0);
  });

  it('makes ids from labels: ASCII, lower case, starting with a letter, unique, at most 40 characters', () => {
    expect(slugOf('¿Vendió acciones?')).toBe('vendio_acciones');
    expect(slugOf('1099-B received')).toBe('q_1099_b_received');
    expect(slugOf('   ')).toBe('question');
    expect(slugOf('x'.repeat(60))).toHaveLength(40);
    expect(uniqueId('a', new Set(['a', 'a_2']))).toBe('a_3');
    expect(uniqueId('y'.repeat(40), new Set(['y'.repeat(40)]))).toBe(`${'y'.repeat(38)}_2`);
  });

  it('renaming a question carries the conditions naming it, from outside and inside a group', () => {
    let draft = toDraft(SAMPLE_ORGANIZER);
    draft = renameQuestion(draft, uidOf(draft, 'has_w2'), 'worked');
    draft = renameQuestion(draft, uidOf(draft, 'other_state', 'employers'), 'elsewhere');
    draft = renameQuestion(draft, uidOf(draft, 'employer', 'employers'), 'company');
    const def = toDefinition(draft);
    const employers = def.sections[1]!.questions[1]!;
    expect(employers.show_if).toEqual({ question: 'worked', op: 'equals', value: true });
    expect(employers.type === 'group' && employers.item_label_field).toBe('company');
    expect(employers.type === 'group' && employers.fields[3]!.show_if).toEqual({
      question: 'elsewhere',
      op: 'equals',
      value: true,
    });
    expect(localIssues(draft).byUid.size).toBe(0);
  });

  it('an id follows its English label until it is changed by hand', () => {
    let draft = toDraft(SAMPLE_ORGANIZER);
    const uid = uidOf(draft, 'household_size');
    draft = relabelQuestion(draft, uid, 'People in your household', 'People', 'household_size');
    expect(uidOf(draft, 'household_size')).toBe(uid);
    draft = renameQuestion(draft, uid, 'people');
    draft = relabelQuestion(draft, uid, 'People', 'People in your household', 'people');
    draft = relabelQuestion(draft, uid, 'People living with you', 'People', 'people');
    expect(uidOf(draft, 'people_living_with_you')).toBe(uid);
  });

  it('removing a question takes the comparisons naming it out of and/or conditions', () => {
    let draft = toDraft(SAMPLE_ORGANIZER);
    const proceeds = uidOf(draft, 'stock_proceeds');
    expect(referencesTo(draft, proceeds).map((q) => q.id)).toEqual(['large_sale_note']);
    draft = removeQuestion(draft, proceeds);
    const note = toDefinition(draft).sections[1]!.questions.find((q) => q.id === 'large_sale_note')!;
    expect(note.show_if).toEqual({ all: [{ question: 'sold_stock', op: 'equals', value: true }] });
    // A group named through its fields counts as named.
    expect(referencesTo(draft, uidOf(draft, 'dependents')).map((q) => q.id)).toEqual(['child_care']);
  });

  it('offers a condition inside a group the fields before it, then what is asked before the group', () => {
    const draft = toDraft(SAMPLE_ORGANIZER);
    const refs = earlierTargets(draft, uidOf(draft, 'ssn', 'dependents')).map((x) => x.ref);
    expect(refs.slice(0, 4)).toEqual(['first_name', 'last_name', 'date_of_birth', 'relationship']);
    expect(refs).toContain('has_dependents');
    expect(refs).toContain('employers.wages');
    // The client's own SSN (top level): no field of the entry before it has that id.
    expect(refs).toContain('ssn');
    expect(refs).not.toContain('dependents');
    expect(refs).not.toContain('dependents.first_name');
    expect(refs).not.toContain('child_care');
  });

  it('compares definitions whatever the order of their keys, and null as absent (a saved draft is not unsaved)', () => {
    const sent = toDefinition(toDraft(SAMPLE_ORGANIZER));
    const reordered = JSON.parse(
      JSON.stringify(sent, (_key, v: unknown) =>
        v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v,
      ),
    ) as typeof sent;
    reordered.sections[0]!.questions[0]!.show_if = null;
    expect(canonical(reordered)).toBe(canonical(sent));
  });

  it('a question changed keeps the conditions naming it fitting: its type, its options', () => {
    let draft = toDraft(SAMPLE_ORGANIZER);
    const sold = uidOf(draft, 'sold_stock');
    draft = replaceQuestion(draft, sold, { uid: sold, id: 'sold_stock', type: 'number', label: { en: 'Sales' } });
    const proceeds = toDefinition(draft).sections[1]!.questions.find((q) => q.id === 'stock_proceeds')!;
    expect(proceeds.show_if).toEqual({ question: 'sold_stock', op: 'equals', value: 0 });

    const status = uidOf(draft, 'filing_status');
    const before = [...allQuestions(draft)].find(({ q }) => q.uid === status)!.q;
    if (before.type !== 'choice') throw new Error('a choice');
    draft = replaceQuestion(draft, status, { ...before, options: before.options.slice(0, 2) });
    const spouse = toDefinition(draft).sections[0]!.questions.find((q) => q.id === 'spouse_ssn')!;
    expect(spouse.show_if).toEqual({
      any: [
        { question: 'filing_status', op: 'equals', value: 'married_joint' },
        { question: 'filing_status', op: 'equals', value: 'single' },
      ],
    });
  });
});
