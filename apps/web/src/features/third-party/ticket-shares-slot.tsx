import type { TicketDetail } from '@taxportal/contract';
import { lazyComponent, preloadAhead } from '../../lib/lazy-component.ts';
import { LoadedPart } from '../../ui/loaded-part.tsx';

/** The panel itself, with its texts and staff's form: a chunk of its own, fetched when the slot is first drawn. */
const Panel = lazyComponent<{ ticket: TicketDetail; isStaff: boolean }>(() =>
  import('./ticket-shares-loader.ts').then((m) => m.loadTicketSharesPanel()),
);

/**
 * The panel's code, asked for as soon as the ticket page's code is in (app/router/composed-pages.tsx): the page's code
 * is fetched while the list is read, and a tap on a ticket then waits for no download.
 */
export const preloadTicketSharesPanel = () => preloadAhead(Panel);

/**
 * The ticket page's place for its shares with third parties: all the ticket page loads of them is this; the panel
 * draws once its code is in (and shows nothing to a client until a share was made).
 */
export function TicketSharesSlot(props: { ticket: TicketDetail; isStaff: boolean }) {
  return (
    <LoadedPart part={Panel}>
      <Panel {...props} />
    </LoadedPart>
  );
}
