import { Group, SegmentedControl, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconLayoutKanban, IconList, IconSearch } from '@tabler/icons-react';
import { isStaffRole } from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../lib/session/index.ts';
import { ForbiddenNotice } from '../../ui/forbidden-notice.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { useYears } from './create-ticket-api.ts';
import { isTicketStatus, statusOptions } from './status-options.ts';
import { TicketBoard } from './ticket-board.tsx';
import { TicketResults } from './ticket-results.tsx';
import { useStaffUsers } from './tickets-api.ts';

/** /all-tickets (staff): search as you type, filter by status, year and assignee; a list or a board. */
export function AllTicketsPage() {
  const { t } = useTranslation();
  const { data: session } = useSession();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [q] = useDebouncedValue(search.trim(), 300);
  const isStaff = !!session && isStaffRole(session.login_role);
  const years = useYears();
  const users = useStaffUsers(null, isStaff);

  if (!session) return <PageLoader />;
  if (!isStaff) return <ForbiddenNotice />;

  const view = params.get('view') === 'board' ? 'board' : 'list';
  const status = params.get('status');
  const year = params.get('year');
  const assignee = params.get('assignee');
  const update = (key: string, value: string | null) =>
    setParams(
      (p) => {
        if (value) p.set(key, value);
        else p.delete(key);
        return p;
      },
      { replace: true },
    );

  const assigneeOptions = [
    { value: 'me', label: t('tickets.assigneeMe') },
    { value: 'none', label: t('tickets.unassigned') },
    ...(users.data?.items ?? [])
      .filter((u) => u.id !== session.user.id)
      .map((u) => ({ value: u.id, label: u.full_name })),
  ];
  const filters = {
    q: q || undefined,
    year: year ? Number(year) : null,
    assignee,
    status: view === 'list' && isTicketStatus(status) ? status : null,
  };

  return (
    <Stack gap="lg">
      <PageTitle
        title={t('tickets.searchTitle')}
        subtitle={t('tickets.searchIntro')}
        actions={
          <SegmentedControl
            value={view}
            onChange={(v) => update('view', v === 'board' ? 'board' : null)}
            data={[
              {
                value: 'list',
                label: (
                  <Group gap={6} wrap="nowrap">
                    <IconList size={16} aria-hidden />
                    {t('tickets.viewList')}
                  </Group>
                ),
              },
              {
                value: 'board',
                label: (
                  <Group gap={6} wrap="nowrap">
                    <IconLayoutKanban size={16} aria-hidden />
                    {t('tickets.viewBoard')}
                  </Group>
                ),
              },
            ]}
            data-testid="view-toggle"
          />
        }
      />
      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          aria-label={t('tickets.search')}
          placeholder={t('tickets.searchPlaceholder')}
          leftSection={<IconSearch size={18} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            update('q', e.currentTarget.value.trim() || null);
          }}
          style={{ flex: '1 1 260px' }}
          data-testid="ticket-search"
        />
        {view === 'list' && (
          <Select
            aria-label={t('tickets.filterStatus')}
            placeholder={t('tickets.allStatuses')}
            clearable
            data={statusOptions(session)}
            value={isTicketStatus(status) ? status : null}
            onChange={(v) => update('status', v)}
            w={{ base: '100%', xs: 200 }}
            data-testid="status-filter"
          />
        )}
        <Select
          aria-label={t('tickets.filterYear')}
          placeholder={t('tickets.allYears')}
          clearable
          data={(years.data?.items ?? []).map((y) => String(y.year))}
          value={year}
          onChange={(v) => update('year', v)}
          w={{ base: 'calc(50% - 6px)', xs: 140 }}
          data-testid="year-filter"
        />
        <Select
          aria-label={t('tickets.filterAssignee')}
          placeholder={t('tickets.anyAssignee')}
          clearable
          searchable
          data={assigneeOptions}
          value={assignee}
          onChange={(v) => update('assignee', v)}
          w={{ base: 'calc(50% - 6px)', xs: 200 }}
          data-testid="assignee-filter"
        />
      </Group>
      {view === 'board' ? (
        <TicketBoard filters={filters} />
      ) : (
        <TicketResults filters={filters} isStaff showAssignee emptyText={t('tickets.noMatch')} />
      )}
    </Stack>
  );
}
