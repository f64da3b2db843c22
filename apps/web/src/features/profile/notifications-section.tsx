import { Stack, Switch } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { isStaffRole, type NotificationPreferences, type Role } from '@taxportal/contract';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../ui/page-loader.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { useNotificationPreferences, useUpdateNotificationPreferences } from './profile-api.ts';

/** The e-mails the notifications feature sends, each on or off; in-app notifications are always on. */
const CUSTOMER_KINDS = ['email_on_status_change', 'email_on_staff_reply'] as const;
const STAFF_KINDS = ['email_on_customer_reply'] as const;

export function NotificationsSection({ roles }: { roles: Role[] }) {
  const { t } = useTranslation();
  const prefs = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  const kinds: (keyof NotificationPreferences)[] = [
    ...(roles.includes('Customer') ? CUSTOMER_KINDS : []),
    ...(roles.some(isStaffRole) ? STAFF_KINDS : []),
  ];
  return (
    <SectionCard title={t('profile.notificationsTitle')} icon={IconBell} description={t('profile.notificationsHint')}>
      {prefs.isPending || !prefs.data ? (
        <PageLoader />
      ) : (
        <Stack gap="md" data-testid="notification-preferences">
          {kinds.map((k) => (
            <Switch
              key={k}
              label={t(`profile.pref.${k}`)}
              checked={prefs.data[k]}
              disabled={update.isPending}
              onChange={(e) => update.mutate({ [k]: e.currentTarget.checked })}
            />
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
