import { Button, Stack } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PhoneCodeStep, problemText } from './phone-code-step.tsx';
import { PhoneField } from './phone-field.tsx';

/**
 * A phone number, then the code texted to it: the one shape of phone sign-in, of verifying the phone after
 * registration and of a phone change on the profile (docs/decisions/0019-b). `start` asks for a code and
 * `verify` checks it; `onVerified` gets what `verify` answered.
 */
export function PhoneCodeFlow<T>(props: {
  kind: 'sign-in' | 'verify';
  initialPhone?: string;
  start: UseMutationResult<{ resend_after_s: number }, Error, string>;
  verify: UseMutationResult<T, Error, { phone: string; code: string }>;
  onVerified: (result: T) => void;
  /** Shown under the number's form (another way to sign in, "Cancel"). */
  footer?: ReactNode;
  formLabel: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { start, verify } = props;
  const [phone, setPhone] = useState(props.initialPhone ?? '');
  const [sent, setSent] = useState<{ phone: string; resendAt: number } | null>(null);
  const signIn = props.kind === 'sign-in';

  const send = async (number: string) => {
    try {
      const res = await start.mutateAsync(number);
      setSent({ phone: number, resendAt: Date.now() + res.resend_after_s * 1000 });
      verify.reset();
    } catch {
      // shown from start.error
    }
  };

  if (sent) {
    return (
      <PhoneCodeStep
        sentText={t(signIn ? 'signInMethods.codeSentTo' : 'signInMethods.verifySentTo', { phone: sent.phone })}
        resendAt={sent.resendAt}
        submitLabel={signIn ? t('auth.signInButton') : t('signInMethods.verifyButton')}
        pending={verify.isPending}
        error={problemText(verify.error) ?? problemText(start.error)}
        onSubmit={(code) => {
          if (verify.isPending) return;
          verify.mutate({ phone: sent.phone, code }, { onSuccess: props.onVerified });
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
      aria-label={props.formLabel}
      data-testid={props.testId}
      onSubmit={(e) => {
        e.preventDefault();
        void send(phone.trim());
      }}
    >
      <Stack gap="md">
        <PhoneField
          withAsterisk={signIn}
          value={phone}
          onChange={(e) => setPhone(e.currentTarget.value)}
          error={problemText(start.error)}
        />
        <Button type="submit" size="md" fullWidth loading={start.isPending}>
          {t('signInMethods.sendCode')}
        </Button>
        {props.footer}
      </Stack>
    </form>
  );
}
