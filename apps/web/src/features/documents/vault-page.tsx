import { Alert, Anchor, Button, Center, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconCloudUpload, IconFiles, IconUsersGroup } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { endpoints, isStaffRole } from '@taxportal/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { call } from '../../lib/api/index.ts';
import { useSession } from '../../lib/session/index.ts';
import { PageTitle } from '../../ui/page-title.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { DocumentUploader } from './document-uploader.tsx';
import { useDocuments } from './documents-api.ts';
import { RequestProposals } from './request-proposal.tsx';
import { VaultDocumentGrid } from './vault-document-grid.tsx';
import { groupDocuments, isFromTeam, type GroupBy } from './vault-groups.ts';

/**
 * /vault: the customer's documents by type or by ticket, what the tax team sent in its own part, and the
 * uploader. Staff open a customer's vault with /vault?customer=<id> (linked from the contact page).
 */
export function VaultPage() {
  const { t } = useTranslation();
  const session = useSession();
  const [params] = useSearchParams();
  const staff = session.data ? isStaffRole(session.data.login_role) : false;
  const customerId = staff ? (params.get('customer') ?? undefined) : undefined;
  const contact = useQuery({
    queryKey: ['contacts', 'detail', customerId],
    queryFn: ({ signal }) => call(endpoints.getContact, { params: { id: customerId! }, signal }),
    enabled: Boolean(customerId),
  });
  const tickets = useQuery({
    queryKey: ['documents', 'ticket-options', customerId ?? 'me'],
    queryFn: ({ signal }) => call(endpoints.listTickets, { query: { limit: 100, customer: customerId }, signal }),
    enabled: !staff || Boolean(customerId),
  });
  const ticketOptions = (tickets.data?.items ?? []).map((tk) => ({
    value: tk.id,
    label: `${tk.name} · ${tk.service.name} ${tk.year}`,
  }));
  const [groupBy, setGroupBy] = useState<GroupBy>('type');
  const list = useDocuments({ customer_id: customerId }, !staff || Boolean(customerId));
  const docs = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const fromTeam = docs.filter(isFromTeam);
  const own = docs.filter((d) => !isFromTeam(d));
  const groups = groupDocuments(own, groupBy, groupBy === 'type' ? t('vault.noType') : t('vault.noTicket'));

  if (session.isPending) return null;
  if (staff && !customerId) {
    return (
      <Stack gap="lg">
        <PageTitle title={t('vault.title')} />
        <Alert variant="light">
          <Text mb="sm">{t('vault.pickCustomer')}</Text>
          <Button component={Link} to="/contacts" variant="light">
            {t('vault.goToContacts')}
          </Button>
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="lg" data-testid="vault-page">
      <PageTitle
        title={t('vault.title')}
        subtitle={
          staff && contact.data ? (
            <Anchor component={Link} to={`/contacts/${contact.data.id}`} size="sm">
              {t('vault.staffSubtitle', { name: contact.data.full_name })}
            </Anchor>
          ) : (
            t('vault.subtitle')
          )
        }
      />

      <SectionCard title={t('vault.uploadTitle')} icon={IconCloudUpload}>
        <Stack gap="md">
          <DocumentUploader customerId={customerId} ticketOptions={ticketOptions} />
          {/* The customer's uploads that look like what an open request asks for (staff get none). */}
          <RequestProposals docs={own} />
        </Stack>
      </SectionCard>

      {list.isPending && (
        <Center py="xl">
          <Loader />
        </Center>
      )}
      {list.isError && (
        <Alert color="red" variant="light">
          {list.error.message}
        </Alert>
      )}

      {fromTeam.length > 0 && (
        <SectionCard
          title={staff ? t('vault.fromTeamStaff') : t('vault.fromTeam')}
          icon={IconUsersGroup}
          description={staff ? t('vault.fromTeamHintStaff') : t('vault.fromTeamHint')}
          data-testid="vault-from-team"
        >
          <VaultDocumentGrid docs={fromTeam} />
        </SectionCard>
      )}

      {list.isSuccess && (
        <SectionCard
          title={t('vault.uploadedByYou')}
          icon={IconFiles}
          actions={
            // Grouping means nothing until there is something to group.
            own.length > 0 && (
              <SegmentedControl
                aria-label={t('vault.groupBy')}
                value={groupBy}
                onChange={(v) => setGroupBy(v as GroupBy)}
                data={[
                  { value: 'type', label: t('vault.byType') },
                  { value: 'ticket', label: t('vault.byTicket') },
                ]}
                size="xs"
                data-testid="vault-group-by"
              />
            )
          }
        >
          {own.length === 0 && (
            <Text c="dimmed" data-testid="vault-empty">
              {t('vault.empty')}
            </Text>
          )}
          {groups.map((g) => (
            <section key={g.key || 'none'} aria-label={g.label} data-testid="vault-group">
              <Title order={3} size="h5" mb="xs">
                {g.label}
              </Title>
              <VaultDocumentGrid docs={g.docs} />
            </section>
          ))}
          {list.hasNextPage && (
            <Button variant="default" onClick={() => list.fetchNextPage()} loading={list.isFetchingNextPage}>
              {t('vault.loadMore')}
            </Button>
          )}
        </SectionCard>
      )}
    </Stack>
  );
}
