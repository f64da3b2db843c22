import { Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ORGANIZER_FIELD_MESSAGES } from '@taxportal/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Issue } from './draft-issues.ts';

const RULES = Object.entries(ORGANIZER_FIELD_MESSAGES) as [keyof typeof ORGANIZER_FIELD_MESSAGES, string][];

/** Which part of a question an issue is about, in words ('' for the question itself). */
function partOf(field: string, t: TFunction): string {
  const [first, second] = field.split('.');
  switch (first) {
    case 'show_if':
      return t('organizerBuilder.condition.legend');
    case 'label':
      return second === 'es' ? t('organizerBuilder.question.labelEs') : t('organizerBuilder.question.labelEn');
    case 'title':
      return second === 'es' ? t('organizerBuilder.section.titleEs') : t('organizerBuilder.section.titleEn');
    case 'id':
      return t('organizerBuilder.question.id');
    case 'help':
      return t('organizerBuilder.question.help');
    case 'options':
      return t('organizerBuilder.choice.legend');
    case 'request':
      return t('organizerBuilder.request.legend');
    case 'item_label_field':
      return t('organizerBuilder.group.itemLabel');
    case 'max_items':
      return t('organizerBuilder.group.maxItems');
    case 'min':
      return t('organizerBuilder.question.min');
    case 'max':
      return t('organizerBuilder.question.max');
    case 'fields':
      return t('organizerBuilder.group.fields');
    case 'household_dependents':
      return t('organizerBuilder.group.household');
    default:
      return '';
  }
}

/** An issue's message: the contract's rules in the reader's language; the server's as it said it. */
export function issueMessage(issue: Issue, t: TFunction): string {
  const rule = RULES.find(([, text]) => text === issue.message)?.[0];
  if (rule) return t(`organizerBuilder.rule.${rule}`);
  if (!issue.local) return issue.message;
  return /(^|\.)en$/.test(issue.field)
    ? t('organizerBuilder.rule.englishRequired')
    : t('organizerBuilder.rule.invalid');
}

/** What needs fixing in a question or section, each with the part it is about (an icon and words, never colour alone). */
export function IssueList({ issues }: { issues: readonly Issue[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} mt={6} role="group" aria-label={t('organizerBuilder.issues.label')} data-testid="question-issues">
      {issues.map((issue, i) => {
        const part = partOf(issue.field, t);
        const message = issueMessage(issue, t);
        return (
          <Group key={i} gap={6} wrap="nowrap" align="flex-start">
            <IconAlertTriangle size={16} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
            <Text size="sm" c="red.9" data-field={issue.field}>
              {part ? t('organizerBuilder.issues.inPart', { part, message }) : message}
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
}
