import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../../ui/toast.tsx';
import { useRequestPasswordReset } from './auth-api.ts';
import { zodFieldErrors } from './field-errors.ts';
import { preloadSchemas, submitValidated } from './lazy-validation.ts';

/** Asks for a reset link; the server answers the same whether or not the account exists. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const form = useForm<{ email: string }>({
    initialValues: { email: '' },
  });

  const onSubmit = submitValidated(
    form,
    (s, values) => zodFieldErrors(s.passwordResetBodySchema.safeParse(values).error),
    async ({ email }) => {
      try {
        const res = await request.mutateAsync(email.trim().toLowerCase());
        showSuccessToast(res.message);
        onBack();
      } catch {
        // Told by the error toast (the mutation's meta).
      }
    },
  );

  return (
    <form
      onSubmit={onSubmit}
      onFocus={preloadSchemas}
      noValidate
      aria-label={t('auth.forgotTitle')}
      data-testid="forgot-password-form"
    >
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
