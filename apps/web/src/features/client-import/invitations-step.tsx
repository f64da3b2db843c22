import { Alert, Button, Group, Paper, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { IconMail, IconMessage, IconRefresh } from '@tabler/icons-react';
import { INVITATION_STATES, type ClientImport, type ClientInvitation, type InvitationState } from '@taxportal/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { useSingleFlight } from '../../ui/use-single-flight.ts';
import { useTranslation } from 'react-i18next';
import { formatRelative } from '../../ui/format.ts';
import { showNoticeToast, showSuccessToast } from '../../ui/toast.tsx';
import { type BadgeTone, ToneBadge } from '../../ui/tone-badge.tsx';
import { useIsPhone } from '../../ui/use-is-phone.ts';
import { useInvitations, useInvite, useResend, useResendUnopened } from './client-import-api.ts';

const TONE: Record<InvitationState, BadgeTone> = {
  queued: 'neutral',
  sent: 'info',
  opened: 'accent',
  joined: 'success',
  bounced: 'danger',
  not_sent: 'warning',
};

function StateBadge({ state }: { state: InvitationState }) {
  const { t } = useTranslation();
  return (
    <ToneBadge tone={TONE[state]} data-testid="invitation-state" data-state={state}>
      {t(`clientImport.state.${state}`)}
    </ToneBadge>
  );
}

/** Why an invitation was not sent: our mail server unreachable (retried), or the portal cannot deliver by its channel. */
function NotSentReason({ invitation }: { invitation: ClientInvitation }) {
  const { t } = useTranslation();
  if (invitation.state !== 'not_sent') return null;
  return (
    <Text size="xs" c="orange.9" data-testid="not-sent-reason">
      {t(`clientImport.notSent.${invitation.not_sent_reason ?? invitation.channel}`)}
    </Text>
  );
}

function ResendButton({ importId, invitation }: { importId: string; invitation: ClientInvitation }) {
  const { t } = useTranslation();
  const resend = useResend(importId);
  const onResend = useSingleFlight(async () => {
    const now = await resend.mutateAsync(invitation.id).catch(() => null);
    // Sent a moment ago: the server changed nothing, and says so by the state it answers.
    if (now) showSuccessToast(t(now.state === 'queued' ? 'clientImport.resentToast' : 'clientImport.justSentToast'));
  });
  if (invitation.state === 'joined' || invitation.state === 'queued') return null;
  return (
    <Button
      size="xs"
      variant="default"
      loading={resend.isPending}
      aria-label={t('clientImport.resendOf', { name: invitation.full_name })}
      onClick={() => void onResend()}
    >
      {t('clientImport.resend')}
    </Button>
  );
}

/** Step 4: the import's result, the bulk invitations by e-mail or text, their states, and resends. */
export function InvitationsStep({ imp }: { imp: ClientImport }) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const [state, setState] = useState<InvitationState | null>(null);
  const invite = useInvite(imp.id);
  const resendAll = useResendUnopened(imp.id);
  const list = useInvitations(imp.id, state);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const counts = list.data?.pages[0]?.counts;
  const total = counts ? Object.values(counts).reduce((a, b) => a + b, 0) : 0;
  const contact = (i: ClientInvitation) => (i.channel === 'sms' ? (i.phone ?? i.email) : i.email);
  const unopened = counts ? counts.sent + counts.bounced + counts.not_sent : 0;
  const delivery = list.data?.pages[0]?.delivery;
  // Asked first (a bulk send), then sent once however often the button is clicked.
  const [asking, setAsking] = useState<'email' | 'sms' | null>(null);
  const send = useSingleFlight(async (channel: 'email' | 'sms') => {
    const r = await invite.mutateAsync(channel).catch(() => null);
    setAsking(null);
    if (!r) return;
    const made = { count: r.queued, skipped: r.skipped };
    // Never "on their way" when this portal cannot deliver them.
    if (delivery && !delivery[channel])
      showNoticeToast(t('clientImport.invitedNotDeliveredTitle'), t('clientImport.invitedNotDelivered', made));
    else showSuccessToast(t('clientImport.invitedToast', made));
  });
  const resendUnopened = useSingleFlight(async () => {
    const r = await resendAll.mutateAsync().catch(() => null);
    if (r) showSuccessToast(t('clientImport.resentAllToast', { count: r.queued, skipped: r.skipped }));
  });
  const channelWord = asking ? t(`clientImport.channelWord.${asking}`) : '';
  // Before any invitation, every client made gets one by e-mail; otherwise the server tells who is left.
  const question =
    asking === 'email' && total === 0
      ? t('clientImport.confirmInvite', { count: imp.created ?? 0, channel: channelWord })
      : t('clientImport.confirmInviteAll', { channel: channelWord });
  return (
    <Stack gap="lg">
      <Alert color="green" variant="light" data-testid="import-result">
        {t('clientImport.imported', { count: imp.created ?? 0 })}
      </Alert>
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <Title order={2} size="h4">
          {t('clientImport.inviteTitle')}
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {t('clientImport.inviteHint')}
        </Text>
        {delivery &&
          (['email', 'sms'] as const)
            .filter((c) => !delivery[c])
            .map((c) => (
              <Alert key={c} color="yellow" variant="light" mb="md" data-testid={`delivery-off-${c}`}>
                {t(`clientImport.deliveryOff.${c}`)}
              </Alert>
            ))}
        <Group gap="sm">
          <Button
            leftSection={<IconMail size={18} aria-hidden />}
            onClick={() => setAsking('email')}
            loading={invite.isPending}
            data-testid="invite-email"
          >
            {t('clientImport.inviteEmail')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconMessage size={18} aria-hidden />}
            onClick={() => setAsking('sms')}
            loading={invite.isPending}
            data-testid="invite-sms"
          >
            {t('clientImport.inviteSms')}
          </Button>
        </Group>
      </Paper>
      <ConfirmDialog
        opened={asking !== null}
        message={question}
        label={question}
        details={
          <Text size="sm" c="dimmed" mt="xs">
            {t('clientImport.confirmInviteDetails')}
          </Text>
        }
        confirmLabel={t('clientImport.send')}
        busy={invite.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => asking && void send(asking)}
        testId="confirm-invite"
      />
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4">
            {t('clientImport.invitations')}
          </Title>
          <Button
            size="sm"
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            disabled={unopened === 0}
            loading={resendAll.isPending}
            onClick={() => void resendUnopened()}
            data-testid="resend-unopened"
          >
            {t('clientImport.resendAll')}
          </Button>
        </Group>
        {total > 0 && (
          <SegmentedControl
            value={state ?? 'all'}
            onChange={(v) => setState(v === 'all' ? null : (v as InvitationState))}
            data={[
              { value: 'all', label: `${t('clientImport.allStates')} (${total})` },
              ...INVITATION_STATES.map((s) => ({
                value: s,
                label: `${t(`clientImport.state.${s}`)} (${counts?.[s] ?? 0})`,
              })),
            ]}
            orientation={isPhone ? 'vertical' : 'horizontal'}
            fullWidth={isPhone}
            size="xs"
            data-testid="state-filter"
          />
        )}
        {!items.length ? (
          <Text c="dimmed">{t('clientImport.noInvitations')}</Text>
        ) : isPhone ? (
          items.map((i) => (
            <Paper key={i.id} withBorder p="sm" data-testid="invitation-row">
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text fw={600} style={{ wordBreak: 'break-word' }}>
                  {i.full_name}
                </Text>
                <StateBadge state={i.state} />
              </Group>
              <Text size="sm" style={{ wordBreak: 'break-word' }}>
                {t(`clientImport.channel.${i.channel}`)} · {contact(i)}
              </Text>
              <NotSentReason invitation={i} />
              <Group justify="space-between" mt={4}>
                <Text size="xs" c="dimmed">
                  {i.sent_at ? formatRelative(i.sent_at) : ''}
                </Text>
                <ResendButton importId={imp.id} invitation={i} />
              </Group>
            </Paper>
          ))
        ) : (
          <Table withTableBorder fz="sm" data-testid="invitations-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('clientImport.col.client')}</Table.Th>
                <Table.Th>{t('clientImport.col.channel')}</Table.Th>
                <Table.Th>{t('clientImport.col.state')}</Table.Th>
                <Table.Th>{t('clientImport.col.sent')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((i) => (
                <Table.Tr key={i.id} data-testid="invitation-row">
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Text size="sm" fw={600}>
                      {i.full_name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {contact(i)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{t(`clientImport.channel.${i.channel}`)}</Table.Td>
                  <Table.Td>
                    <StateBadge state={i.state} />
                    <NotSentReason invitation={i} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{i.sent_at ? formatRelative(i.sent_at) : ''}</Table.Td>
                  <Table.Td>
                    <ResendButton importId={imp.id} invitation={i} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {list.hasNextPage && (
          <Button variant="subtle" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
            {t('clientImport.more')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
