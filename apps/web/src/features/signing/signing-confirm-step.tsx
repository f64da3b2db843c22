import { Alert, Anchor, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconFingerprint, IconMessage } from '@tabler/icons-react';
import type { ConfirmSignerBody, Signer, SigningFactors } from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../lib/api/index.ts';
import { PasswordField } from '../../ui/password-field.tsx';
import { useIsPhone } from '../../ui/use-is-phone.ts';
import { useSingleFlight } from '../../ui/use-single-flight.ts';
import { useConfirmSigner, useSigningSmsCode, useSpouseCode } from './signing-api.ts';
import { isPasskeyDismissed } from './signing-passkey.ts';

/** What the taxpayer picks from: a TOTP and a recovery code share one field. */
type Choice = 'passkey' | 'totp' | 'sms_code' | 'password';

/**
 * The first step of signing: the signer proves who they are with a factor they have (docs/decisions/0021-a).
 * The taxpayer picks among theirs (passkey, authenticator or recovery code, a texted code; the password only
 * where the firm switched the stricter check off), as does a spouse signing with their own account (0032); a spouse
 * without one (`byCode`) gets a texted (or, check off, e-mailed) code, which the taxpayer types in.
 */
export function SigningConfirmStep({
  ticketId,
  ticketName,
  signer,
  byCode,
  factors,
  onConfirmed,
}: {
  ticketId: string;
  ticketName: string;
  signer: Signer;
  byCode: boolean;
  factors: SigningFactors | null;
  onConfirmed: (confirmation: string) => void;
}) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const confirm = useConfirmSigner(ticketId, signer.role);
  const smsCode = useSigningSmsCode(ticketId);
  const spouseCode = useSpouseCode(ticketId);
  const role = signer.role;
  const choices: Choice[] = (factors?.taxpayer ?? []).filter((f): f is Choice => f !== 'recovery_code');
  const [choice, setChoice] = useState<Choice | null>(choices[0] ?? null);
  const [secret, setSecret] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<{ field: string; text: string } | null>(null);

  const fail = (err: unknown, field: string) => {
    if (isApiError(err)) setError({ field: err.errors[0]?.field ?? field, text: err.detail });
    else if (isPasskeyDismissed(err)) setError(null);
    else setError({ field, text: t('common.somethingWentWrong') });
  };
  // Single-flight: a double tap sends the code once (the server answers a repeat "already confirmed", uncounted).
  const submit = useSingleFlight(async (body: ConfirmSignerBody | 'passkey') => {
    setError(null);
    try {
      const res = await confirm.mutateAsync(body);
      setSecret('');
      onConfirmed(res.confirmation);
    } catch (err) {
      fail(err, body === 'passkey' ? 'response' : 'password' in body ? 'password' : 'code');
    }
  });
  const send = async () => {
    setError(null);
    try {
      setSentTo((await (byCode ? spouseCode.mutateAsync() : smsCode.mutateAsync())).sent_to);
    } catch (err) {
      fail(err, 'code');
    }
  };
  const pick = (c: Choice) => {
    setChoice(c);
    setSecret('');
    setError(null);
  };
  const errorFor = (...fields: string[]) => (error && fields.includes(error.field) ? error.text : null);
  const otherError = error && !['password', 'code'].includes(error.field) ? error.text : null;

  const codeField = (label: string, testId: string, maxLength = 6) => (
    <TextInput
      label={label}
      inputMode={maxLength === 6 ? 'numeric' : 'text'}
      autoComplete="one-time-code"
      maxLength={maxLength}
      value={secret}
      onChange={(e) => setSecret(e.currentTarget.value)}
      error={errorFor('code')}
      data-testid={testId}
    />
  );
  const confirmButton = (body: ConfirmSignerBody) => (
    <Group justify="flex-end">
      <Button
        onClick={() => void submit(body)}
        loading={confirm.isPending}
        disabled={!secret.trim()}
        data-testid="signing-confirm"
      >
        {t('signing.confirm')}
      </Button>
    </Group>
  );

  if (byCode) {
    const channel = factors?.spouse[0] ?? null;
    if (!channel) {
      return (
        <Alert color="yellow" data-testid="signing-no-factor">
          {t('signing.spouseNoFactor')}
        </Alert>
      );
    }
    return (
      <Stack gap="sm">
        <Text size="sm">
          {channel === 'sms_code'
            ? t('signing.spouseSms', { to: factors?.spouse_phone ?? '' })
            : t('signing.spouseEmail')}
        </Text>
        <Button
          variant="light"
          onClick={() => void send()}
          loading={spouseCode.isPending}
          data-testid="signing-send-code"
        >
          {channel === 'sms_code' ? t('signing.textSpouseCode') : t('signing.sendCode')}
        </Button>
        {sentTo && (
          <Text size="sm">
            {channel === 'sms_code' ? t('signing.smsSentTo', { to: sentTo }) : t('signing.codeSent', { to: sentTo })}
          </Text>
        )}
        {codeField(channel === 'sms_code' ? t('signing.spouseCode') : t('signing.code'), 'signing-code')}
        {otherError && <Alert color="red">{otherError}</Alert>}
        {confirmButton({ signer: 'spouse', code: secret.trim() })}
      </Stack>
    );
  }

  if (!choice) {
    return (
      <Alert color="yellow" data-testid="signing-no-factor">
        <Stack gap="xs">
          <Text size="sm">{t('signing.noFactor')}</Text>
          {/* Security offers the way back here once a factor is set up (issue 29: there was none). */}
          <Anchor
            component={Link}
            to={`/security?back=${encodeURIComponent(`/form/message/${ticketName}?sign=${signer.role}`)}`}
            size="sm"
            data-testid="signing-open-security"
          >
            {t('signing.openSecurity')}
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      {choices.length > 1 && (
        <Stack gap={4}>
          <Text size="sm" fw={500} id="signing-factor-label">
            {t('signing.chooseFactor')}
          </Text>
          <SegmentedControl
            aria-labelledby="signing-factor-label"
            value={choice}
            onChange={(v) => pick(v as Choice)}
            orientation={isPhone ? 'vertical' : 'horizontal'}
            fullWidth
            data={choices.map((c) => ({ value: c, label: t(`signing.factor.${c}`) }))}
            data-testid="signing-factor"
          />
        </Stack>
      )}
      {choice === 'passkey' && (
        <>
          <Text size="sm" c="dimmed">
            {t('signing.passkeyHint')}
          </Text>
          <Button
            leftSection={<IconFingerprint size={16} aria-hidden />}
            onClick={() => void submit('passkey')}
            loading={confirm.isPending}
            data-testid="signing-passkey"
          >
            {t('signing.usePasskey')}
          </Button>
        </>
      )}
      {choice === 'totp' && (
        <>
          {codeField(t('signing.totpCode'), 'signing-totp', 16)}
          {confirmButton({ signer: role, factor: 'totp', code: secret.trim() })}
        </>
      )}
      {choice === 'sms_code' && (
        <>
          <Text size="sm">
            {sentTo
              ? t('signing.smsSentTo', { to: sentTo })
              : t('signing.smsTo', { to: factors?.taxpayer_phone ?? '' })}
          </Text>
          <Button
            variant="light"
            leftSection={<IconMessage size={16} aria-hidden />}
            onClick={() => void send()}
            loading={smsCode.isPending}
            data-testid="signing-sms-send"
          >
            {sentTo ? t('signing.textAgain') : t('signing.factor.sms_code')}
          </Button>
          {codeField(t('signing.smsCode'), 'signing-sms-code')}
          {confirmButton({ signer: role, factor: 'sms_code', code: secret.trim() })}
        </>
      )}
      {choice === 'password' && (
        <>
          <Text size="sm" c="dimmed">
            {t('signing.passwordOffNote')}
          </Text>
          <PasswordField
            label={t('signing.password')}
            autoComplete="current-password"
            value={secret}
            onChange={(e) => setSecret(e.currentTarget.value)}
            error={errorFor('password')}
            data-testid="signing-password"
          />
          {confirmButton({ signer: role, factor: 'password', password: secret })}
        </>
      )}
      {otherError && <Alert color="red">{otherError}</Alert>}
    </Stack>
  );
}
