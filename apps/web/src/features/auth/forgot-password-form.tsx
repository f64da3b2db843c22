import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { passwordResetBodySchema } from '@taxportal/contract';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/index.ts';
import { showErrorToast, showSuccessToast } from '../../ui/toast.tsx';
import { useRequestPasswordReset } from './auth-api.ts';
import { zodFieldErrors } from './field-errors.ts';

/** Asks for a reset link; the server answers the same whether or not the account exists. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const form = useForm<{ email: string }>({
    initialValues: { email: '' },
    validate: (values) => zodFieldErrors(passwordResetBodySchema.safeParse(values).error),
  });

  const onSubmit = form.onSubmit(async ({ email }) => {
    try {
      const res = await request.mutateAsync(email.trim().toLowerCase());
      showSuccessToast(res.message);
      onBack();
    } catch (err) {
      showErrorToast(isApiError(err) ? err.detail : t('common.somethingWentWrong'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('auth.forgotTitle')} data-testid="forgot-password-form">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('auth.forgotText')}
        </Text>
        <TextInput
          label={t('auth.email')}
          placeholder={t('auth.emailPlaceholder')}
          type="email"
          autoComplete="email"
          withAsterisk
          data-autofocus
          {...form.getInputProps('email')}
        />
        <Button type="submit" size="md" fullWidth loading={request.isPending}>
          {t('auth.sendResetLink')}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onBack} ta="center">
          {t('auth.backToSignIn')}
        </Anchor>
      </Stack>
    </form>
  );
}
