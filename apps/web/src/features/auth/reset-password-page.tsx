import { Alert, Anchor, Box, Button, Paper, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { endpoints } from '@taxportal/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PasswordField } from '../../ui/password-field.tsx';
import { showSuccessToast } from '../../ui/toast.tsx';
import { useConfirmPasswordReset } from './auth-api.ts';
import { preloadSchemas, submitValidated } from './lazy-validation.ts';
import classes from './register-page.module.css';
import { contractText } from '../../lib/language.ts';
import { call } from '../../lib/api/index.ts';

const contractTextOrNone = (m: string | undefined) => (m === undefined ? m : contractText(m));

/** '/reset-password?token=…' from the e-mailed link: set a new password, then sign in on /register. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // A client import's invitation (issue 32): opening the link tells the firm it was opened.
  const invited = params.get('invite') === '1';
  useEffect(() => {
    if (invited && token.length >= 10) call(endpoints.openClientInvitation, { body: { token } }).catch(() => {});
  }, [invited, token]);
  const confirm = useConfirmPasswordReset();
  const form = useForm({
    initialValues: { password: '', confirm: '' },
  });

  const onSubmit = submitValidated(
    form,
    (s, { password, confirm: again }) => ({
      password: contractTextOrNone(s.newPasswordSchema.safeParse(password).error?.issues[0]?.message),
      confirm: !again ? t('auth.confirmRequired') : again !== password ? t('auth.passwordsDoNotMatch') : null,
    }),
    async ({ password }) => {
      try {
        const res = await confirm.mutateAsync({ token, password });
        showSuccessToast(res.message);
        navigate('/register', { replace: true });
      } catch {
        // Told by the error toast (the mutation's meta).
      }
    },
  );

  return (
    <Box className={classes.wrap}>
      <Paper shadow="md" withBorder p="xl" w="100%" maw={440}>
        <Title order={1} size="h3" mb="lg">
          {invited ? t('auth.inviteTitle') : t('auth.resetTitle')}
        </Title>
        {token.length < 10 ? (
          <Stack>
            <Alert color="red" variant="light" role="alert">
              {t('auth.missingToken')}
            </Alert>
            <Anchor component={Link} to="/register">
              {t('auth.backToSignIn')}
            </Anchor>
          </Stack>
        ) : (
          <form onSubmit={onSubmit} onFocus={preloadSchemas} noValidate data-testid="reset-password-form">
            <Stack gap="md">
              <PasswordField
                label={t('auth.newPassword')}
                description={t('auth.passwordHint')}
                autoComplete="new-password"
                withAsterisk
                data-autofocus
                {...form.getInputProps('password')}
              />
              <PasswordField
                label={t('auth.confirmNewPassword')}
                autoComplete="new-password"
                withAsterisk
                {...form.getInputProps('confirm')}
              />
              <Button type="submit" size="md" fullWidth loading={confirm.isPending}>
                {t('auth.setPassword')}
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
    </Box>
  );
}
