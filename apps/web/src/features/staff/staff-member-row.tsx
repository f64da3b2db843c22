import { Badge, Button, Group, Paper, Switch, Text } from '@mantine/core';
import { IconShieldOff } from '@tabler/icons-react';
import type { StaffMember } from '@taxportal/contract';
import { useTranslation } from 'react-i18next';

/** One staff member on /admin/staff: name, state, e-mail, roles, the site-editor switch and the actions. */
export function MemberRow({
  m,
  isMe,
  onRoles,
  onDeactivate,
  onReactivate,
  onResetFactors,
  siteEditor,
  onSiteEditor,
}: {
  m: StaffMember;
  isMe: boolean;
  onRoles: () => void;
  onDeactivate: () => void;
  onReactivate: () => void;
  /** Not offered on the Admin's own row: they manage their own factors on /security. */
  onResetFactors: () => void;
  /** Admins edit the site anyway: their switch is on and fixed. */
  siteEditor: boolean;
  onSiteEditor: (editor: boolean) => void;
}) {
  const { t } = useTranslation();
  const active = m.state === 'active';
  const admin = m.roles.includes('Admin');
  return (
    <Paper withBorder p="sm" data-testid="staff-member" data-email={m.email}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <div style={{ minWidth: 0, flex: '1 1 240px' }}>
          <Group gap="xs">
            <Text fw={600}>{m.full_name}</Text>
            <Badge color={active ? 'green' : 'gray'} variant="light" data-testid="staff-state">
              {active ? t('staff.active') : t('staff.deactivated')}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {m.email}
          </Text>
          <Group gap={4} mt={4}>
            {m.roles.map((r) => (
              <Badge key={r} variant="outline" size="sm">
                {t(`roles.${r}`)}
              </Badge>
            ))}
          </Group>
          <Switch
            mt="xs"
            size="sm"
            label={t('staff.siteEditor')}
            description={admin ? t('staff.siteEditorAdmin') : undefined}
            checked={admin || siteEditor}
            disabled={admin}
            onChange={(e) => onSiteEditor(e.currentTarget.checked)}
            data-testid="staff-site-editor"
          />
        </div>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={onRoles}>
            {t('staff.changeRoles')}
          </Button>
          {!isMe && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconShieldOff size={14} aria-hidden />}
              onClick={onResetFactors}
            >
              {t('staff.resetFactors')}
            </Button>
          )}
          {active ? (
            !isMe && (
              <Button size="xs" variant="light" color="red" onClick={onDeactivate}>
                {t('staff.deactivate')}
              </Button>
            )
          ) : (
            <Button size="xs" variant="light" onClick={onReactivate}>
              {t('staff.reactivate')}
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
