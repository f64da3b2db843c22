import { Stack } from '@mantine/core';
import { hasAnyRole, OPEN_REQUEST_ROLES } from '@taxportal/contract';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session/index.ts';
import { ForbiddenNotice } from '../../ui/forbidden-notice.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { TicketResults } from './ticket-results.tsx';

/** /open-tickets, Open Request (Admin, Customer Care Department): every Open ticket, unassigned first. */
export function OpenTicketsPage() {
  const { t } = useTranslation();
  const { data: session } = useSession();
  if (!session) return <PageLoader />;
  if (!hasAnyRole(session.roles, OPEN_REQUEST_ROLES)) return <ForbiddenNotice />;
  return (
    <Stack gap="lg">
      <PageTitle title={t('menu.openRequest')} subtitle={t('tickets.openIntro')} />
      <TicketResults
        filters={{ status: 'Open', scope: 'all' }}
        isStaff
        showAssignee
        emptyText={t('tickets.openEmpty')}
      />
    </Stack>
  );
}
