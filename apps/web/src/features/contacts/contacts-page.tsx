import { Anchor, Button, Center, Grid, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { isStaffRole, type Contact } from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../lib/session/index.ts';
import { ForbiddenNotice } from '../../ui/forbidden-notice.tsx';
import { formatDateTime, formatRelative } from '../../ui/format.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { useIsPhone } from '../../ui/use-is-phone.ts';
import { useContacts } from './contacts-api.ts';
import { PhoneLookupBox } from './phone-lookup.tsx';

const LastActivity = ({ at }: { at: string | null }) => {
  const { t } = useTranslation();
  return at ? (
    <span title={formatDateTime(at)}>{formatRelative(at)}</span>
  ) : (
    <Text span c="dimmed" size="sm">
      {t('contacts.noActivity')}
    </Text>
  );
};

function ContactRows({ contacts }: { contacts: Contact[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isPhone = useIsPhone();
  if (isPhone) {
    return (
      <Stack gap="xs">
        {contacts.map((c) => (
          <Paper
            key={c.id}
            withBorder
            p="sm"
            component={Link}
            to={`/contacts/${c.id}`}
            style={{ color: 'inherit', textDecoration: 'none', display: 'block' }}
            data-testid="contact-row"
          >
            <Text fw={600}>{c.full_name}</Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {c.email} · {c.phone ?? '—'}
            </Text>
            <Text size="xs" c="dimmed" mt={4}>
              {t('contacts.ticketCount', { count: c.ticket_count })} · <LastActivity at={c.last_activity_at} />
            </Text>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Paper withBorder shadow="xs" p={0} style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={640} mb={0}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover data-testid="contacts-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('contacts.col.name')}</Table.Th>
              <Table.Th>{t('contacts.col.email')}</Table.Th>
              <Table.Th>{t('contacts.col.phone')}</Table.Th>
              <Table.Th>{t('contacts.col.tickets')}</Table.Th>
              <Table.Th>{t('contacts.col.lastActivity')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {contacts.map((c) => (
              <Table.Tr
                key={c.id}
                onClick={() => navigate(`/contacts/${c.id}`)}
                style={{ cursor: 'pointer' }}
                data-testid="contact-row"
              >
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={`/contacts/${c.id}`}
                    onClick={(e) => e.stopPropagation()}
                    fw={600}
                    size="sm"
                  >
                    {c.full_name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{c.email}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{c.phone ?? '—'}</Table.Td>
                <Table.Td>{c.ticket_count}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <LastActivity at={c.last_activity_at} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** /contacts (staff): customers with search by name, e-mail or phone, and a phone lookup. */
export function ContactsPage() {
  const { t } = useTranslation();
  const { data: session } = useSession();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const isStaff = !!session && isStaffRole(session.login_role);
  const contacts = useContacts(q);
  if (!session) return <PageLoader />;
  if (!isStaff) return <ForbiddenNotice />;
  const items = contacts.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <Stack gap="lg">
      <PageTitle title={t('contacts.title')} subtitle={t('contacts.intro')} />
      {/* Side by side only where the table keeps its columns; narrower, the lookup sits on top, full width. */}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, xl: 8 }}>
          <Stack gap="md">
            <TextInput
              aria-label={t('contacts.search')}
              placeholder={t('contacts.searchPlaceholder')}
              leftSection={<IconSearch size={18} />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              data-testid="contact-search"
            />
            {contacts.isPending ? (
              <PageLoader />
            ) : items.length === 0 ? (
              <Paper withBorder p="xl">
                <Text c="dimmed" ta="center">
                  {t('contacts.empty')}
                </Text>
              </Paper>
            ) : (
              <ContactRows contacts={items} />
            )}
            {contacts.hasNextPage && (
              <Center>
                <Button
                  variant="default"
                  onClick={() => void contacts.fetchNextPage()}
                  loading={contacts.isFetchingNextPage}
                >
                  {t('common.loadMore')}
                </Button>
              </Center>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 4 }} order={{ base: -1, xl: 1 }}>
          <PhoneLookupBox />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
