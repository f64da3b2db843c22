import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../../ui/toast.tsx';
import { PhoneCodeStep, problemText } from './phone-code-step.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { usePhoneVerificationStart, usePhoneVerificationVerify, useSignInMethods } from './sign-in-methods-api.ts';

/**
 * Proving the phone of the signed-in account by a texted code: after registration (`/register?step=verify-phone`).
 * A verified phone can then be used to sign in.
 */
export function VerifyPhonePanel({ phone: initial, onDone }: { phone: string; onDone: () => void }) {
  const { t } = useTranslation();
  const start = usePhoneVerificationStart();
  const verify = usePhoneVerificationVerify();
  const [phone, setPhone] = useState(initial);
  const [sent, setSent] = useState<{ phone: string; resendAt: number } | null>(null);
  // Where the server cannot text (production without a provider), there is nothing to verify.
  const methods = useSignInMethods();
  const phoneOff = methods.isError || methods.data?.phone === false;
  useEffect(() => {
    if (phoneOff) onDone();
  }, [phoneOff, onDone]);

  const send = async (number: string) => {
    try {
      const res = await start.mutateAsync(number);
      setSent({ phone: number, resendAt: Date.now() + res.resend_after_s * 1000 });
      verify.reset();
    } catch {
      // shown from start.error
    }
  };

  if (!methods.data?.phone) return <PageLoader />;
  return (
    <Stack gap="md" data-testid="verify-phone-panel">
      <Title order={2} size="h3">
        {t('signInMethods.verifyTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('signInMethods.verifyText')}
      </Text>
      {sent ? (
        <PhoneCodeStep
          phone={sent.phone}
          resendAt={sent.resendAt}
          submitLabel={t('signInMethods.verifyButton')}
          pending={verify.isPending}
          error={problemText(verify.error) ?? problemText(start.error)}
          onSubmit={(code) => {
            if (verify.isPending) return;
            verify.mutate(
              { phone: sent.phone, code },
              {
                onSuccess: (res) => {
                  showSuccessToast(res.message);
                  onDone();
                },
              },
            );
          }}
          onResend={() => void send(sent.phone)}
          resendPending={start.isPending}
          onBack={() => {
            setSent(null);
            start.reset();
          }}
        />
      ) : (
        <form
          noValidate
          aria-label={t('signInMethods.verifyTitle')}
          onSubmit={(e) => {
            e.preventDefault();
            void send(phone.trim());
          }}
        >
          <Stack gap="md">
            <TextInput
              label={t('auth.phone')}
              description={t('auth.phoneHint')}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              value={phone}
              onChange={(e) => setPhone(e.currentTarget.value)}
              error={problemText(start.error)}
            />
            <Button type="submit" size="md" fullWidth loading={start.isPending}>
              {t('signInMethods.sendCode')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component="button" type="button" size="sm" onClick={onDone} ta="center">
        {t('signInMethods.verifyLater')}
      </Anchor>
    </Stack>
  );
}
