import { Button, Group, List, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import {
  completionPercent,
  evaluateOrganizer,
  localText,
  type OrganizerAnswers,
  type OrganizerDefinition,
} from '@taxportal/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../ui/section-card.tsx';
import { PreviewQuestion } from './preview-question.tsx';

/**
 * The draft as a client will see it, answered with sample values: the contract's own rules (evaluateOrganizer)
 * decide what is shown, how far along the answers are and which documents they ask for, as the client's page and
 * the server will.
 */
export function OrganizerPreview({
  definition,
  answers,
  onAnswers,
}: {
  definition: OrganizerDefinition;
  answers: OrganizerAnswers;
  onAnswers: (answers: OrganizerAnswers) => void;
}) {
  const { t, i18n } = useTranslation();
  const [language, setLanguage] = useState(i18n.language === 'es' ? 'es' : 'en');
  const result = useMemo(() => evaluateOrganizer(definition, answers), [definition, answers]);
  const percent = completionPercent(result.progress);

  return (
    <SectionCard
      title={t('organizerBuilder.preview.title')}
      icon={IconEye}
      description={t('organizerBuilder.preview.intro')}
      data-testid="organizer-preview"
    >
      <Group justify="space-between" wrap="wrap" gap="xs">
        <SegmentedControl
          size="xs"
          value={language}
          onChange={setLanguage}
          aria-label={t('organizerBuilder.preview.language')}
          data={[
            { value: 'en', label: t('organizerBuilder.preview.english') },
            { value: 'es', label: t('organizerBuilder.preview.spanish') },
          ]}
        />
        <Button size="xs" variant="default" onClick={() => onAnswers({})} data-testid="preview-clear">
          {t('organizerBuilder.preview.clear')}
        </Button>
      </Group>
      <Text size="sm" role="status" data-testid="preview-progress">
        {t('organizerBuilder.preview.progress', {
          answered: result.progress.answered,
          required: result.progress.required,
          percent,
        })}
      </Text>
      <div lang={language}>
        <Stack gap="md">
          {definition.sections.map((section, s) => {
            const questions = section.questions.filter((q) => result.shown.has(q.id));
            return (
              <Stack gap="xs" key={s}>
                <Title order={3} size="h5">
                  {localText(section.title, language).trim() || section.id}
                </Title>
                {questions.length === 0 && (
                  <Text size="sm" c="dimmed">
                    {t('organizerBuilder.preview.nothingShown')}
                  </Text>
                )}
                {questions.map((q, i) => (
                  <PreviewQuestion
                    key={`${i}:${q.id}`}
                    q={q}
                    value={answers[q.id]}
                    onChange={(v) => onAnswers({ ...answers, [q.id]: v })}
                    shown={result.shown}
                    language={language}
                  />
                ))}
              </Stack>
            );
          })}
        </Stack>
      </div>
      <Stack gap={4}>
        <Title order={3} size="h5">
          {t('organizerBuilder.preview.documents')}
        </Title>
        {result.requests.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="preview-no-documents">
            {t('organizerBuilder.preview.noDocuments')}
          </Text>
        ) : (
          <List size="sm" data-testid="preview-documents">
            {result.requests.map((r) => (
              <List.Item key={r.key}>
                {localText(r.label, language).trim() || r.document_type || r.key}
                {r.item ? `: ${r.item}` : ''}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </SectionCard>
  );
}
