import { Button, Group, SegmentedControl, Select, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { hasAnyRole, isStaffRole, OPEN_REQUEST_ROLES } from '@taxportal/contract';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../lib/session/index.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { isTicketStatus, statusOptions } from './status-options.ts';
import { TicketResults } from './ticket-results.tsx';

/**
 * /my-tickets (Service Request). Customers: their own tickets. Staff: the tickets assigned to
 * them or every ticket; Admin and Customer Care, who rarely hold tickets, start on every ticket.
 */
export function MyTicketsPage() {
  const { t } = useTranslation();
  const { data: session } = useSession();
  const [params, setParams] = useSearchParams();
  if (!session) return <PageLoader />;

  const isStaff = isStaffRole(session.login_role);
  const defaultScope = hasAnyRole([session.login_role], OPEN_REQUEST_ROLES) ? 'all' : 'mine';
  const scope = params.get('scope') === 'all' || params.get('scope') === 'mine' ? params.get('scope')! : defaultScope;
  const status = params.get('status');
  const update = (key: string, value: string | null) =>
    setParams(
      (p) => {
        if (value) p.set(key, value);
        else p.delete(key);
        return p;
      },
      { replace: true },
    );

  return (
    <Stack gap="lg">
      <PageTitle
        title={t('tickets.myTitle')}
        subtitle={isStaff ? t('tickets.myStaffIntro') : t('tickets.myIntro')}
        actions={
          <Button component={Link} to="/create-ticket" leftSection={<IconPlus size={18} />}>
            {t('menu.createTicket')}
          </Button>
        }
      />
      <Group gap="sm" wrap="wrap">
        {isStaff && (
          <SegmentedControl
            value={scope}
            onChange={(v) => update('scope', v)}
            data={[
              { value: 'mine', label: t('tickets.scopeMine') },
              { value: 'all', label: t('tickets.scopeAll') },
            ]}
            size="md"
            data-testid="scope-control"
          />
        )}
        <Select
          aria-label={t('tickets.filterStatus')}
          placeholder={t('tickets.allStatuses')}
          clearable
          data={statusOptions(session)}
          value={isTicketStatus(status) ? status : null}
          onChange={(v) => update('status', v)}
          w={{ base: '100%', xs: 240 }}
          data-testid="status-filter"
        />
      </Group>
      <TicketResults
        filters={{
          status: isTicketStatus(status) ? status : null,
          scope: isStaff ? (scope as 'mine' | 'all') : undefined,
        }}
        isStaff={isStaff}
        showAssignee={isStaff && scope === 'all'}
      />
    </Stack>
  );
}
