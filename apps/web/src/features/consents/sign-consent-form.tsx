import { Alert, Button, Checkbox, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { PasswordField } from '../../ui/password-field.tsx';
import type { ConsentDetail, ConsentFactor } from '@taxportal/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isApiError } from '../../lib/api/index.ts';
import { showErrorToast, showSuccessToast } from '../../ui/toast.tsx';
import { isPasskeyDismissed } from '../signing/index.ts';
import { useSendConsentCode, useSignConsent } from './consents-api.ts';

type Field = 'typed_name' | 'code' | 'password' | 'factor' | 'agree';

/**
 * The client's signature (Rev. Proc. 2013-14 section 6; docs/decisions/0034): their full name typed, a factor that
 * proves it is them (Form 8879's rules), and their assent ticked. Never pre-filled.
 */
export function SignConsentForm({ consent }: { consent: ConsentDetail }) {
  const { t } = useTranslation();
  const factors = consent.sign_with ?? [];
  const [factor, setFactor] = useState<ConsentFactor | undefined>(factors[0]);
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [agree, setAgree] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const sign = useSignConsent(consent.id);
  const sendCode = useSendConsentCode(consent.id);
  if (!factors.length)
    return (
      <Alert color="yellow" data-testid="consent-no-factor">
        {t('consents.sign.noFactor')}
      </Alert>
    );
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    if (!factor) return;
    sign.mutate(
      {
        typed_name: name,
        factor,
        agree: agree as true,
        ...(factor === 'password' ? { password } : factor === 'passkey' ? {} : { code }),
      },
      {
        onSuccess: () => showSuccessToast(t('consents.sign.done')),
        onError: (err) => {
          // Closing the browser's passkey prompt is no error: they may try again or pick another way.
          if (isPasskeyDismissed(err)) return;
          const named = isApiError(err) ? err.errors : [];
          setErrors(Object.fromEntries(named.map((f) => [f.field, f.message])));
          if (!named.length) showErrorToast(errorMessage(err));
        },
      },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate data-testid="consent-sign-form">
      <Stack gap="sm">
        <Text fw={600}>{t('consents.sign.title')}</Text>
        <TextInput
          label={t('consents.sign.typedName')}
          description={t('consents.sign.typedNameHint', { name: consent.customer.full_name })}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.typed_name}
          autoComplete="off"
          maxLength={140}
          withAsterisk
          data-testid="consent-typed-name"
        />
        <Radio.Group
          label={t('consents.sign.factor')}
          value={factor ?? null}
          onChange={(v) => setFactor(v as ConsentFactor)}
          error={errors.factor}
        >
          <Stack gap={6} mt={4}>
            {factors.map((f) => (
              <Radio
                key={f}
                value={f}
                label={t(`consents.sign.factors.${f}`, { phone: consent.phone ?? '' })}
                data-testid={`consent-factor-${f}`}
              />
            ))}
          </Stack>
        </Radio.Group>
        {factor === 'passkey' ? (
          <Text size="sm" c="dimmed" data-testid="consent-passkey-hint">
            {t('consents.sign.passkeyHint')}
          </Text>
        ) : factor === 'password' ? (
          <PasswordField
            label={t('consents.sign.password')}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.password}
            autoComplete="current-password"
            data-testid="consent-password"
          />
        ) : (
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label={t('consents.sign.code')}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              error={errors.code}
              autoComplete="one-time-code"
              inputMode={factor === 'recovery_code' ? 'text' : 'numeric'}
              maxLength={24}
              data-testid="consent-code"
            />
            {factor === 'sms_code' && (
              <Button
                variant="default"
                loading={sendCode.isPending}
                onClick={() =>
                  sendCode.mutate(undefined, { onSuccess: () => showSuccessToast(t('consents.sign.codeSent')) })
                }
              >
                {t('consents.sign.sendCode')}
              </Button>
            )}
          </Group>
        )}
        <Checkbox
          label={t('consents.sign.agree')}
          checked={agree}
          onChange={(e) => setAgree(e.currentTarget.checked)}
          error={errors.agree}
          data-testid="consent-agree"
        />
        <Group>
          <Button type="submit" loading={sign.isPending} disabled={!agree} data-testid="consent-sign">
            {t('consents.sign.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
