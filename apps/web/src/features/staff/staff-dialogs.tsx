import { Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { STAFF_ROLES, type Role, type StaffMember } from '@taxportal/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../../ui/toast.tsx';
import { useInviteStaff, useUpdateStaff } from './staff-api.ts';

export type StaffRole = Exclude<Role, 'Customer'>;

function RolePicker({ value, onChange }: { value: StaffRole[]; onChange: (r: StaffRole[]) => void }) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group label={t('staff.roles')} value={value} onChange={(v) => onChange(v as StaffRole[])} withAsterisk>
      <Stack gap="xs" mt="xs">
        {STAFF_ROLES.map((r) => (
          <Checkbox key={r} value={r} label={t(`roles.${r}`)} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

export function InviteModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const invite = useInviteStaff();
  const [email, setEmail] = useState('');
  const [roles, setRoles] = useState<StaffRole[]>(['Tax Preparer']);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    invite.mutate(
      { email, roles },
      {
        onSuccess: () => {
          showSuccessToast(t('staff.invited', { email }));
          setEmail('');
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('staff.inviteTitle')} centered>
      <form onSubmit={onSubmit} data-testid="invite-form">
        <Stack gap="md">
          <TextInput
            type="email"
            label={t('staff.email')}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            required
            data-autofocus
          />
          <RolePicker value={roles} onChange={setRoles} />
          <Text size="xs" c="dimmed">
            {t('staff.inviteHint')}
          </Text>
          <Group justify="flex-end">
            <Button type="submit" loading={invite.isPending} disabled={!email || roles.length === 0}>
              {t('staff.sendInvitation')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function RolesModal({ member, onClose }: { member: StaffMember | null; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateStaff();
  const [roles, setRoles] = useState<StaffRole[]>([]);
  const [shown, setShown] = useState<string | null>(null);
  if (member && shown !== member.id) {
    setShown(member.id);
    setRoles(member.roles.filter((r): r is StaffRole => r !== 'Customer'));
  }
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!member) return;
    update.mutate(
      { id: member.id, body: { roles } },
      {
        onSuccess: () => {
          showSuccessToast(t('staff.rolesSaved'));
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      opened={!!member}
      onClose={onClose}
      title={t('staff.rolesTitle', { name: member?.full_name ?? '' })}
      centered
    >
      <form onSubmit={onSubmit} data-testid="roles-form">
        <Stack gap="md">
          <RolePicker value={roles} onChange={setRoles} />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} disabled={roles.length === 0}>
              {t('staff.saveRoles')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
