import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PasswordField } from '../../ui/password-field.tsx';
import { useLogin } from './auth-api.ts';
import { serverFieldErrors, zodFieldErrors } from './field-errors.ts';
import { preloadSchemas, submitValidated } from './lazy-validation.ts';

const FIELDS = ['email', 'password'] as const;

export function SignInForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useLogin();
  const form = useForm<{ email: string; password: string }>({
    initialValues: { email: '', password: '' },
  });

  const onSubmit = submitValidated(
    form,
    (s, values) => zodFieldErrors(s.loginBodySchema.safeParse(values).error),
    async (values) => {
      try {
        await login.mutateAsync(values);
        navigate('/dashboard');
      } catch (err) {
        form.setErrors(serverFieldErrors(err, FIELDS)); // the toast comes from the mutation's meta
      }
    },
  );

  return (
    <form
      onSubmit={onSubmit}
      onFocus={preloadSchemas}
      noValidate
      aria-label={t('auth.signInTitle')}
      data-testid="sign-in-form"
    >
      <Stack gap="md">
        <TextInput
          label={t('auth.email')}
          placeholder={t('auth.emailPlaceholder')}
          type="email"
          autoComplete="username"
          withAsterisk
          {...form.getInputProps('email')}
        />
        <PasswordField
          label={t('auth.password')}
          autoComplete="current-password"
          withAsterisk
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor component="button" type="button" size="sm" onClick={onForgotPassword}>
            {t('auth.forgotPassword')}
          </Anchor>
        </Group>
        <Button type="submit" size="md" fullWidth loading={login.isPending}>
          {t('auth.signInButton')}
        </Button>
      </Stack>
    </form>
  );
}
