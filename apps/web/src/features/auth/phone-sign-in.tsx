import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useReturnPath } from '../../lib/session/index.ts';
import { PhoneCodeFlow } from './phone-code-flow.tsx';
import { usePhoneSignInStart, usePhoneSignInVerify } from './sign-in-methods-api.ts';

/** "Sign in with phone": the number, then the texted code (docs/decisions/0019-b). */
export function PhoneSignIn({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const next = useReturnPath();
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('signInMethods.phoneText')}
      </Text>
      <PhoneCodeFlow
        kind="sign-in"
        start={usePhoneSignInStart()}
        verify={usePhoneSignInVerify()}
        onVerified={() => navigate(next ?? '/dashboard')}
        formLabel={t('signInMethods.phoneTitle')}
        testId="phone-sign-in-form"
        footer={
          <Anchor component="button" type="button" size="sm" onClick={onBack} ta="center">
            {t('signInMethods.useEmail')}
          </Anchor>
        }
      />
    </Stack>
  );
}
