import { Anchor, Button, Group, PinInput, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api/index.ts';
import { serverFieldErrors } from './field-errors.ts';

/** Seconds left until `until` (ms), ticking each second. */
function useCountdown(until: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [until, now]);
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/**
 * The second step of a phone code: six digits, sent as soon as they are all typed or on the button, and a
 * resend link that counts down the server's cooldown. Used by phone-code-flow.tsx.
 */
export function PhoneCodeStep(props: {
  /** Where the code went, said as the flow needs it. */
  sentText: string;
  resendAt: number;
  submitLabel: string;
  pending: boolean;
  error: string | null;
  onSubmit: (code: string) => void;
  onResend: () => void;
  resendPending: boolean;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const left = useCountdown(props.resendAt);
  // A refused code is cleared and the first box focused, so the next code is typed from the start: the boxes
  // hold one string, and editing some of six filled boxes would shift the digits.
  const firstBox = useRef<HTMLInputElement>(null);
  const [seenError, setSeenError] = useState(props.error);
  if (props.error !== seenError) {
    setSeenError(props.error);
    if (props.error) setCode('');
  }
  useEffect(() => {
    if (props.error) firstBox.current?.focus();
  }, [props.error]);
  return (
    <form
      noValidate
      aria-label={t('signInMethods.codeTitle')}
      data-testid="phone-code-form"
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit(code);
      }}
    >
      <Stack gap="md">
        <Text size="sm">{props.sentText}</Text>
        <Stack gap={4}>
          <Text component="label" htmlFor="phone-code" size="sm" fw={500}>
            {t('signInMethods.code')}
          </Text>
          <PinInput
            id="phone-code"
            ref={firstBox}
            length={6}
            type="number"
            oneTimeCode
            inputMode="numeric"
            value={code}
            onChange={setCode}
            onComplete={(v) => props.onSubmit(v)}
            error={Boolean(props.error)}
            aria-label={t('signInMethods.code')}
            // Each box its own name ("PinInput" otherwise): a screen reader says which digit it is on.
            getInputProps={(index) => ({ 'aria-label': t('signInMethods.digit', { n: index + 1, of: 6 }) })}
            size="md"
          />
          {props.error ? (
            <Text c="red" size="sm" role="alert">
              {props.error}
            </Text>
          ) : null}
        </Stack>
        <Button type="submit" size="md" fullWidth loading={props.pending} disabled={code.length !== 6}>
          {props.submitLabel}
        </Button>
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={props.onBack}>
            {t('signInMethods.changeNumber')}
          </Anchor>
          {left > 0 ? (
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('signInMethods.resendIn', { seconds: left })}
            </Text>
          ) : (
            <Anchor component="button" type="button" size="sm" onClick={props.onResend} disabled={props.resendPending}>
              {t('signInMethods.resend')}
            </Anchor>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/** What a failed phone call says: the field's own message (422), else the server's detail. */
export function problemText(err: unknown): string | null {
  if (!err) return null;
  const fields = serverFieldErrors(err, ['phone', 'code'] as const);
  return fields.code ?? fields.phone ?? errorMessage(err);
}
