import { Alert, Badge, Button, Card, Group, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconClipboardText } from '@tabler/icons-react';
import { isStaffRole } from '@taxportal/contract';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { useSession } from '../../lib/session/index.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { useQuestionnaires } from './questionnaire-api.ts';

export const questionnairePath = (ticketName: string) => `/form/${encodeURIComponent(ticketName)}`;

/** /form-wizards: with one ticket, straight to its questionnaire; with several, a card each (newest first). */
export function QuestionnairePicker() {
  const { t } = useTranslation();
  const { data: session } = useSession();
  const isStaff = !!session && isStaffRole(session.login_role);
  const list = useQuestionnaires(!!session && !isStaff);
  if (!session) return <PageLoader />;
  if (isStaff)
    return (
      <Stack gap="md">
        <PageTitle title={t('questionnaire.wizardsTitle')} />
        <Alert variant="light">{t('questionnaire.staffHint')}</Alert>
      </Stack>
    );
  if (list.isPending) return <PageLoader />;
  if (list.isError) return <Alert color="red">{list.error.message}</Alert>;
  const items = list.data.items;
  if (items.length === 1) return <Navigate to={questionnairePath(items[0]!.ticket_name)} replace />;

  return (
    <Stack gap="md" data-testid="form-wizards">
      <PageTitle title={t('questionnaire.wizardsTitle')} subtitle={t('questionnaire.wizardsSubtitle')} />
      {items.length === 0 ? (
        // The app's empty state (as the dashboard's and the lists'): a card with its one way forward.
        <Paper withBorder p="xl" data-testid="form-wizards-empty">
          <Stack gap="sm" align="center">
            <IconClipboardText size={32} stroke={1.5} color="var(--mantine-color-gray-6)" aria-hidden />
            <Text c="dimmed" ta="center">
              {t('questionnaire.noTickets')}
            </Text>
            <Button component={Link} to="/create-ticket" variant="light">
              {t('questionnaire.createTicket')}
            </Button>
          </Stack>
        </Paper>
      ) : (
        <>
          <Text size="sm">{t('questionnaire.pickTicket')}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {items.map((q) => (
              <Card
                key={q.ticket_id}
                withBorder
                shadow="xs"
                data-testid="questionnaire-card"
                data-ticket={q.ticket_name}
              >
                <Group justify="space-between" mb="xs">
                  <Text fw={700}>{q.ticket_name}</Text>
                  <Badge variant="light">{q.year}</Badge>
                </Group>
                <Text size="sm" c="dimmed" mb="sm">
                  {q.service_name}
                </Text>
                <Progress value={q.completion} size="sm" mb={4} aria-hidden />
                <Text size="xs" mb="md">
                  {t('questionnaire.complete', { percent: q.completion })}
                </Text>
                <Button component={Link} to={questionnairePath(q.ticket_name)} variant="light" fullWidth>
                  {t('questionnaire.open')}
                </Button>
              </Card>
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
