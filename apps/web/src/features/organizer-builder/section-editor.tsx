import { ActionIcon, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { AddQuestion } from './add-question.tsx';
import { focusKey, useBuilder } from './builder-context.tsx';
import { labelIn } from './condition-words.ts';
import { moveSection, removeSection, retitleSection, updateSection } from './draft-edit.ts';
import type { DraftSection } from './draft-model.ts';
import { IssueList } from './issue-list.tsx';
import classes from './organizer-builder.module.css';
import { QuestionCard } from './question-card.tsx';

/** One section: its title in English and Spanish, up, down and remove, its questions and "Add a question". */
export function SectionEditor({ section, index, count }: { section: DraftSection; index: number; count: number }) {
  const { t, i18n } = useTranslation();
  const { draft, edit, focus, issues } = useBuilder();
  const [confirming, setConfirming] = useState(false);
  const n = index + 1;
  const name = labelIn(section.title, i18n.language, '') || t('organizerBuilder.section.untitled', { n });
  const uids = section.questions.map((q) => q.uid);
  const mine = issues.byUid.get(section.uid) ?? [];

  const shift = (by: -1 | 1) => {
    edit((d) => moveSection(d, section.uid, by));
    const to = index + by;
    focus(focusKey(section.uid, to === 0 ? 'down' : to === count - 1 ? 'up' : by < 0 ? 'up' : 'down'));
  };
  const remove = () => {
    const next = draft.sections[index + 1] ?? draft.sections[index - 1];
    edit((d) => removeSection(d, section.uid));
    setConfirming(false);
    focus(next ? focusKey(next.uid, 'title') : 'add-section');
  };

  return (
    <Paper withBorder shadow="xs" p={{ base: 'sm', sm: 'md' }} data-testid="section-editor" component="section">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {t('organizerBuilder.section.heading', { n, name })}
          </Title>
          <Group gap={2} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              size="lg"
              disabled={index === 0}
              aria-label={t('organizerBuilder.section.up', { name })}
              onClick={() => shift(-1)}
              data-focus={focusKey(section.uid, 'up')}
            >
              <IconArrowUp size={18} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              size="lg"
              disabled={index === count - 1}
              aria-label={t('organizerBuilder.section.down', { name })}
              onClick={() => shift(1)}
              data-focus={focusKey(section.uid, 'down')}
            >
              <IconArrowDown size={18} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red.9"
              size="lg"
              disabled={count === 1}
              aria-label={t('organizerBuilder.section.remove', { name })}
              onClick={() => (section.questions.length ? setConfirming(true) : remove())}
              data-testid="section-remove"
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        </Group>
        <div className={classes.pair}>
          <TextInput
            label={t('organizerBuilder.section.titleEn')}
            withAsterisk
            value={section.title.en}
            maxLength={300}
            onChange={(e) => {
              const en = e.currentTarget.value;
              edit((d) => retitleSection(d, section.uid, en));
            }}
            data-focus={focusKey(section.uid, 'title')}
            data-testid="section-title-en"
          />
          <TextInput
            label={t('organizerBuilder.section.titleEs')}
            value={section.title.es ?? ''}
            maxLength={300}
            onChange={(e) => {
              const es = e.currentTarget.value;
              edit((d) => updateSection(d, section.uid, (s) => ({ ...s, title: { ...s.title, es } })));
            }}
            data-testid="section-title-es"
          />
        </div>
        {mine.length > 0 && <IssueList issues={mine} />}
        {section.questions.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('organizerBuilder.section.empty')}
          </Text>
        )}
        <Stack gap="xs">
          {section.questions.map((q) => (
            <QuestionCard key={q.uid} q={q} siblings={uids} parentUid={section.uid} />
          ))}
        </Stack>
        <AddQuestion parentUid={section.uid} />
      </Stack>
      <ConfirmDialog
        opened={confirming}
        label={t('organizerBuilder.section.removeTitle', { name })}
        message={t('organizerBuilder.section.removeMessage', { name, count: section.questions.length })}
        confirmLabel={t('organizerBuilder.remove.confirm')}
        danger
        onCancel={() => setConfirming(false)}
        onConfirm={remove}
        testId="remove-section-dialog"
      />
    </Paper>
  );
}
