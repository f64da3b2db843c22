import { Alert, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { PasswordField } from '../../ui/password-field.tsx';
import type { Letter } from '@taxportal/contract';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/index.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { showSuccessToast } from '../../ui/toast.tsx';
import { isPasskeyDismissed, loadSigningPad } from '../signing/index.ts';
import type { SigningPadHandle } from '../signing/index.ts';
import { useConfirmLetter, useConfirmLetterPasskey, useLetterSmsCode, useSignLetter } from './engagement-api.ts';

const SigningPad = lazy(() => loadSigningPad().then((m) => ({ default: m.SigningPad })));
type Factor = 'passkey' | 'totp' | 'sms_code' | 'password';

/** At 390 px a choice's label ("Draw my signature") wraps within its segment instead of being cut off. */
const WRAPPING_LABELS = { label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip' } } as const;

/**
 * The client signs their part (docs/decisions/0036), as Form 8879 is signed: first their own second factor (a
 * passkey, an authenticator or recovery code, a texted code; the password only where the firm switched the stricter
 * check off), then their name and a drawn or typed signature.
 */
export function LetterSign({ letter, signerName }: { letter: Letter; signerName: string }) {
  const { t } = useTranslation();
  const available = letter.factors?.available ?? [];
  const choices: Factor[] = [
    ...(available.includes('passkey') ? (['passkey'] as const) : []),
    ...(available.includes('totp') || available.includes('recovery_code') ? (['totp'] as const) : []),
    ...(available.includes('sms_code') ? (['sms_code'] as const) : []),
    ...(available.includes('password') ? (['password'] as const) : []),
  ];
  const [factor, setFactor] = useState<Factor | null>(choices[0] ?? null);
  const [code, setCode] = useState('');
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [method, setMethod] = useState<'drawn' | 'typed'>('typed');
  const [error, setError] = useState<string | null>(null);
  const pad = useRef<SigningPadHandle>(null);
  // Single flight: a double tap lands before the button re-renders as loading, so the ref, not the state, guards.
  const signing = useRef(false);
  const confirm = useConfirmLetter(letter.id);
  const confirmPasskey = useConfirmLetterPasskey(letter.id);
  const sms = useLetterSmsCode(letter.id);
  const sign = useSignLetter(letter.id);
  const fail = (err: unknown) => setError(isApiError(err) ? err.detail : t('common.somethingWentWrong'));

  if (!choices.length)
    return (
      <Alert color="yellow" data-testid="letter-no-factor">
        {t('engagement.sign.noFactor')}
      </Alert>
    );

  const doConfirm = async () => {
    setError(null);
    try {
      if (factor === 'passkey') return setConfirmation((await confirmPasskey.mutateAsync()).confirmation);
      const body = factor === 'password' ? { factor, password: code } : { factor: factor!, code: code.trim() };
      setConfirmation((await confirm.mutateAsync(body)).confirmation);
    } catch (err) {
      // Closing the browser's passkey prompt is no error: they may try again or pick another way.
      if (!isPasskeyDismissed(err)) fail(err);
    }
  };
  const doSign = async () => {
    if (signing.current) return;
    setError(null);
    const image = method === 'drawn' ? pad.current?.toDataUrl() : null;
    if (method === 'drawn' && !image) return setError(t('engagement.sign.drawFirst'));
    signing.current = true;
    try {
      const after = await sign.mutateAsync({
        confirmation: confirmation!,
        signer_name: name,
        method,
        ...(method === 'drawn' ? { signature_image: image! } : { typed_signature: name.trim() }),
      });
      // A joint letter is signed only when both have: the first one's part is, and the other is named.
      const waiting = after.state === 'signed' ? undefined : after.signers.find((s) => !s.signed_at);
      // A deposit now due is the page's next step: no toast over its Pay button on a phone (the page says signed).
      if (waiting) showSuccessToast(t('engagement.sign.partDone', { name: waiting.name }));
      else if (after.deposit?.status !== 'due') showSuccessToast(t('engagement.sign.done'));
    } catch (err) {
      fail(err);
      if (isApiError(err) && err.errors[0]?.field === 'confirmation') setConfirmation(null);
    } finally {
      signing.current = false;
    }
  };

  return (
    <Stack gap="sm" data-testid="letter-sign">
      {!confirmation ? (
        <>
          <Text fw={600}>{t('engagement.sign.step1')}</Text>
          {choices.length > 1 && (
            <SegmentedControl
              value={factor!}
              fullWidth
              styles={WRAPPING_LABELS}
              onChange={(v) => {
                setFactor(v as Factor);
                setCode('');
              }}
              data={choices.map((c) => ({ value: c, label: t(`engagement.sign.factor.${c}`) }))}
            />
          )}
          {factor === 'sms_code' && (
            <Group>
              <Button variant="light" onClick={() => void sms.mutateAsync().catch(fail)} loading={sms.isPending}>
                {t('engagement.sign.textMe', { phone: letter.factors?.phone ?? '' })}
              </Button>
            </Group>
          )}
          {factor === 'passkey' ? (
            <Text size="sm" c="dimmed">
              {t('engagement.sign.passkeyHint')}
            </Text>
          ) : factor === 'password' ? (
            <PasswordField
              label={t('engagement.sign.password')}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              data-testid="letter-password"
            />
          ) : (
            <TextInput
              label={t(factor === 'sms_code' ? 'engagement.sign.smsCode' : 'engagement.sign.appCode')}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              autoComplete="one-time-code"
              inputMode="text"
              data-testid="letter-code"
            />
          )}
          <Group>
            <Button
              onClick={() => void doConfirm()}
              loading={confirm.isPending || confirmPasskey.isPending}
              leftSection={factor === 'passkey' ? <IconFingerprint size={16} aria-hidden /> : undefined}
              data-testid={factor === 'passkey' ? 'letter-passkey' : 'letter-confirm'}
            >
              {t(factor === 'passkey' ? 'engagement.sign.usePasskey' : 'engagement.sign.confirm')}
            </Button>
          </Group>
        </>
      ) : (
        <>
          <Text fw={600}>{t('engagement.sign.step2')}</Text>
          <TextInput
            label={t('engagement.sign.name')}
            description={t('engagement.sign.nameHint', { name: signerName })}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            data-testid="letter-signer-name"
          />
          <SegmentedControl
            value={method}
            onChange={(v) => setMethod(v as 'drawn' | 'typed')}
            fullWidth
            styles={WRAPPING_LABELS}
            data={[
              { value: 'typed', label: t('engagement.sign.typed') },
              { value: 'drawn', label: t('engagement.sign.drawn') },
            ]}
          />
          {method === 'drawn' && (
            <Suspense fallback={<PageLoader />}>
              <SigningPad ref={pad} />
            </Suspense>
          )}
          <Group>
            <Button
              onClick={() => void doSign()}
              loading={sign.isPending}
              disabled={sign.isPending}
              data-testid="letter-sign-submit"
            >
              {t('engagement.sign.sign')}
            </Button>
          </Group>
        </>
      )}
      {error && (
        <Alert color="red" data-testid="letter-sign-error">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
