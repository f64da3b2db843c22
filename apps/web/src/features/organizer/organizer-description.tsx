import { localText, type FieldQuestion } from '@taxportal/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CarriedMark } from './organizer-carried.tsx';

/**
 * The question's help, and "Optional" for one that does not count in the progress; first, for an answer carried from
 * an earlier year still to confirm, its mark (the description is the field's aria-describedby: read with it).
 */
export function useDescription(q: FieldQuestion, language: string, carriedYear?: number | null): ReactNode {
  const { t } = useTranslation();
  const parts = [q.help ? localText(q.help, language) : null, q.required === false ? t('organizer.optional') : null];
  const text = parts.filter(Boolean).join(' · ');
  if (!carriedYear) return text || undefined;
  return (
    <>
      <CarriedMark year={carriedYear} />
      {text}
    </>
  );
}
