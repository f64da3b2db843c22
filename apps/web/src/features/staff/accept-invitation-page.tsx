import { Alert, Box, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { errorMessage } from '../../lib/api/index.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { PASSWORD_MIN } from '@taxportal/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PasswordField } from '../../ui/password-field.tsx';
import { useAcceptInvitation, useInvitationCheck } from './staff-api.ts';

/**
 * '/accept-invitation?token=…' from the invitation mail: the link is checked on arrival (a withdrawn, used, expired
 * or replaced one says so at once), then the person sees the firm, roles and address they are invited with, chooses
 * their name and password and is signed in. What follows (the second factor's set-up for staff) is the session
 * guard's to ask.
 */
export function AcceptInvitationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const accept = useAcceptInvitation();
  const check = useInvitationCheck(token);
  const invited = check.data;
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (password.length < PASSWORD_MIN) return setError(t('staff.passwordShort'));
    if (password !== again) return setError(t('staff.passwordsDiffer'));
    setError(null);
    accept.mutate({ token, full_name: name, password }, { onSuccess: () => navigate('/dashboard', { replace: true }) });
  };
  return (
    <Box py="xl" px="md" style={{ display: 'flex', justifyContent: 'center' }}>
      <Paper shadow="md" withBorder p="xl" w="100%" maw={440}>
        <Title order={1} size="h3" mb="xs">
          {invited ? t('staff.acceptTitle', { firm: invited.firm_name }) : t('staff.acceptTitlePlain')}
        </Title>
        {invited && (
          <Text size="sm" mb="xs" data-testid="invitation-for">
            {t('staff.acceptFor', {
              roles: invited.roles.map((r) => t(`roles.${r}`)).join(', '),
              email: invited.email,
            })}
          </Text>
        )}
        {token.length < 10 ? (
          <Alert color="red" variant="light" role="alert">
            {t('staff.missingToken')}
          </Alert>
        ) : check.isError ? (
          <Alert color="red" variant="light" role="alert" data-testid="invitation-refused">
            {errorMessage(check.error)}
          </Alert>
        ) : !invited ? (
          <PageLoader />
        ) : (
          <>
            <Text size="sm" c="dimmed" mb="lg">
              {t('staff.acceptHint')}
            </Text>
            <form onSubmit={onSubmit} noValidate data-testid="accept-invitation-form">
              <Stack gap="md">
                <TextInput
                  label={t('staff.fullName')}
                  value={name}
                  onChange={(e) => setName(e.currentTarget.value)}
                  required
                  autoComplete="name"
                  maxLength={140}
                />
                <PasswordField
                  label={t('staff.password')}
                  description={t('staff.passwordHint')}
                  value={password}
                  onChange={(e) => setPassword(e.currentTarget.value)}
                  required
                  autoComplete="new-password"
                />
                <PasswordField
                  label={t('staff.confirmPassword')}
                  value={again}
                  onChange={(e) => setAgain(e.currentTarget.value)}
                  required
                  autoComplete="new-password"
                  error={error}
                />
                <Button type="submit" loading={accept.isPending} disabled={!name.trim() || !password}>
                  {t('staff.acceptButton')}
                </Button>
              </Stack>
            </form>
          </>
        )}
      </Paper>
    </Box>
  );
}
