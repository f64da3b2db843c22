import { Alert, Anchor, Group, Paper, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { hasAnyRole, STAFF_ROLES, type LetterSummary } from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../lib/api/index.ts';
import { useSession } from '../../lib/session/index.ts';
import { formatDate, formatMoney } from '../../ui/format.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { ToneBadge } from '../../ui/tone-badge.tsx';
import { useIsPhone } from '../../ui/use-is-phone.ts';
import { useLetter, useLetters } from './engagement-api.ts';
import { addEngagementTexts } from './i18n.ts';
import { LetterView, STATE_TONE } from './letter-view.tsx';
import { NewLetterForm } from './new-letter-form.tsx';
import { SeasonBatch } from './season-batch.tsx';

addEngagementTexts();

function LetterList({ items }: { items: LetterSummary[] }) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  if (!items.length)
    return (
      <Paper withBorder p="xl">
        <Text c="dimmed" ta="center">
          {t('engagement.list.empty')}
        </Text>
      </Paper>
    );
  const link = (l: LetterSummary) => (
    <Anchor component={Link} to={`/letters/${l.id}`} data-testid="letter-link">
      {t('engagement.letter.title', { year: l.tax_year })}
    </Anchor>
  );
  const badge = (l: LetterSummary) => (
    <ToneBadge tone={STATE_TONE[l.state]}>{t(`engagement.state.${l.state}`)}</ToneBadge>
  );
  if (isPhone)
    return (
      <Stack gap="sm" data-testid="letter-list">
        {items.map((l) => (
          <Paper key={l.id} withBorder p="sm">
            {link(l)}
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {l.customer_name}
              {l.ticket_name ? ` · ${l.ticket_name}` : ''} · {formatMoney(l.total_cents, 'usd')}
            </Text>
            {badge(l)}
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Paper withBorder p={0} style={{ overflowX: 'auto' }}>
      <Table verticalSpacing="sm" data-testid="letter-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('engagement.list.letter')}</Table.Th>
            <Table.Th>{t('engagement.list.client')}</Table.Th>
            <Table.Th>{t('engagement.list.total')}</Table.Th>
            <Table.Th>{t('engagement.list.sent')}</Table.Th>
            <Table.Th>{t('engagement.list.state')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((l) => (
            <Table.Tr key={l.id}>
              <Table.Td>{link(l)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {l.customer_name}
                {l.ticket_name ? ` · ${l.ticket_name}` : ''}
              </Table.Td>
              <Table.Td>{formatMoney(l.total_cents, 'usd')}</Table.Td>
              <Table.Td>{l.sent_at ? formatDate(l.sent_at) : '–'}</Table.Td>
              <Table.Td>{badge(l)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/**
 * /letters/:id: the letter, or (none by that id, or another client's: the server answers 404 either way) a "not
 * found" with the way back to the list, as an invoice's page has; any other failure says what the server said.
 */
function OneLetter({ id, staff }: { id: string; staff: boolean }) {
  const { t } = useTranslation();
  const query = useLetter(id);
  if (query.isPending) return <PageLoader />;
  // A letter already read stays shown if only a later reading of it fails.
  if (!query.data) {
    const notFound = isApiError(query.error) && query.error.status === 404;
    return (
      <Stack gap="md">
        <Anchor component={Link} to="/letters" size="sm">
          <Group gap={4}>
            <IconArrowLeft size={16} aria-hidden />
            {t('engagement.letter.back')}
          </Group>
        </Anchor>
        <Alert
          color={notFound ? 'gray' : 'red'}
          variant="light"
          title={notFound ? t('engagement.letter.notFound') : undefined}
          data-testid="letter-not-found"
        >
          {notFound ? t('engagement.letter.notFoundText') : query.error.message}
        </Alert>
      </Stack>
    );
  }
  return <LetterView letter={query.data} staff={staff} />;
}

function Letters({ staff }: { staff: boolean }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const [scope, setScope] = useState<'all' | 'unsigned'>(staff ? 'unsigned' : 'all');
  const { data } = useLetters(scope);
  return (
    <Stack gap="md">
      <PageTitle
        title={t('engagement.title')}
        subtitle={t(staff ? 'engagement.introStaff' : 'engagement.introClient')}
      />
      {staff && <SeasonBatch />}
      {staff && <NewLetterForm initialTicket={search.get('ticket') ?? ''} />}
      {staff && (
        <SegmentedControl
          value={scope}
          onChange={(v) => setScope(v as 'all' | 'unsigned')}
          data={[
            { value: 'unsigned', label: t('engagement.list.unsigned') },
            { value: 'all', label: t('engagement.list.all') },
          ]}
          maw={360}
        />
      )}
      {data ? <LetterList items={data.items} /> : <PageLoader />}
    </Stack>
  );
}

/** /letters(/:id): staff's letters (unsigned first) and a new one; a client's own letters, each to read and sign. */
export function LettersPage() {
  const { id } = useParams();
  const { data: session } = useSession();
  if (!session) return <PageLoader />;
  const staff = hasAnyRole(session.roles, STAFF_ROLES);
  return id ? <OneLetter key={id} id={id} staff={staff} /> : <Letters staff={staff} />;
}
