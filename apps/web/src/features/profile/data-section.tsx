import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconUserOff } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PasswordField } from '../../ui/password-field.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { showSuccessToast } from '../../ui/toast.tsx';
import { exportUrl, useCloseAccount } from './profile-api.ts';

function CloseAccount() {
  const { t } = useTranslation();
  const close = useCloseAccount();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    close.mutate(password, {
      onSuccess: (res) => {
        showSuccessToast(res.message);
        navigate('/register', { replace: true });
      },
    });
  };
  return (
    <SectionCard title={t('profile.closeTitle')} icon={IconUserOff} description={t('profile.closeHint')}>
      {open ? (
        <form onSubmit={onSubmit} data-testid="close-account-form">
          <Stack gap="sm">
            <Alert color="red" variant="light">
              {t('profile.closeWarning')}
            </Alert>
            <PasswordField
              label={t('profile.currentPassword')}
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              required
              autoComplete="current-password"
            />
            <Group gap="sm">
              <Button type="submit" color="red" loading={close.isPending} disabled={!password}>
                {t('profile.closeConfirm')}
              </Button>
              <Button variant="default" onClick={() => setOpen(false)}>
                {t('common.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Group>
          <Button color="red" variant="light" onClick={() => setOpen(true)}>
            {t('profile.closeStart')}
          </Button>
        </Group>
      )}
    </SectionCard>
  );
}

export function DataSection({ isCustomer }: { isCustomer: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <SectionCard title={t('profile.exportTitle')} icon={IconDownload}>
        <Stack gap="sm">
          <Text size="sm">{t('profile.exportHint')}</Text>
          <Group>
            {/* A plain link: the browser streams the zip to disk (the session cookie authenticates the GET). */}
            <Button
              component="a"
              href={exportUrl()}
              download
              leftSection={<IconDownload size={16} />}
              data-testid="export-data"
            >
              {t('profile.exportButton')}
            </Button>
          </Group>
        </Stack>
      </SectionCard>
      {isCustomer && <CloseAccount />}
    </Stack>
  );
}
