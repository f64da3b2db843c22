import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { TicketDetail } from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../lib/api/index.ts';
import { AlertDialog } from '../../ui/alert-dialog.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { showErrorToast } from '../../ui/toast.tsx';
import { useChangeStatus } from './tickets-api.ts';

/** A customer may cancel a ticket nobody has started on (the server's table decides: Open only). */
export function CancelTicket({ ticket }: { ticket: TicketDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const change = useChangeStatus(ticket.id);
  const [confirmOpened, confirm] = useDisclosure(false);
  const [done, setDone] = useState<string | null>(null);
  // After the cancel the button goes (the move is no longer allowed) but the 'Alert' stays.
  const canCancel = ticket.allowed_statuses.includes('Cancelled');
  if (!canCancel && done === null) return null;

  const cancel = async () => {
    try {
      const updated = await change.mutateAsync({ status: 'Cancelled', expected_version: ticket.version });
      confirm.close();
      setDone(t('ticket.statusChanged', { name: updated.name, status: updated.status_label }));
    } catch (err) {
      confirm.close();
      showErrorToast(isApiError(err) ? err.detail : t('common.somethingWentWrong'));
    }
  };

  return (
    <>
      {canCancel && (
        <Button
          variant="subtle"
          color="red"
          onClick={confirm.open}
          style={{ alignSelf: 'flex-end' }}
          data-testid="cancel-ticket"
        >
          {t('ticket.cancelRequest')}
        </Button>
      )}
      <ConfirmDialog
        opened={confirmOpened}
        label={t('ticket.cancelRequest')}
        message={t('ticket.cancelConfirm', { name: ticket.name })}
        busy={change.isPending}
        onCancel={confirm.close}
        onConfirm={() => void cancel()}
        testId="cancel-dialog"
      />
      <AlertDialog
        opened={done !== null}
        message={done ?? ''}
        onClose={() => {
          setDone(null);
          navigate('/my-tickets');
        }}
      />
    </>
  );
}
