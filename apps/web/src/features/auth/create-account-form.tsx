import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { registerBodySchema } from '@taxportal/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../lib/api/index.ts';
import { PasswordField } from '../../ui/password-field.tsx';
import { showErrorToast, showSuccessToast } from '../../ui/toast.tsx';
import { useRegister } from './auth-api.ts';
import { serverFieldErrors, zodFieldErrors } from './field-errors.ts';

const FIELDS = ['full_name', 'email', 'phone', 'password'] as const;
type Values = Record<(typeof FIELDS)[number], string>;

export function CreateAccountForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const register = useRegister();
  const form = useForm<Values>({
    initialValues: { full_name: '', email: '', phone: '', password: '' },
    validate: (values) => zodFieldErrors(registerBodySchema.safeParse(values).error),
  });

  const onSubmit = form.onSubmit(async (values) => {
    try {
      await register.mutateAsync(values);
      showSuccessToast(t('auth.accountCreated'));
      navigate('/dashboard');
    } catch (err) {
      form.setErrors(serverFieldErrors(err, FIELDS));
      showErrorToast(isApiError(err) ? err.detail : t('common.somethingWentWrong'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('auth.createAccountTitle')} data-testid="create-account-form">
      <Stack gap="md">
        <TextInput
          label={t('auth.fullName')}
          placeholder={t('auth.fullNamePlaceholder')}
          autoComplete="name"
          withAsterisk
          {...form.getInputProps('full_name')}
        />
        <TextInput
          label={t('auth.email')}
          placeholder={t('auth.emailPlaceholder')}
          type="email"
          autoComplete="email"
          withAsterisk
          {...form.getInputProps('email')}
        />
        <TextInput
          label={t('auth.phone')}
          placeholder={t('auth.phonePlaceholder')}
          description={t('auth.phoneHint')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          withAsterisk
          {...form.getInputProps('phone')}
        />
        <PasswordField
          label={t('auth.password')}
          description={t('auth.passwordHint')}
          autoComplete="new-password"
          withAsterisk
          {...form.getInputProps('password')}
        />
        <Button type="submit" size="md" fullWidth loading={register.isPending} mt="xs">
          {t('auth.createAccountButton')}
        </Button>
      </Stack>
    </form>
  );
}
