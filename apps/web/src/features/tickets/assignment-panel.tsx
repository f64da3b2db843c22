import { Alert, Button, Divider, Group, Select, Stack, Text } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';
import { STAFF_ROLES, type Session, type TicketDetail } from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api/index.ts';
import { useSession } from '../../lib/session/index.ts';
import { formatDateTime } from '../../ui/format.ts';
import { SectionCard } from '../../ui/section-card.tsx';
import { showSuccessToast } from '../../ui/toast.tsx';
import { useAssignmentHistory, useAssignTicket, useStaffUsers } from './tickets-api.ts';

/**
 * The role that makes the signed-in person assignable, if any. The server assigns a ticket to anyone holding a staff
 * role (assignment.repository.ts findStaffUser), and the assign request names only the person: the role picked by
 * hand just narrows the list of users. So any staff role qualifies; of several, this takes the first in STAFF_ROLES'
 * order, and no role is sent: it only decides whether "Assign to me" is offered.
 */
const assignableAs = (session: Session) => STAFF_ROLES.find((r) => session.roles.includes(r));

/**
 * SPEC §6: pick a role, then a user of that role; or, in one click, "Assign to me" (not shown while the ticket is
 * the caller's already). The history lists every (un)assignment, oldest first.
 */
export function AssignmentPanel({ ticket }: { ticket: TicketDetail }) {
  const { t } = useTranslation();
  const { data: session } = useSession();
  const me = session && assignableAs(session) ? session.user : null;
  const [role, setRole] = useState<string | null>(null);
  const [userId, setUserId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const users = useStaffUsers(role, !!role);
  const history = useAssignmentHistory(ticket.id, true);
  const assign = useAssignTicket(ticket.id);
  // A cancelled ticket is taken on by nobody (the server refuses it too); its assignee may still be removed.
  const cancelled = ticket.status_category === 'cancelled';

  const submit = async (id: string | null) => {
    setError(null);
    try {
      const updated = await assign.mutateAsync({ user_id: id, expected_version: ticket.version });
      showSuccessToast(
        updated.assignee ? t('ticket.assignedTo', { name: updated.assignee.full_name }) : t('ticket.unassignedDone'),
      );
      setUserId(null);
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <SectionCard title={t('ticket.assignment')} icon={IconUserCheck} data-testid="assignment-panel">
      <Stack gap="sm">
        <Text size="sm">
          {t('ticket.assignee')}:{' '}
          <Text span fw={600} data-testid="current-assignee">
            {ticket.assignee?.full_name ?? t('tickets.unassigned')}
          </Text>
        </Text>
        {cancelled ? (
          <>
            <Text size="sm" c="dimmed" data-testid="assign-cancelled">
              {t('ticket.assignCancelled')}
            </Text>
            {ticket.assignee && (
              <Button variant="default" onClick={() => void submit(null)} disabled={assign.isPending}>
                {t('ticket.unassign')}
              </Button>
            )}
          </>
        ) : (
          <>
            <Select
              label={t('ticket.assignRole')}
              placeholder={t('createTicket.choose')}
              data={STAFF_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
              value={role}
              onChange={(v) => {
                setRole(v);
                setUserId(null);
              }}
              data-testid="assign-role"
            />
            <Select
              label={t('ticket.assignUser')}
              placeholder={role ? t('createTicket.choose') : t('ticket.chooseRoleFirst')}
              disabled={!role}
              data={(users.data?.items ?? []).map((u) => ({ value: u.id, label: u.full_name }))}
              value={userId}
              onChange={setUserId}
              nothingFoundMessage={t('ticket.noUsers')}
              data-testid="assign-user"
            />
            {me && ticket.assignee?.id !== me.id && (
              <Button
                variant="light"
                leftSection={<IconUserCheck size={16} aria-hidden />}
                onClick={() => void submit(me.id)}
                disabled={assign.isPending}
                data-testid="assign-to-me"
              >
                {t('ticket.assignToMe')}
              </Button>
            )}
            <Group gap="xs" grow>
              <Button
                onClick={() => void submit(userId)}
                disabled={!userId}
                loading={assign.isPending}
                data-testid="assign-submit"
              >
                {t('ticket.assign')}
              </Button>
              {ticket.assignee && (
                <Button variant="default" onClick={() => void submit(null)} disabled={assign.isPending}>
                  {t('ticket.unassign')}
                </Button>
              )}
            </Group>
          </>
        )}
        {error && (
          <Alert color="red" variant="light">
            {error}
          </Alert>
        )}
        <Divider label={t('ticket.assignmentHistory')} labelPosition="left" />
        {history.data?.items.length ? (
          <Stack gap={6} data-testid="assignment-history">
            {[...history.data.items].reverse().map((a) => (
              <div key={a.id}>
                <Text size="sm">
                  {a.assignee
                    ? t('ticket.historyAssigned', { to: a.assignee.full_name, by: a.assigned_by?.full_name ?? '—' })
                    : t('ticket.historyUnassigned', { by: a.assigned_by?.full_name ?? '—' })}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(a.created_at)}
                </Text>
              </div>
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('ticket.noAssignments')}
          </Text>
        )}
      </Stack>
    </SectionCard>
  );
}
