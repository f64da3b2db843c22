import { Divider, Paper, Stack, Title } from '@mantine/core';
import type { TicketDetail } from '@taxportal/contract';
import { useTranslation } from 'react-i18next';
import { DraftsSection } from './drafts-section.tsx';
import { SigningSection } from './signing-section.tsx';

/** On the ticket page, for both sides: the draft versions and Form 8879. */
export function TicketDraftsPanel({ ticket, isStaff }: { ticket: TicketDetail; isStaff: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder shadow="xs" p="md" data-testid="drafts-panel">
      <Stack gap="md">
        <Title order={2} size="h5">
          {t('drafts.title')}
        </Title>
        <DraftsSection ticket={ticket} isStaff={isStaff} />
        <Divider />
        <SigningSection ticket={ticket} isStaff={isStaff} />
      </Stack>
    </Paper>
  );
}
