import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRealtimeListener } from '../../lib/realtime/index.ts';
import { showNoticeToast } from '../../ui/toast.tsx';
import { useUnreadCount } from './notifications-api.ts';

/** The header's bell: unread count, kept live by the realtime client; a new notification also pops up. */
export function NotificationBell() {
  const { t } = useTranslation();
  const { data: unread = 0 } = useUnreadCount(true);

  useRealtimeListener((event) => {
    if (event.type !== 'notification.created') return;
    showNoticeToast(event.notification.title, event.notification.body);
  });

  const label = unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell');
  return (
    <Indicator
      label={unread > 99 ? '99+' : unread}
      size={18}
      color="red"
      offset={6}
      disabled={unread === 0}
      data-testid="bell-count"
      data-count={unread}
    >
      <ActionIcon
        component={Link}
        to="/notifications"
        variant="subtle"
        color="gray"
        size="lg"
        radius="xl"
        aria-label={label}
        data-testid="notification-bell"
      >
        <IconBell size={22} stroke={1.7} />
      </ActionIcon>
    </Indicator>
  );
}
