import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PasswordField } from '../../ui/password-field.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { useConfirmLink, usePendingLink } from './sign-in-methods-api.ts';

/**
 * `/register?social=link`: the provider vouched for an e-mail that already has an account; linking takes that
 * account's password (docs/decisions/0019-b).
 */
export function LinkAccountPanel({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pending = usePendingLink(true);
  const confirm = useConfirmLink();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (pending.isPending) return <PageLoader />;
  if (!pending.data) {
    return (
      <Stack gap="md">
        <Alert color="red" variant="light" role="alert">
          {t('signInMethods.linkExpired')}
        </Alert>
        <Anchor component="button" type="button" onClick={onCancel}>
          {t('auth.backToSignIn')}
        </Anchor>
      </Stack>
    );
  }
  const provider = t(`signInMethods.name.${pending.data.provider}`);
  return (
    <form
      noValidate
      aria-label={t('signInMethods.linkTitle', { provider })}
      data-testid="link-account-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!password) return setError(t('signInMethods.passwordRequired'));
        setError(null);
        confirm.mutate(password, { onSuccess: () => navigate('/dashboard') });
      }}
    >
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('signInMethods.linkTitle', { provider })}
        </Title>
        <Text size="sm">{t('signInMethods.linkText', { provider, email: pending.data.email })}</Text>
        <PasswordField
          label={t('auth.password')}
          autoComplete="current-password"
          withAsterisk
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={error}
        />
        <Button type="submit" size="md" fullWidth loading={confirm.isPending}>
          {t('signInMethods.linkButton')}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onCancel} ta="center">
          {t('signInMethods.linkCancel')}
        </Anchor>
      </Stack>
    </form>
  );
}
