import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../ui/page-loader.tsx';
import { PhoneVerification } from './phone-verification.tsx';
import { useSignInMethods } from './sign-in-methods-api.ts';

/**
 * Proving the phone of the signed-in account by a texted code: after registration (`/register?step=verify-phone`).
 * A verified phone can then be used to sign in.
 */
export function VerifyPhonePanel({ phone, onDone }: { phone: string; onDone: () => void }) {
  const { t } = useTranslation();
  // Where the server cannot text (production without a provider), there is nothing to verify.
  const methods = useSignInMethods();
  const phoneOff = methods.isError || methods.data?.phone === false;
  useEffect(() => {
    if (phoneOff) onDone();
  }, [phoneOff, onDone]);

  if (!methods.data?.phone) return <PageLoader />;
  return (
    <Stack gap="md" data-testid="verify-phone-panel">
      <Title order={2} size="h3">
        {t('signInMethods.verifyTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('signInMethods.verifyText')}
      </Text>
      <PhoneVerification initialPhone={phone} onVerified={onDone} />
      <Anchor component="button" type="button" size="sm" onClick={onDone} ta="center">
        {t('signInMethods.verifyLater')}
      </Anchor>
    </Stack>
  );
}
