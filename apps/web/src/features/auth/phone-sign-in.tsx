import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PhoneCodeStep, problemText } from './phone-code-step.tsx';
import { usePhoneSignInStart, usePhoneSignInVerify } from './sign-in-methods-api.ts';

/** "Sign in with phone": the number, then the texted code (docs/decisions/0019-b). */
export function PhoneSignIn({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const start = usePhoneSignInStart();
  const verify = usePhoneSignInVerify();
  const [phone, setPhone] = useState('');
  const [sent, setSent] = useState<{ phone: string; resendAt: number } | null>(null);

  const send = async (number: string) => {
    try {
      const res = await start.mutateAsync(number);
      setSent({ phone: number, resendAt: Date.now() + res.resend_after_s * 1000 });
      verify.reset();
    } catch {
      // shown below from start.error
    }
  };

  if (sent) {
    return (
      <PhoneCodeStep
        phone={sent.phone}
        resendAt={sent.resendAt}
        submitLabel={t('auth.signInButton')}
        pending={verify.isPending}
        error={problemText(verify.error) ?? problemText(start.error)}
        onSubmit={(code) => {
          if (verify.isPending) return;
          verify.mutate({ phone: sent.phone, code }, { onSuccess: () => navigate('/dashboard') });
        }}
        onResend={() => void send(sent.phone)}
        resendPending={start.isPending}
        onBack={() => {
          setSent(null);
          start.reset();
        }}
      />
    );
  }

  return (
    <form
      noValidate
      aria-label={t('signInMethods.phoneTitle')}
      data-testid="phone-sign-in-form"
      onSubmit={(e) => {
        e.preventDefault();
        void send(phone.trim());
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('signInMethods.phoneText')}
        </Text>
        <TextInput
          label={t('auth.phone')}
          placeholder={t('auth.phonePlaceholder')}
          description={t('auth.phoneHint')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          withAsterisk
          value={phone}
          onChange={(e) => setPhone(e.currentTarget.value)}
          error={problemText(start.error)}
        />
        <Button type="submit" size="md" fullWidth loading={start.isPending}>
          {t('signInMethods.sendCode')}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onBack} ta="center">
          {t('signInMethods.useEmail')}
        </Anchor>
      </Stack>
    </form>
  );
}
