import { NativeSelect, NumberInput, Stack, Switch, TextInput } from '@mantine/core';
import { DEFAULT_MAX_ITEMS, QUESTION_TYPES, type QuestionType } from '@taxportal/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { focusKey, useBuilder } from './builder-context.tsx';
import { ChoiceOptions } from './choice-options.tsx';
import { ConditionEditor } from './condition-editor.tsx';
import { relabelQuestion, renameQuestion, replaceQuestion } from './draft-edit.ts';
import { changeType, type DraftField, type DraftQuestion } from './draft-model.ts';
import classes from './organizer-builder.module.css';
import { HouseholdGroupSwitch } from './household-group.tsx';
import { RequestRule } from './request-rule.tsx';
import { NumberSettings, TextSettings } from './value-settings.tsx';

const FIELD_TYPES = QUESTION_TYPES.filter((x): x is Exclude<QuestionType, 'group'> => x !== 'group');

/**
 * One question's settings: type, labels in English and Spanish, id, help, required, what its type needs (options,
 * lines, a group's questions and limits), the document it asks for, and when it is shown. `fields` is a group's
 * inner questions' editor (drawn by the card, which holds the cards).
 */
export function QuestionSettings({ q, fields }: { q: DraftQuestion; fields?: ReactNode }) {
  const { t } = useTranslation();
  const { edit } = useBuilder();
  const set = (next: DraftQuestion) => edit((d) => replaceQuestion(d, q.uid, next));
  const help = q.help ?? { en: '', es: '' };

  return (
    <Stack gap="sm" data-testid="question-settings">
      {q.type !== 'group' && (
        <NativeSelect
          label={t('organizerBuilder.question.type')}
          value={q.type}
          onChange={(e) => set(changeType(q, e.currentTarget.value as DraftField['type']))}
          data={FIELD_TYPES.map((x) => ({ value: x, label: t(`organizerBuilder.type.${x}`) }))}
          className={classes.narrow}
          data-testid="question-type"
        />
      )}
      <div className={classes.pair}>
        <TextInput
          label={t('organizerBuilder.question.labelEn')}
          withAsterisk
          value={q.label.en}
          maxLength={300}
          onChange={(e) => {
            const en = e.currentTarget.value;
            edit((d) => relabelQuestion(d, q.uid, en, q.label.en, q.id));
          }}
          data-focus={focusKey(q.uid, 'label')}
          data-testid="question-label-en"
        />
        <TextInput
          label={t('organizerBuilder.question.labelEs')}
          value={q.label.es ?? ''}
          maxLength={300}
          onChange={(e) => set({ ...q, label: { ...q.label, es: e.currentTarget.value } })}
          data-testid="question-label-es"
        />
      </div>
      <TextInput
        label={t('organizerBuilder.question.id')}
        description={t('organizerBuilder.question.idHint')}
        value={q.id}
        maxLength={40}
        classNames={{ input: classes.mono }}
        className={classes.narrow}
        onChange={(e) => {
          const id = e.currentTarget.value.toLowerCase();
          edit((d) => renameQuestion(d, q.uid, id));
        }}
        data-testid="question-id"
      />
      <div className={classes.pair}>
        <TextInput
          label={t('organizerBuilder.question.helpEn')}
          value={help.en}
          maxLength={300}
          onChange={(e) => set({ ...q, help: { ...help, en: e.currentTarget.value } })}
        />
        <TextInput
          label={t('organizerBuilder.question.helpEs')}
          value={help.es ?? ''}
          maxLength={300}
          onChange={(e) => set({ ...q, help: { ...help, es: e.currentTarget.value } })}
        />
      </div>
      <Switch
        label={t('organizerBuilder.question.required')}
        description={t('organizerBuilder.question.requiredHint')}
        checked={q.required !== false}
        onChange={(e) => {
          const { required: _required, ...rest } = q;
          set(e.currentTarget.checked ? (rest as DraftQuestion) : { ...q, required: false });
        }}
        data-testid="question-required"
      />
      {q.type === 'choice' && <ChoiceOptions uid={q.uid} q={q} onChange={(c) => set({ ...c, uid: q.uid })} />}
      {q.type === 'text' && <TextSettings q={q} onChange={(next) => set({ ...next, uid: q.uid })} />}
      {(q.type === 'number' || q.type === 'money') && (
        <NumberSettings q={q} onChange={(next) => set({ ...next, uid: q.uid })} />
      )}
      {q.type === 'group' && (
        <>
          <div className={classes.pair}>
            <NativeSelect
              label={t('organizerBuilder.group.itemLabel')}
              description={t('organizerBuilder.group.itemLabelHint')}
              value={q.item_label_field ?? ''}
              onChange={(e) => set({ ...q, item_label_field: e.currentTarget.value || null })}
              data={[
                { value: '', label: t('organizerBuilder.group.noItemLabel') },
                ...q.fields
                  .filter((f) => f.type === 'text')
                  .map((f) => ({ value: f.id, label: f.label.en.trim() || f.id })),
              ]}
              data-testid="group-item-label"
            />
            <NumberInput
              label={t('organizerBuilder.group.maxItems')}
              description={t('organizerBuilder.group.maxItemsHint', { max: DEFAULT_MAX_ITEMS })}
              min={1}
              max={50}
              allowDecimal={false}
              value={q.max_items ?? ''}
              onChange={(v) => {
                const { max_items: _max, ...rest } = q;
                set(typeof v === 'number' ? { ...q, max_items: v } : rest);
              }}
              data-testid="group-max-items"
            />
          </div>
          <HouseholdGroupSwitch q={q} onChange={(next) => set(next)} />
          {fields}
        </>
      )}
      {(q.type === 'yes_no' || q.type === 'group') && (
        <RequestRule rule={q.request} perEntry={q.type === 'group'} onChange={(request) => set({ ...q, request })} />
      )}
      <ConditionEditor uid={q.uid} condition={q.show_if} onChange={(show_if) => set({ ...q, show_if })} />
    </Stack>
  );
}
