import { localText, type Comparison, type Condition, type ConditionOp, type LocalText } from '@taxportal/contract';
import type { TFunction } from 'i18next';
import { isComparison, valueKind, type ConditionTarget } from './condition-model.ts';
import type { DraftQuestion } from './draft-model.ts';

/** A condition in plain words ("Did you sell stock? is Yes and Total proceeds is greater than 50,000"). */

/** A text the firm wrote, in the builder's language; empty: `fallback` (the question's id). */
export const labelIn = (text: LocalText, language: string, fallback: string): string =>
  localText(text, language).trim() || fallback;

/** How a target is named in a select and in words: "Employers › Employer" for a group's field. */
export function targetName(target: ConditionTarget, language: string): string {
  const own = labelIn(target.question.label, language, target.question.id);
  return target.group && !target.sibling ? `${labelIn(target.group.label, language, target.group.id)} › ${own}` : own;
}

/** The i18n key of an operator as it reads for this question (a group counts its entries). */
export function opKey(q: DraftQuestion | undefined, op: ConditionOp) {
  if (q?.type === 'group') {
    const group = {
      answered: 'hasEntries',
      not_answered: 'hasNoEntries',
      greater_than: 'moreEntries',
      less_than: 'fewerEntries',
    } as const;
    if (op in group) return `organizerBuilder.op.${group[op as keyof typeof group]}` as const;
  }
  if (op === 'not_equals' && q?.type === 'choice' && q.multiple) return 'organizerBuilder.op.excludes' as const;
  return `organizerBuilder.op.${op}` as const;
}

export function valueWords(q: DraftQuestion | undefined, c: Comparison, t: TFunction, language: string): string {
  if (c.value === undefined || c.value === null) return '';
  const kind = q ? valueKind(q, c.op) : 'text';
  if (kind === 'boolean')
    return c.value === true || c.value === 'true' ? t('organizerBuilder.yes') : t('organizerBuilder.no');
  if (kind === 'option' && q?.type === 'choice') {
    const option = q.options.find((o) => o.value === c.value);
    return option ? labelIn(option.label, language, option.value) : String(c.value);
  }
  if (typeof c.value === 'number') return new Intl.NumberFormat(language).format(c.value);
  return `“${String(c.value)}”`;
}

export function conditionWords(
  c: Condition,
  targets: readonly ConditionTarget[],
  t: TFunction,
  language: string,
  nested = false,
): string {
  if (isComparison(c)) {
    const target = targets.find((x) => x.ref === c.question);
    const subject = target ? targetName(target, language) : c.question;
    const value = valueWords(target?.question, c, t, language);
    return [subject, t(opKey(target?.question, c.op)), value].filter(Boolean).join(' ');
  }
  const list = 'all' in c ? c.all : c.any;
  const joiner = ` ${'all' in c ? t('organizerBuilder.words.and') : t('organizerBuilder.words.or')} `;
  const words = list.map((x) => conditionWords(x, targets, t, language, true)).join(joiner);
  return nested && list.length > 1 ? `(${words})` : words;
}
