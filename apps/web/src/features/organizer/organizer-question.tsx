import { memo, useCallback } from 'react';
import { localText, type Question } from '@taxportal/contract';
import type { SaveTiming, UpdateAnswer } from './organizer-autosave.ts';
import { CarriedQuestion } from './organizer-carried.tsx';
import { FieldView } from './organizer-fields.tsx';
import { GroupView } from './organizer-group.tsx';

interface QuestionViewProps {
  question: Question;
  value: unknown;
  error: string | undefined;
  /** A group's: see GroupView. Empty for other questions. */
  shownKey: string;
  errorsKey: string;
  update: UpdateAnswer;
  flush: () => void;
  language: string;
  ticketId: string;
  /** The year its answer was carried from while it is still to confirm ("From 2025: still right?"), else null. */
  carriedYear: number | null;
  /** "Yes, still right" was pressed and its save has not come back yet. */
  confirming: boolean;
  confirm: (questions: readonly string[]) => void;
}

/**
 * One question of a section. Memoised on stable props (the question object of the definition, its answer, its
 * error, the form's stable callbacks): an answer draws only its own question again, and the questions it shows.
 */
export const QuestionView = memo(function QuestionView(props: QuestionViewProps) {
  const { question: q, update } = props;
  const onChange = useCallback(
    (value: unknown, timing?: SaveTiming) => update(q.id, () => value, timing),
    [q.id, update],
  );
  const field =
    q.type === 'group' ? (
      <GroupView
        question={q}
        value={props.value}
        shownKey={props.shownKey}
        errorsKey={props.errorsKey}
        error={props.error}
        update={update}
        flush={props.flush}
        language={props.language}
        ticketId={props.ticketId}
        carriedYear={props.carriedYear}
      />
    ) : (
      <FieldView
        question={q}
        value={props.value}
        error={props.error}
        onChange={onChange}
        onBlur={props.flush}
        language={props.language}
        testId={`q-${q.id}`}
        path={q.id}
        ticketId={props.ticketId}
        carriedYear={props.carriedYear}
      />
    );
  return (
    <CarriedQuestion
      question={q.id}
      label={localText(q.label, props.language)}
      year={props.carriedYear}
      pending={props.confirming}
      onConfirm={props.confirm}
    >
      {field}
    </CarriedQuestion>
  );
});
