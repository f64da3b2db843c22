import { Anchor, Button, Checkbox, Divider, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Session } from '@taxportal/contract';
import { errorMessage, isApiError } from '../../lib/api/index.ts';
import { useReturnPath } from '../../lib/session/index.ts';
import { PasswordField } from '../../ui/password-field.tsx';
import { showErrorToast } from '../../ui/toast.tsx';
import { serverFieldErrors, zodFieldErrors } from './field-errors.ts';
import { preloadSchemas, submitValidated } from './lazy-validation.ts';
import { usePasskeySignIn, useSignIn } from './mfa-api.ts';

const FIELDS = ['email', 'password', 'otp'] as const;
type Values = {
  email: string;
  password: string;
  otp: string;
  trust_device: boolean;
};

/**
 * Staff without a second factor go to set one up first; everyone else to the page they came for (`next`, already
 * checked by useReturnPath) or the dashboard.
 */
export const afterSignIn = (session: Session | null, next: string | null = null) =>
  session?.factor_setup_required ? '/security' : (next ?? '/dashboard');

/**
 * E-mail and password; when the account has a second factor the server answers 401 with an `otp` field error,
 * and the form asks for the code (authenticator app or a recovery code), or a passkey, in the same sign-in.
 */
export function SignInForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const next = useReturnPath();
  const login = useSignIn();
  const passkey = usePasskeySignIn();
  // The second step asks for what the account has: a code, or (an account whose only factor is a passkey) a passkey.
  const [step, setStep] = useState<'password' | 'code' | 'passkey'>('password');
  const [recovery, setRecovery] = useState(false);
  const form = useForm<Values>({ initialValues: { email: '', password: '', otp: '', trust_device: false } });

  const onSubmit = submitValidated(
    form,
    (s, values) => zodFieldErrors(s.loginBodySchema.safeParse(values).error),
    async (values) => {
      const otp = values.otp.replace(/\s/g, '');
      try {
        const session = await login.mutateAsync({
          email: values.email,
          password: values.password,
          ...(step === 'code' ? { otp, trust_device: values.trust_device } : {}),
        });
        navigate(afterSignIn(session, next));
      } catch (err) {
        const needsCode = isApiError(err) && err.fieldMessage('otp') !== undefined;
        if (needsCode && step === 'password') {
          setStep('code');
          return;
        }
        if (isApiError(err) && err.fieldMessage('passkey') !== undefined) {
          setStep('passkey');
          return;
        }
        form.setErrors(serverFieldErrors(err, FIELDS));
        if (!needsCode) showErrorToast(errorMessage(err));
      }
    },
  );

  const signInWithPasskey = async () => {
    try {
      navigate(afterSignIn(await passkey.mutateAsync(form.values.trust_device), next));
    } catch {
      // The toast comes from the mutation's meta; a cancelled browser prompt says nothing more.
    }
  };

  const passkeyButton = (
    <Button
      variant="default"
      fullWidth
      leftSection={<IconKey size={18} aria-hidden />}
      loading={passkey.isPending}
      onClick={() => void signInWithPasskey()}
    >
      {t('auth.mfa.usePasskey')}
    </Button>
  );

  return (
    <form
      onSubmit={onSubmit}
      onFocus={preloadSchemas}
      noValidate
      aria-label={t('auth.signInTitle')}
      data-testid="sign-in-form"
    >
      {step === 'password' ? (
        <Stack gap="md">
          <TextInput
            label={t('auth.email')}
            placeholder={t('auth.emailPlaceholder')}
            type="email"
            autoComplete="username webauthn"
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
          <Divider label={t('auth.mfa.or')} labelPosition="center" />
          {passkeyButton}
        </Stack>
      ) : step === 'passkey' ? (
        <Stack gap="md" data-testid="sign-in-passkey-step">
          <Text size="sm">{t('auth.mfa.passkeyPrompt')}</Text>
          {passkeyButton}
          <Checkbox label={t('auth.mfa.trustDevice')} {...form.getInputProps('trust_device', { type: 'checkbox' })} />
          <Anchor component="button" type="button" size="sm" onClick={() => setStep('password')}>
            {t('auth.backToSignIn')}
          </Anchor>
        </Stack>
      ) : (
        <Stack gap="md" data-testid="sign-in-code-step">
          <Text size="sm">{recovery ? t('auth.mfa.recoveryPrompt') : t('auth.mfa.codePrompt')}</Text>
          <TextInput
            label={recovery ? t('auth.mfa.recoveryCode') : t('auth.mfa.code')}
            autoComplete="one-time-code"
            inputMode={recovery ? 'text' : 'numeric'}
            maxLength={16}
            autoFocus
            withAsterisk
            {...form.getInputProps('otp')}
          />
          <Checkbox label={t('auth.mfa.trustDevice')} {...form.getInputProps('trust_device', { type: 'checkbox' })} />
          <Button type="submit" size="md" fullWidth loading={login.isPending}>
            {t('auth.mfa.verify')}
          </Button>
          <Group justify="space-between">
            <Anchor component="button" type="button" size="sm" onClick={() => setRecovery((r) => !r)}>
              {recovery ? t('auth.mfa.useApp') : t('auth.mfa.useRecovery')}
            </Anchor>
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => {
                setStep('password');
                form.setFieldValue('otp', '');
              }}
            >
              {t('auth.backToSignIn')}
            </Anchor>
          </Group>
          {passkeyButton}
        </Stack>
      )}
    </form>
  );
}
