import { ActionIcon, Button, Group, Paper, Stack, Text, ThemeIcon, Tooltip, UnstyledButton } from '@mantine/core';
import {
  IconBellOff,
  IconCheck,
  IconChecks,
  IconFileDescription,
  IconFileUpload,
  IconHeartHandshake,
  IconMail,
  IconMessage,
  IconProgress,
  IconReceipt,
  IconShieldCheck,
  IconSignature,
  IconUserCheck,
} from '@tabler/icons-react';
import type { Notification } from '@taxportal/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime, formatRelative } from '../../ui/format.ts';
import { PagedResults } from '../../ui/paged-results.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
  useUnreadCount,
} from './notifications-api.ts';

const KIND_ICON = {
  status_changed: IconProgress,
  message: IconMessage,
  assigned: IconUserCheck,
  document_request: IconFileUpload,
  invoice: IconReceipt,
  draft: IconFileDescription,
  signing: IconSignature,
  enquiry: IconMail,
  household: IconHeartHandshake,
  consent: IconShieldCheck,
  engagement: IconSignature,
} as const satisfies Record<Notification['kind'], unknown>;

function NotificationRow({ n }: { n: Notification }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const markRead = useMarkNotificationRead();
  const KindIcon = KIND_ICON[n.kind];
  const open = () => {
    if (!n.read) markRead.mutate(n.id);
    if (n.ticket_name) navigate(`/form/message/${encodeURIComponent(n.ticket_name)}`);
    // A household's invitation, answer or leaving: the profile's Household tab (docs/decisions/0032).
    else if (n.kind === 'household') navigate('/my-profile/household');
    // A §7216 consent to answer, or a client's answer to one (docs/decisions/0034).
    else if (n.kind === 'consent') navigate('/consents');
    // An engagement letter to sign, or a client's answer to one (docs/decisions/0036).
    else if (n.kind === 'engagement') navigate('/letters');
  };
  return (
    <Paper
      withBorder
      p="sm"
      bg={n.read ? undefined : 'brand.0'}
      data-testid="notification"
      data-read={n.read}
      style={{ borderLeft: n.read ? undefined : '3px solid var(--mantine-color-brand-6)' }}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <ThemeIcon variant="light" radius="xl" size={36} color={n.read ? 'gray' : 'brand'} aria-hidden>
          <KindIcon size={18} />
        </ThemeIcon>
        <UnstyledButton onClick={open} style={{ flex: 1, minWidth: 0 }} aria-label={n.title}>
          <Text size="sm" fw={n.read ? 500 : 700}>
            {n.title}
          </Text>
          {n.body && (
            <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {n.body}
            </Text>
          )}
          <Text size="xs" c="dimmed" mt={2} title={formatDateTime(n.created_at)}>
            {n.ticket_name ? `${n.ticket_name} · ` : ''}
            {formatRelative(n.created_at)}
          </Text>
        </UnstyledButton>
        {!n.read && (
          <Tooltip label={t('notifications.markRead')}>
            <ActionIcon
              variant="subtle"
              aria-label={t('notifications.markRead')}
              onClick={() => markRead.mutate(n.id)}
              loading={markRead.isPending}
              data-testid="mark-read"
            >
              <IconCheck size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </Paper>
  );
}

/** /notifications: newest first, mark one or all read; a row opens its ticket. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const list = useNotifications();
  const markAll = useMarkAllNotificationsRead();
  const { data: unread = 0 } = useUnreadCount(true);

  return (
    <Stack gap="lg" maw={820}>
      <PageTitle
        title={t('notifications.title')}
        subtitle={t('notifications.unreadCount', { count: unread })}
        actions={
          <Button
            variant="default"
            leftSection={<IconChecks size={18} />}
            onClick={() => markAll.mutate()}
            loading={markAll.isPending}
            disabled={unread === 0}
            data-testid="mark-all-read"
          >
            {t('notifications.markAllRead')}
          </Button>
        }
      />
      <PagedResults
        list={list}
        empty={{
          icon: <IconBellOff size={32} stroke={1.5} color="var(--mantine-color-gray-6)" aria-hidden />,
          text: t('notifications.empty'),
          testId: 'notifications-empty',
        }}
        loadMoreLabel={t('common.loadMore')}
      >
        {(items) => (
          <Stack gap="xs" data-testid="notification-list">
            {items.map((n) => (
              <NotificationRow key={n.id} n={n} />
            ))}
          </Stack>
        )}
      </PagedResults>
    </Stack>
  );
}
