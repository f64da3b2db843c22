import { Alert, Anchor, Button, Group, List, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconArrowLeft, IconFolder, IconPlus, IconShieldOff } from '@tabler/icons-react';
import { isStaffRole } from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useSession } from '../../lib/session/index.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { ForbiddenNotice } from '../../ui/forbidden-notice.tsx';
import { formatDateTime, formatRelative } from '../../ui/format.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { showSuccessToast } from '../../ui/toast.tsx';
import { useIsPhone } from '../../ui/use-is-phone.ts';
import { useClientNotes, useContact, useResetFactors } from './contacts-api.ts';
import { Fact } from '../../ui/fact.tsx';
import { LoadedPart } from '../../ui/loaded-part.tsx';
import { lazyComponent } from '../../lib/lazy-component.ts';
import { loadContactConsents } from '../consents/index.ts';
import { ReaderLanguage } from '../../ui/reader-language.tsx';

/** The client's §7216 consents (docs/decisions/0034): the consents feature's own chunk, loaded with this page's data. */
const ContactConsents = lazyComponent<{ customerId: string; hasSpouse: boolean }>(() =>
  loadContactConsents().then((m) => ({ default: m.ContactConsents })),
);

/** /contacts/:id: a customer's details and their tickets, newest first. */
export function ContactPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { data: session } = useSession();
  const isPhone = useIsPhone();
  const contact = useContact(id);
  const notes = useClientNotes(id);
  const resetFactors = useResetFactors();
  const [resetting, setResetting] = useState(false);
  if (!session) return <PageLoader />;
  if (!isStaffRole(session.login_role)) return <ForbiddenNotice />;
  if (contact.isPending) return <PageLoader />;
  if (contact.isError) return <Alert color="gray">{contact.error.message}</Alert>;
  const c = contact.data;
  const ticketLink = (name: string) => `/form/message/${encodeURIComponent(name)}`;
  // A customer who lost both their phone and their recovery codes asks the firm: only an Admin may reset (the server
  // checks it too, and audits it).
  const isAdmin = session.roles.includes('Admin');
  const reset = () =>
    resetFactors.mutate(c.id, {
      onSuccess: () => {
        setResetting(false);
        showSuccessToast(t('contacts.resetFactorsDone', { name: c.full_name }));
      },
    });

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/contacts" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          {t('contacts.back')}
        </Group>
      </Anchor>
      <PageTitle
        title={c.full_name}
        subtitle={
          <>
            {c.email}
            <ReaderLanguage language={c.language} />
          </>
        }
        actions={
          <>
            {isAdmin && (
              <Button
                variant="default"
                leftSection={<IconShieldOff size={18} aria-hidden />}
                onClick={() => setResetting(true)}
                data-testid="contact-reset-factors"
              >
                {t('contacts.resetFactors')}
              </Button>
            )}
            <Button
              component={Link}
              to={`/vault?customer=${encodeURIComponent(c.id)}`}
              variant="default"
              leftSection={<IconFolder size={18} />}
            >
              {t('contacts.customerVault')}
            </Button>
            <Button
              component={Link}
              to={`/create-ticket?customer=${encodeURIComponent(c.id)}`}
              leftSection={<IconPlus size={18} />}
            >
              {t('menu.createTicket')}
            </Button>
          </>
        }
      />
      <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'lg' }}>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <Fact label={t('contacts.col.phone')}>{c.phone ?? '—'}</Fact>
          <Fact label={t('contacts.col.tickets')}>{c.ticket_count}</Fact>
          <Fact label={t('contacts.col.lastActivity')}>
            {c.last_activity_at ? formatRelative(c.last_activity_at) : t('contacts.noActivity')}
          </Fact>
          <Fact label={t('contacts.customerSince')}>{formatDateTime(c.created_at)}</Fact>
        </SimpleGrid>
      </Paper>
      {c.household && c.household.length > 0 && (
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid="contact-household">
          <Fact label={t('contacts.household')}>
            <Stack gap={2}>
              {c.household.map((m) => (
                <Text key={m.id} size="sm">
                  {m.id === c.id ? (
                    m.full_name
                  ) : (
                    <Anchor component={Link} to={`/contacts/${encodeURIComponent(m.id)}`} size="sm">
                      {m.full_name}
                    </Anchor>
                  )}{' '}
                  · {t(`contacts.householdRole.${m.role}`)} · {m.email}
                </Text>
              ))}
            </Stack>
          </Fact>
        </Paper>
      )}
      {notes.data?.notes && (
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid="contact-notes">
          <Fact label={t('contacts.notes')}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {notes.data.notes}
            </Text>
          </Fact>
        </Paper>
      )}
      {/* Drawn once its code is in: a part that suspended would blank the whole page meanwhile (no heading). */}
      <LoadedPart part={ContactConsents}>
        <ContactConsents customerId={c.id} hasSpouse={(c.household?.length ?? 0) > 1} />
      </LoadedPart>
      {c.tickets.length === 0 ? (
        <Paper withBorder p="xl">
          <Text c="dimmed" ta="center">
            {t('contacts.noTickets')}
          </Text>
        </Paper>
      ) : isPhone ? (
        <Stack gap="xs">
          {c.tickets.map((tk) => (
            <Paper
              key={tk.id}
              withBorder
              p="sm"
              component={Link}
              to={ticketLink(tk.name)}
              style={{ color: 'inherit', textDecoration: 'none', display: 'block' }}
              data-testid="contact-ticket"
            >
              <Group justify="space-between" wrap="nowrap">
                <Text fw={700}>{tk.name}</Text>
                <StatusBadge status={tk.status} label={tk.status_label} badge={tk.badge} size="sm" />
              </Group>
              <Text size="sm">{tk.service_name}</Text>
              {tk.joint_with && (
                <Text size="xs" c="dimmed">
                  {t('contacts.jointWith', { name: tk.joint_with })}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {tk.service_type_name} · {tk.year} · {formatRelative(tk.updated_at)}
              </Text>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Paper withBorder shadow="xs" p={0} style={{ overflow: 'hidden' }}>
          <Table verticalSpacing="sm" horizontalSpacing="md" data-testid="contact-tickets">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('common.name')}</Table.Th>
                <Table.Th>{t('common.service')}</Table.Th>
                <Table.Th>{t('common.serviceType')}</Table.Th>
                <Table.Th>{t('common.year')}</Table.Th>
                <Table.Th>{t('common.status')}</Table.Th>
                <Table.Th>{t('common.updated')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {c.tickets.map((tk) => (
                <Table.Tr key={tk.id} data-testid="contact-ticket">
                  <Table.Td>
                    <Anchor component={Link} to={ticketLink(tk.name)} fw={600} size="sm">
                      {tk.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    {tk.service_name}
                    {tk.joint_with && (
                      <Text size="xs" c="dimmed">
                        {t('contacts.jointWith', { name: tk.joint_with })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{tk.service_type_name}</Table.Td>
                  <Table.Td>{tk.year}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={tk.status} label={tk.status_label} badge={tk.badge} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatRelative(tk.updated_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      <ConfirmDialog
        opened={resetting}
        label={t('contacts.resetFactors')}
        message={t('contacts.resetFactorsQuestion', { name: c.full_name })}
        details={
          <List size="sm" mt="sm" spacing={4}>
            <List.Item>{t('contacts.resetFactorsRemoved')}</List.Item>
            <List.Item>{t('contacts.resetFactorsSessions')}</List.Item>
            <List.Item>{t('contacts.resetFactorsNext')}</List.Item>
          </List>
        }
        confirmLabel={t('contacts.resetFactors')}
        danger
        busy={resetFactors.isPending}
        onCancel={() => setResetting(false)}
        onConfirm={reset}
        testId="confirm-reset-factors"
      />
    </Stack>
  );
}
