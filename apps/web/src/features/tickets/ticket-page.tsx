import { Alert, Anchor, Grid, Group, Stack } from '@mantine/core';
import { IconArrowLeft, IconRoute } from '@tabler/icons-react';
import { isStaffRole, type TicketDetail } from '@taxportal/contract';
import { useEffect, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../lib/api/index.ts';
import { lazyComponent, preloadAhead } from '../../lib/lazy-component.ts';
import { useSession } from '../../lib/session/index.ts';
import { LoadedPart } from '../../ui/loaded-part.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { ProgressTracker } from '../../ui/progress-tracker.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { CancelTicket } from './cancel-ticket.tsx';
import { Conversation } from './conversation.tsx';
import { StatusTimeline } from './status-timeline.tsx';
import { TicketHeader } from './ticket-header.tsx';
import { useTicket } from './tickets-api.ts';

/**
 * Staff's status and assignment tools, loaded for staff only. The server renders a ticket page for customers only
 * (routes.tsx); rendered for staff, they would have to load before it hydrates (lib/lazy-component.ts).
 */
const TicketStaffColumn = lazyComponent<{ ticket: TicketDetail }>(() =>
  import('./ticket-staff-column.tsx').then((m) => ({ default: m.TicketStaffColumn })),
);

/**
 * A ticket: /form/message/{name} (SPEC §2, also /form/{id}/{ticket_id}) and /my-tickets/{id}.
 * Customers see where it stands; staff change its status and assignment; both talk below.
 */
/**
 * A panel that another feature shows on the ticket (documents, drafts, invoice): the app composes them. One with
 * parts for staff alone may say how to load them (`preloadForStaff`): the page asks as soon as the session says
 * staff, beside the ticket's own data, so they draw with the panel rather than one download after it.
 */
export type TicketPanel = ComponentType<{ ticket: TicketDetail; isStaff: boolean }> & { preloadForStaff?: () => void };

/** The parts of the page loaded apart that draw at once: loaded with the page's code (index.ts loadTicketPage). */
export { preloadTicketJointSwitch as preloadTicketParts } from './ticket-joint.tsx';

export function TicketPage({ panels = [] }: { panels?: readonly TicketPanel[] }) {
  const { t } = useTranslation();
  const params = useParams();
  const ref = params.ticket_id ?? params.id ?? '';
  const { data: session } = useSession();
  const ticket = useTicket(ref);
  const isStaff = session ? isStaffRole(session.login_role) : false;
  // Staff's tools, and the panels' parts for staff, load beside the ticket, not after it.
  useEffect(() => {
    if (!isStaff) return;
    preloadAhead(TicketStaffColumn);
    for (const panel of panels) panel.preloadForStaff?.();
  }, [isStaff, panels]);

  const back = (
    <Group>
      <Anchor component={Link} to="/my-tickets" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          {t('ticket.backToList')}
        </Group>
      </Anchor>
    </Group>
  );
  if (!session || ticket.isPending) return <PageLoader />;
  if (ticket.isError) {
    const notFound = isApiError(ticket.error) && ticket.error.status === 404;
    // The way back stays on the page when the ticket is not there (a stale link or a typo).
    return (
      <Stack gap="md">
        {back}
        <Alert color={notFound ? 'gray' : 'red'} variant="light" title={notFound ? t('ticket.notFound') : undefined}>
          {notFound ? t('ticket.notFoundText') : ticket.error.message}
        </Alert>
      </Stack>
    );
  }
  const tk = ticket.data;

  return (
    <Stack gap="md" data-testid="ticket-page" data-ticket={tk.name}>
      {back}
      <TicketHeader ticket={tk} isStaff={isStaff} />
      {!isStaff && (
        <SectionCard title={t('progress.title')} icon={IconRoute}>
          <ProgressTracker progress={tk.progress} status={tk.status} />
          {/* Rarely wanted, so under the steps rather than next to the title. */}
          <CancelTicket ticket={tk} />
        </SectionCard>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <Conversation ticket={tk} isStaff={isStaff} viewerId={session.user.id} />
            {/* Documents, drafts and the invoice: wide enough for their forms, next to the conversation. */}
            {panels.map((Panel, i) => (
              <Panel key={i} ticket={tk} isStaff={isStaff} />
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            {isStaff && (
              <LoadedPart part={TicketStaffColumn}>
                <TicketStaffColumn ticket={tk} />
              </LoadedPart>
            )}
            <StatusTimeline ticketId={tk.id} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
