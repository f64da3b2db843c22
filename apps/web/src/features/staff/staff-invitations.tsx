import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconMailForward, IconSend, IconTrash } from '@tabler/icons-react';
import type { StaffInvitation } from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { formatDate } from '../../ui/format.ts';
import { SectionCard } from '../../ui/section-card.tsx';
import { showSuccessToast } from '../../ui/toast.tsx';
import { useResendInvitation, useRevokeInvitation } from './staff-api.ts';

/**
 * The invitations not yet accepted, on /admin/staff: each can be mailed again (a new link; the old one stops
 * working, the 7 days start again) or revoked after a confirmation. A refusal (sent less than a minute ago, the
 * address has an account by now) is the server's text in the error toast.
 */
export function PendingInvitations({ invitations }: { invitations: StaffInvitation[] }) {
  const { t } = useTranslation();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [revoking, setRevoking] = useState<StaffInvitation | null>(null);
  if (invitations.length === 0) return null;
  const confirmRevoke = () => {
    if (!revoking) return;
    const { email } = revoking;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        setRevoking(null);
        showSuccessToast(t('staff.revokedToast', { email }));
      },
    });
  };
  return (
    <SectionCard title={t('staff.pending')} icon={IconMailForward}>
      <Stack gap="xs">
        {invitations.map((i) => (
          <Paper key={i.id} withBorder p="sm" data-testid="staff-invitation" data-email={i.email}>
            <Group justify="space-between" align="flex-start" gap="sm">
              <div style={{ minWidth: 0, flex: '1 1 240px' }}>
                <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {i.email}
                </Text>
                <Text size="sm" c="dimmed">
                  {i.roles.map((r) => t(`roles.${r}`)).join(', ')} ·{' '}
                  {t('staff.expires', { when: formatDate(i.expires_at) })}
                </Text>
              </div>
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconSend size={14} aria-hidden />}
                  loading={resend.isPending && resend.variables === i.id}
                  onClick={() =>
                    resend.mutate(i.id, {
                      onSuccess: () => showSuccessToast(t('staff.resentToast', { email: i.email })),
                    })
                  }
                >
                  {t('staff.resend')}
                </Button>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  onClick={() => setRevoking(i)}
                >
                  {t('staff.revoke')}
                </Button>
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
      <ConfirmDialog
        opened={!!revoking}
        label={t('staff.revokeTitle')}
        message={t('staff.confirmRevoke', { email: revoking?.email ?? '' })}
        confirmLabel={t('staff.revoke')}
        danger
        busy={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={confirmRevoke}
        testId="confirm-revoke-invitation"
      />
    </SectionCard>
  );
}
