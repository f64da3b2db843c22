import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { showSuccessToast } from '../../ui/toast.tsx';
import { PhoneCodeFlow } from './phone-code-flow.tsx';
import { usePhoneVerificationStart, usePhoneVerificationVerify } from './sign-in-methods-api.ts';

/**
 * Proving a phone number for the signed-in account by a texted code: after registration, and for a new number on
 * the profile. The number becomes the account's phone only once its code is verified (docs/decisions/0019-b).
 */
export function PhoneVerification(props: { initialPhone?: string; onVerified: () => void; footer?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <PhoneCodeFlow
      kind="verify"
      initialPhone={props.initialPhone}
      start={usePhoneVerificationStart()}
      verify={usePhoneVerificationVerify()}
      onVerified={(res) => {
        showSuccessToast(res.message);
        props.onVerified();
      }}
      formLabel={t('signInMethods.verifyTitle')}
      testId="phone-verification-form"
      footer={props.footer}
    />
  );
}
