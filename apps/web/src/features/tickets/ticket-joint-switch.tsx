import { Button } from '@mantine/core';
import type { TicketDetail } from '@taxportal/contract';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../../ui/toast.tsx';
import { useHousehold } from '../households/index.ts';
import { useSetTicketJoint } from './tickets-api.ts';

/**
 * The switch between a joint and a separate return (docs/decisions/0032), for the ticket's customer and staff: a part
 * of its own, so the ticket page's first load does not carry it (nor the household it asks about). A customer is
 * offered "joint" only with a spouse in their household; staff always (the server says when there is none).
 */
export function TicketJointSwitch({ ticket, isStaff }: { ticket: TicketDetail; isStaff: boolean }) {
  const { t } = useTranslation();
  const joint = !!ticket.spouse;
  const household = useHousehold(!isStaff && !joint);
  const change = useSetTicketJoint(ticket.id);
  if (!joint && !isStaff && !household.data?.members.length) return null;
  return (
    <Button
      variant="subtle"
      size="compact-xs"
      px={0}
      loading={change.isPending}
      onClick={() =>
        change.mutate(!joint, {
          onSuccess: () => showSuccessToast(t(joint ? 'ticket.separateChanged' : 'ticket.jointChanged')),
        })
      }
      data-testid="ticket-joint-switch"
    >
      {joint ? t('ticket.makeSeparate') : t('ticket.makeJoint')}
    </Button>
  );
}
