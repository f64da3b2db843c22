import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ChangePasswordBody } from '@taxportal/contract';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/index.ts';
import { PasswordField } from '../../ui/password-field.tsx';
import { showErrorToast, showSuccessToast } from '../../ui/toast.tsx';
import { useChangePassword } from './auth-api.ts';

const EMPTY: ChangePasswordBody = { old_password: '', new_password: '', confirm_password: '' };

export interface ChangePasswordFormProps {
  /** Called after the server answered Success (the modal closes). */
  onSuccess: () => void;
}

/**
 * SPEC §2/§4/§5. Required texts appear only once 'update' was pressed; the three
 * checks (old password, confirmation, new ≠ old) run on the server, in that order.
 */
export function ChangePasswordForm({ onSuccess }: ChangePasswordFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<ChangePasswordBody>(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<{ message: string; field?: string } | null>(null);
  const mutation = useChangePassword();

  const set = (field: keyof ChangePasswordBody) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
  };
  const required = (field: keyof ChangePasswordBody, text: string): string | boolean | undefined => {
    if (submitted && !values[field]) return text;
    return serverError?.field === field ? true : undefined;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServerError(null);
    if (!values.old_password || !values.new_password || !values.confirm_password) return;
    try {
      const res = await mutation.mutateAsync(values);
      if (res.status !== 'Success') throw new Error(res.message);
      showSuccessToast(res.message);
      setValues(EMPTY);
      setSubmitted(false);
      onSuccess();
    } catch (err) {
      const message = isApiError(err)
        ? err.detail
        : err instanceof Error && err.message
          ? err.message
          : t('common.somethingWentWrong');
      const field = isApiError(err) ? err.errors[0]?.field : undefined;
      setServerError({ message, ...(field ? { field } : {}) });
      showErrorToast(message);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="change-password-form">
      <Stack gap="md">
        {serverError && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            role="alert"
            data-testid="change-password-error"
          >
            {serverError.message}
          </Alert>
        )}
        <PasswordField
          label={t('changePassword.oldPassword')}
          name="old_password"
          autoComplete="current-password"
          value={values.old_password}
          onChange={set('old_password')}
          error={required('old_password', t('changePassword.oldRequired'))}
          data-autofocus
        />
        <PasswordField
          label={t('changePassword.newPassword')}
          name="new_password"
          autoComplete="new-password"
          value={values.new_password}
          onChange={set('new_password')}
          error={required('new_password', t('changePassword.newRequired'))}
        />
        <PasswordField
          label={t('changePassword.confirmPassword')}
          name="confirm_password"
          autoComplete="new-password"
          value={values.confirm_password}
          onChange={set('confirm_password')}
          error={required('confirm_password', t('changePassword.confirmRequired'))}
        />
        <Button type="submit" loading={mutation.isPending} fullWidth size="md" mt="xs">
          {t('changePassword.submit')}
        </Button>
      </Stack>
    </form>
  );
}
