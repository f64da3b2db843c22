import { Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import type { DocumentShare, ShareState, TicketDetail } from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../ui/format.ts';
import { SectionCard } from '../../ui/section-card.tsx';
import { showSuccessToast } from '../../ui/toast.tsx';
import { addThirdPartyTexts } from './i18n.ts';
import { ShareForm } from './share-form.tsx';
import { useRevokeShare, useTicketShares } from './third-party-api.ts';

addThirdPartyTexts();

const STATE_COLOR: Record<ShareState, string> = {
  active: 'green',
  expired: 'gray',
  revoked: 'gray',
  consent_ended: 'orange',
};

/**
 * The ticket's shares with third parties: staff send and end them and see each open with where it came from; the
 * client sees that a share was made, with whom, for what, and each open (shown to them only once there is one).
 */
export function TicketSharesPanel({ ticket, isStaff }: { ticket: TicketDetail; isStaff: boolean }) {
  const { t } = useTranslation();
  const shares = useTicketShares(ticket.id);
  const [sharing, setSharing] = useState(false);
  const items = shares.data?.items ?? [];
  if (!isStaff && items.length === 0) return null;
  return (
    <SectionCard
      title={t('thirdParty.panel.title')}
      icon={IconShare}
      data-testid="ticket-shares-panel"
      description={isStaff ? t('thirdParty.panel.staffIntro') : t('thirdParty.panel.clientIntro')}
      actions={
        isStaff && !sharing ? (
          <Button size="xs" variant="light" onClick={() => setSharing(true)}>
            {t('thirdParty.panel.share')}
          </Button>
        ) : undefined
      }
    >
      {sharing && <ShareForm ticketId={ticket.id} onDone={() => setSharing(false)} />}
      {items.length === 0 && !sharing && <Text c="dimmed">{t('thirdParty.panel.empty')}</Text>}
      <Stack gap="md">
        {items.map((s) => (
          <ShareItem key={s.id} share={s} ticketId={ticket.id} isStaff={isStaff} />
        ))}
      </Stack>
    </SectionCard>
  );
}

function ShareItem({ share, ticketId, isStaff }: { share: DocumentShare; ticketId: string; isStaff: boolean }) {
  const { t } = useTranslation();
  const revoke = useRevokeShare(ticketId);
  return (
    <Stack gap={4} data-testid="share-item" data-state={share.state}>
      <Group justify="space-between" gap="xs">
        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
          {share.recipient_name ? `${share.recipient_name} · ${share.recipient_email}` : share.recipient_email}
        </Text>
        <Badge color={STATE_COLOR[share.state]} variant="light">
          {t(`thirdParty.panel.state.${share.state}`)}
        </Badge>
      </Group>
      <Text size="sm">{t('thirdParty.panel.purpose', { purpose: share.purpose })}</Text>
      <Text size="sm" c="dimmed">
        {t('thirdParty.panel.until', { date: formatDateTime(share.expires_at) })}
        {share.created_by_name ? ` · ${t('thirdParty.panel.by', { name: share.created_by_name })}` : ''}
      </Text>
      <Text size="sm">
        {t('thirdParty.panel.files')}: {share.documents.map((d) => d.file_name).join(', ') || '—'}
      </Text>
      <Text size="sm" data-testid="share-opens">
        {t('thirdParty.panel.opens', { count: share.opens })} ·{' '}
        {t('thirdParty.panel.downloads', { count: share.downloads })}
      </Text>
      {share.events.length > 0 && (
        <List size="sm" spacing={2} aria-label={t('thirdParty.panel.activity')}>
          {share.events.slice(0, 10).map((e, i) => (
            <List.Item key={i}>
              {formatDateTime(e.at)} —{' '}
              {e.kind === 'open'
                ? t('thirdParty.panel.opened')
                : t('thirdParty.panel.downloaded', { file: e.file_name })}
              {e.ip ? ` ${t('thirdParty.panel.from', { ip: e.ip })}` : ''}
            </List.Item>
          ))}
        </List>
      )}
      {isStaff && share.state === 'active' && (
        <Group>
          <Button
            size="xs"
            variant="default"
            color="red"
            loading={revoke.isPending}
            onClick={() =>
              revoke.mutate(share.id, { onSuccess: () => showSuccessToast(t('thirdParty.panel.revoked')) })
            }
          >
            {t('thirdParty.panel.revoke')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
