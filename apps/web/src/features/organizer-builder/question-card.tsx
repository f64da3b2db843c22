import { ActionIcon, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { ToneBadge } from '../../ui/tone-badge.tsx';
import { AddQuestion } from './add-question.tsx';
import { focusKey, useBuilder } from './builder-context.tsx';
import { earlierTargets, referencesTo } from './condition-model.ts';
import { conditionWords, labelIn } from './condition-words.ts';
import { moveQuestion, removeQuestion } from './draft-edit.ts';
import type { DraftGroup, DraftQuestion } from './draft-model.ts';
import { IssueList } from './issue-list.tsx';
import classes from './organizer-builder.module.css';
import { QuestionSettings } from './question-settings.tsx';

/**
 * One question in its list: a summary (type, label, id, required, "Shown if: …" in words, the document it asks
 * for, what needs fixing), its settings when opened, and up, down and remove. `siblings` are the uids of its list,
 * `parentUid` the section or group it is in (focus goes to their "Add" button when the last one is removed).
 */
export function QuestionCard({
  q,
  siblings,
  parentUid,
}: {
  q: DraftQuestion;
  siblings: readonly string[];
  parentUid: string;
}) {
  const { t, i18n } = useTranslation();
  const { draft, edit, focus, issues, open, setOpen } = useBuilder();
  const [confirming, setConfirming] = useState<DraftQuestion[] | null>(null);
  const index = siblings.indexOf(q.uid);
  const isOpen = open.has(q.uid);
  const mine = issues.byUid.get(q.uid) ?? [];
  const inner = q.type === 'group' ? q.fields.reduce((n, f) => n + (issues.byUid.get(f.uid)?.length ?? 0), 0) : 0;
  const label = labelIn(q.label, i18n.language, '');
  const name = label || t('organizerBuilder.question.untitled');
  const targets = useMemo(() => (q.show_if ? earlierTargets(draft, q.uid) : []), [draft, q.uid, q.show_if]);

  const shift = (by: -1 | 1) => {
    edit((d) => moveQuestion(d, q.uid, by));
    const to = index + by;
    // At an edge the button pressed is disabled: the focus moves to its pair.
    const part = to === 0 ? 'down' : to === siblings.length - 1 ? 'up' : by < 0 ? 'up' : 'down';
    focus(focusKey(q.uid, part));
  };
  const remove = () => {
    const next = siblings[index + 1] ?? siblings[index - 1];
    edit((d) => removeQuestion(d, q.uid));
    setConfirming(null);
    focus(next ? focusKey(next, 'toggle') : focusKey(parentUid, 'add'));
  };
  const askRemove = () => {
    const naming = referencesTo(draft, q.uid);
    if (naming.length) setConfirming(naming);
    else remove();
  };

  return (
    <div
      className={classes.card}
      data-invalid={mine.length || inner ? true : undefined}
      data-testid="question-card"
      data-question-id={q.id}
    >
      <div className={classes.cardHead}>
        <div className={classes.cardTitle}>
          <Group gap={6} wrap="wrap">
            <ToneBadge tone={q.type === 'group' ? 'accent' : 'neutral'}>
              {t(`organizerBuilder.type.${q.type}`)}
            </ToneBadge>
            <Text fw={600} component="h3" size="sm" m={0} data-testid="question-title">
              {name}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" className={classes.mono}>
            {q.id}
            {' · '}
            {q.required === false ? t('organizerBuilder.question.optional') : t('organizerBuilder.question.isRequired')}
          </Text>
          {q.show_if && (
            <Text size="xs" data-testid="question-condition">
              {t('organizerBuilder.summary.shownIf', { words: conditionWords(q.show_if, targets, t, i18n.language) })}
            </Text>
          )}
          {(q.type === 'yes_no' || q.type === 'group') && q.request && (
            <Text size="xs" data-testid="question-request">
              {t(q.type === 'group' ? 'organizerBuilder.summary.asksPerEntry' : 'organizerBuilder.summary.asksOnYes', {
                label: labelIn(q.request.label, i18n.language, '…'),
              })}
            </Text>
          )}
        </div>
        <Group gap={4} wrap="nowrap">
          <Button
            size="xs"
            variant={isOpen ? 'filled' : 'default'}
            aria-expanded={isOpen}
            aria-label={t(isOpen ? 'organizerBuilder.question.close' : 'organizerBuilder.question.edit', { name })}
            onClick={() => setOpen(q.uid, !isOpen)}
            data-focus={focusKey(q.uid, 'toggle')}
            data-testid="question-toggle"
          >
            {isOpen ? t('organizerBuilder.question.done') : t('organizerBuilder.question.editShort')}
          </Button>
          <ActionIcon
            variant="subtle"
            size="lg"
            disabled={index <= 0}
            aria-label={t('organizerBuilder.question.up', { name })}
            onClick={() => shift(-1)}
            data-focus={focusKey(q.uid, 'up')}
            data-testid="question-up"
          >
            <IconArrowUp size={18} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            size="lg"
            disabled={index >= siblings.length - 1}
            aria-label={t('organizerBuilder.question.down', { name })}
            onClick={() => shift(1)}
            data-focus={focusKey(q.uid, 'down')}
            data-testid="question-down"
          >
            <IconArrowDown size={18} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red.9"
            size="lg"
            aria-label={t('organizerBuilder.question.remove', { name })}
            onClick={askRemove}
            data-testid="question-remove"
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      </div>
      {mine.length > 0 && <IssueList issues={mine} />}
      {!isOpen && inner > 0 && (
        <Text size="sm" c="red.9" mt={4} data-testid="question-inner-issues">
          {t('organizerBuilder.issues.inside', { count: inner })}
        </Text>
      )}
      {isOpen && (
        <Stack mt="sm">
          <QuestionSettings q={q} fields={q.type === 'group' ? <GroupFields group={q} /> : undefined} />
        </Stack>
      )}
      <ConfirmDialog
        opened={!!confirming}
        label={t('organizerBuilder.remove.title', { name })}
        message={t('organizerBuilder.remove.named', { name, count: confirming?.length ?? 0 })}
        details={
          <>
            <List size="sm" mt="sm" data-testid="remove-naming">
              {confirming?.map((x) => (
                <List.Item key={x.uid}>{labelIn(x.label, i18n.language, x.id)}</List.Item>
              ))}
            </List>
            <Text size="sm" mt="sm">
              {t('organizerBuilder.remove.consequence')}
            </Text>
          </>
        }
        confirmLabel={t('organizerBuilder.remove.confirm')}
        danger
        onCancel={() => setConfirming(null)}
        onConfirm={remove}
        testId="remove-question-dialog"
      />
    </div>
  );
}

/** A repeating group's own questions: the same cards, one level down, and "Add a question to the group". */
function GroupFields({ group }: { group: DraftGroup }) {
  const { t } = useTranslation();
  const uids = group.fields.map((f) => f.uid);
  return (
    <fieldset className={classes.fieldset} data-testid="group-fields">
      <legend className={classes.legend}>{t('organizerBuilder.group.fields')}</legend>
      <Stack gap="xs" className={classes.inner}>
        {group.fields.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('organizerBuilder.group.empty')}
          </Text>
        )}
        {group.fields.map((f) => (
          <QuestionCard key={f.uid} q={f} siblings={uids} parentUid={group.uid} />
        ))}
        <AddQuestion parentUid={group.uid} inGroup />
      </Stack>
    </fieldset>
  );
}
