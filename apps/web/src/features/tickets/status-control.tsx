import { Alert, Button, Select, Text, Textarea } from '@mantine/core';
import { IconProgress } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { TicketDetail, TicketStatus } from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isApiError } from '../../lib/api/index.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useSession } from '../../lib/session/index.ts';
import { SectionCard } from '../../ui/section-card.tsx';
import { statusView } from '../../ui/status-badge.tsx';
import { showSuccessToast } from '../../ui/toast.tsx';
import { useChangeStatus } from './tickets-api.ts';

/**
 * Staff move the ticket to one of the statuses the server allows them now. SPEC §4 says it with the 'Alert' dialog
 * and then leaves for /my-tickets; staff stay on the ticket instead, told by a toast in SPEC's words, so they can
 * go on with it (issue the invoice next). A 409 (someone changed the ticket first, or a firm setting holds it at Open
 * until its engagement letter is signed: said at the top, ticket-letter-action.tsx) shows the server's message and
 * reloads the ticket.
 */
export function StatusControl({ ticket }: { ticket: TicketDetail }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { data: session } = useSession();
  const change = useChangeStatus(ticket.id);
  const [chosen, setTo] = useState<TicketStatus | null>(null);
  // A live update may take the chosen move away.
  const to = chosen && ticket.allowed_statuses.includes(chosen) ? chosen : null;
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const labelOf = (s: TicketStatus) => statusView(s, 'staff', session?.statuses).label;

  const submit = async () => {
    if (!to) return;
    setError(null);
    try {
      const updated = await change.mutateAsync({
        status: to,
        note: note.trim() || undefined,
        expected_version: ticket.version,
      });
      showSuccessToast(t('ticket.statusChanged', { name: updated.name, status: updated.status_label }));
      setTo(null);
      setNote('');
    } catch (err) {
      setError(errorMessage(err));
      if (isApiError(err) && err.status === 409) {
        void client.invalidateQueries({ queryKey: queryKeys.tickets, predicate: (q) => q.queryKey[1] !== 'messages' });
      }
    }
  };

  return (
    <SectionCard title={t('ticket.changeStatus')} icon={IconProgress} data-testid="status-control">
      {ticket.allowed_statuses.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('ticket.noMoves')}
        </Text>
      ) : (
        <>
          <Select
            label={t('ticket.newStatus')}
            placeholder={t('createTicket.choose')}
            data={ticket.allowed_statuses.map((s) => ({ value: s, label: labelOf(s) }))}
            value={to}
            onChange={(v) => setTo(v as TicketStatus | null)}
            data-testid="status-select"
          />
          <Textarea
            label={t('ticket.statusNote')}
            autosize
            minRows={2}
            maxRows={5}
            maxLength={2000}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
          <Button onClick={() => void submit()} disabled={!to} loading={change.isPending} data-testid="status-submit">
            {t('ticket.updateStatus')}
          </Button>
        </>
      )}
      {ticket.moves_by_others.length > 0 && (
        // Who else can move it on (issue 29: stuck at Payment Collected with no word of who could).
        <Text size="sm" c="dimmed" data-testid="status-others">
          {t('ticket.movesByOthers', {
            moves: ticket.moves_by_others
              .map((m) =>
                t('ticket.moveByOthers', {
                  status: labelOf(m.status),
                  roles: m.roles.map((r) => t(`roles.${r}`)).join(t('ticket.or')),
                }),
              )
              .join('; '),
          })}
        </Text>
      )}
      {ticket.system_moves.length > 0 && (
        // What moves it by itself (issue 29: a draft upload moved the status without saying so).
        <Text size="sm" c="dimmed" data-testid="status-by-itself">
          {t('ticket.movesByItself', {
            moves: ticket.system_moves
              .map((m) => t(`ticket.systemMove.${m.event}`, { status: labelOf(m.status) }))
              .join('; '),
          })}
        </Text>
      )}
      {error && (
        <Alert color="red" variant="light" data-testid="status-error">
          {error}
        </Alert>
      )}
    </SectionCard>
  );
}
