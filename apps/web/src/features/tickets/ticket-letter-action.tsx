import { Alert, Anchor, Button, Group, Stack } from '@mantine/core';
import { IconLock, IconSignature } from '@tabler/icons-react';
import { STATUS_DEFINITIONS, type TicketDetail } from '@taxportal/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Staff's new letter form (letters page) with this ticket filled in. */
export const newLetterPath = (ticket: Pick<TicketDetail, 'name'>) =>
  `/letters?ticket=${encodeURIComponent(ticket.name)}`;

/**
 * Staff, at the top of the ticket by its status: the engagement letter's hold (a firm setting keeps the ticket at
 * Open until its letter is signed: the server refuses the move, 409; docs/decisions/0036), said before anyone tries,
 * and the way to send the letter (staff's new letter form, this ticket filled in). Nothing for a ticket done or
 * cancelled, which takes no letter.
 */
export function TicketLetterAction({ ticket }: { ticket: TicketDetail }) {
  const { t } = useTranslation();
  const category = STATUS_DEFINITIONS.find((s) => s.name === ticket.status)?.category;
  const ended = category === 'done' || category === 'cancelled';
  if (ended && !ticket.hold) return null;
  // No letter waits for the client (none sent, or the last came to nothing): the way to send one.
  const missing = !!ticket.hold && ticket.hold.reason !== 'letter_unsigned';
  return (
    <Stack gap="xs" data-testid="ticket-letter-action">
      {ticket.hold && (
        <Alert color="yellow" variant="light" icon={<IconLock size={18} />} data-testid="status-held">
          {t(`ticket.held.${ticket.hold.reason}`)}{' '}
          {missing && (
            <Anchor component={Link} to={newLetterPath(ticket)} fw={600} data-testid="status-held-send">
              {t('ticket.sendLetter')}
            </Anchor>
          )}
        </Alert>
      )}
      {!ended && !ticket.hold && (
        <Group>
          <Button
            component={Link}
            to={newLetterPath(ticket)}
            variant="light"
            size="sm"
            leftSection={<IconSignature size={16} aria-hidden />}
            data-testid="ticket-send-letter"
          >
            {t('ticket.sendLetter')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
