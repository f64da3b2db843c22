import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useReturnPath } from '../../lib/session/index.ts';
import { PasswordField } from '../../ui/password-field.tsx';
import { showSuccessToast } from '../../ui/toast.tsx';
import { useRegister } from './auth-api.ts';
import { serverFieldErrors, zodFieldErrors } from './field-errors.ts';
import { preloadSchemas, submitValidated } from './lazy-validation.ts';
import { PhoneField } from './phone-field.tsx';

const FIELDS = ['full_name', 'email', 'phone', 'password'] as const;
type Values = Record<(typeof FIELDS)[number], string>;

/** `onRegistering`: called as the account is asked for; the caller then takes over where to go next. */
/**
 * Create an account. `taxpayer` presets it for SPEC's register-form/{type}: a business registers under its business
 * name (its EIN and details are asked in the ticket's questionnaire, not with the account).
 */
export function CreateAccountForm({
  onRegistering,
  taxpayer = 'individual',
}: { onRegistering?: () => void; taxpayer?: 'individual' | 'business' } = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const next = useReturnPath();
  const register = useRegister();
  // A referral link is /register?ref=CODE: the code rides along, read-only; the server ignores one it does not know.
  const [params] = useSearchParams();
  const referralCode = params.get('ref')?.trim().slice(0, 64) || undefined;
  const form = useForm<Values>({
    initialValues: { full_name: '', email: '', phone: '', password: '' },
  });

  const onSubmit = submitValidated(
    form,
    (s, values) => zodFieldErrors(s.registerBodySchema.safeParse(values).error),
    async (values) => {
      // The page shows the phone step once the session arrives (register-page.tsx).
      onRegistering?.();
      try {
        await register.mutateAsync(referralCode ? { ...values, referral_code: referralCode } : values);
        showSuccessToast(t('auth.accountCreated'));
        if (!onRegistering) navigate(next ?? '/dashboard');
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
      aria-label={t('auth.createAccountTitle')}
      data-testid="create-account-form"
    >
      <Stack gap="md">
        <TextInput
          label={taxpayer === 'business' ? t('auth.businessName') : t('auth.fullName')}
          placeholder={taxpayer === 'business' ? t('auth.businessNamePlaceholder') : t('auth.fullNamePlaceholder')}
          autoComplete={taxpayer === 'business' ? 'organization' : 'name'}
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
        <PhoneField withAsterisk {...form.getInputProps('phone')} />
        <PasswordField
          label={t('auth.password')}
          description={t('auth.passwordHint')}
          autoComplete="new-password"
          withAsterisk
          {...form.getInputProps('password')}
        />
        {referralCode && (
          <TextInput label={t('auth.referralCode')} value={referralCode} readOnly data-testid="referral-code" />
        )}
        <Button type="submit" size="md" fullWidth loading={register.isPending} mt="xs">
          {t('auth.createAccountButton')}
        </Button>
      </Stack>
    </form>
  );
}
