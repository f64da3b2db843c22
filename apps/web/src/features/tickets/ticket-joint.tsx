import { Stack } from '@mantine/core';
import type { TicketDetail } from '@taxportal/contract';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyComponent, preloadAhead } from '../../lib/lazy-component.ts';
import { useSession } from '../../lib/session/index.ts';
import { Fact } from '../../ui/fact.tsx';
import { LoadedPart } from '../../ui/loaded-part.tsx';
import type * as Switch from './ticket-joint-switch.tsx';

/** A return done with keeps what it was filed as (the server refuses the switch too). */
const CLOSED = new Set(['Completed', 'Closed', 'Cancelled']);

const TicketJointSwitch = lazyComponent<ComponentProps<typeof Switch.TicketJointSwitch>>(() =>
  import('./ticket-joint-switch.tsx').then((m) => ({ default: m.TicketJointSwitch })),
);

/**
 * The switch's code, asked for as soon as the ticket page's code is in (features/tickets/index.ts loadTicketPage):
 * the page's code is fetched while the list is read, and a tap on a ticket then waits for no download.
 */
export const preloadTicketJointSwitch = () => preloadAhead(TicketJointSwitch);

/**
 * Joint or separate (docs/decisions/0032): a joint return names the spouse who files it with the customer. The
 * ticket's customer and staff may switch an open ticket (ticket-joint-switch.tsx); the spouse may not.
 */
export function TicketJoint({ ticket, isStaff }: { ticket: TicketDetail; isStaff: boolean }) {
  const { t } = useTranslation();
  const { data: session } = useSession();
  const isOwner = !isStaff && session?.user.id === ticket.customer.id;
  // LoadedPart draws the switch only after hydration: the server draws the page without it (ui/part-loading.tsx).
  const mayChange = (isStaff || isOwner) && !CLOSED.has(ticket.status);
  return (
    <Fact label={t('ticket.return')} testId="ticket-joint">
      <Stack gap={4} align="flex-start">
        <span>
          {ticket.spouse ? t('ticket.jointWith', { name: ticket.spouse.full_name }) : t('ticket.separateReturn')}
        </span>
        {mayChange && (
          <LoadedPart part={TicketJointSwitch}>
            <TicketJointSwitch ticket={ticket} isStaff={isStaff} />
          </LoadedPart>
        )}
      </Stack>
    </Fact>
  );
}
