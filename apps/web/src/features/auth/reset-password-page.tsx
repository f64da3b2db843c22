import { Alert, Anchor, Box, Button, Paper, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { newPasswordSchema } from '@taxportal/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../lib/api/index.ts';
import { PasswordField } from '../../ui/password-field.tsx';
import { showErrorToast, showSuccessToast } from '../../ui/toast.tsx';
import { useConfirmPasswordReset } from './auth-api.ts';
import classes from './register-page.module.css';

/** '/reset-password?token=…' from the e-mailed link: set a new password, then sign in on /register. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmPasswordReset();
  const form = useForm({
    initialValues: { password: '', confirm: '' },
    validate: {
      password: (v) => newPasswordSchema.safeParse(v).error?.issues[0]?.message ?? null,
      confirm: (v, values) =>
        !v ? t('auth.confirmRequired') : v !== values.password ? t('auth.passwordsDoNotMatch') : null,
    },
  });

  const onSubmit = form.onSubmit(async ({ password }) => {
    try {
      const res = await confirm.mutateAsync({ token, password });
      showSuccessToast(res.message);
      navigate('/register', { replace: true });
    } catch (err) {
      showErrorToast(isApiError(err) ? err.detail : t('common.somethingWentWrong'));
    }
  });

  return (
    <Box className={classes.wrap}>
      <Paper shadow="md" withBorder p="xl" w="100%" maw={440}>
        <Title order={1} size="h3" mb="lg">
          {t('auth.resetTitle')}
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
          <form onSubmit={onSubmit} noValidate data-testid="reset-password-form">
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
