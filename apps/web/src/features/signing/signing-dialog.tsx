import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Stepper,
  Text,
  TextInput,
} from '@mantine/core';
import type { Signer, SigningRequest, TicketDetail } from '@taxportal/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/index.ts';
import { PasswordField } from '../../ui/password-field.tsx';
import { showSuccessToast } from '../../ui/toast.tsx';
import { useIsPhone } from '../../ui/use-is-phone.ts';
import { documentFileUrl } from '../drafts/index.ts';
import { useConfirmSigner, useSign, useSpouseCode } from './signing-api.ts';
import { SigningPad, type SigningPadHandle } from './signing-pad.tsx';

/**
 * Signing Form 8879: first the signer confirms who they are (the taxpayer's password, or a code e-mailed to
 * the spouse), then types their name and draws or types a signature.
 */
export function SigningDialog({
  ticket,
  request,
  signer,
  onClose,
}: {
  ticket: TicketDetail;
  request: SigningRequest;
  signer: Signer;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const confirm = useConfirmSigner(ticket.id);
  const spouseCode = useSpouseCode(ticket.id);
  const sign = useSign(ticket.id);
  const pad = useRef<SigningPadHandle>(null);
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const [secret, setSecret] = useState('');
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [method, setMethod] = useState<'drawn' | 'typed'>('drawn');
  const [typed, setTyped] = useState('');
  const [hasInk, setHasInk] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<{ field: string; text: string } | null>(null);
  const isSpouse = signer.role === 'spouse';

  const fail = (err: unknown, fallbackField: string) => {
    if (isApiError(err)) setError({ field: err.errors[0]?.field ?? fallbackField, text: err.detail });
    else setError({ field: fallbackField, text: t('common.somethingWentWrong') });
  };

  const doConfirm = async () => {
    setError(null);
    try {
      const res = await confirm.mutateAsync(
        isSpouse ? { signer: 'spouse', code: secret.trim() } : { signer: 'taxpayer', password: secret },
      );
      setConfirmation(res.confirmation);
      setSecret('');
    } catch (err) {
      fail(err, isSpouse ? 'code' : 'password');
    }
  };
  const doSendCode = async () => {
    setError(null);
    try {
      setCodeSentTo((await spouseCode.mutateAsync()).sent_to);
    } catch (err) {
      fail(err, 'code');
    }
  };
  const doSign = async () => {
    setError(null);
    if (!confirmation) return;
    const image = method === 'drawn' ? pad.current?.toDataUrl() : null;
    if (method === 'drawn' && !image) return setError({ field: 'signature', text: t('signing.drawFirst') });
    try {
      await sign.mutateAsync({
        signer: signer.role,
        confirmation,
        signer_name: name,
        method,
        ...(method === 'drawn' ? { signature_image: image! } : { typed_signature: typed }),
      });
      showSuccessToast(t('signing.signed'));
      onClose();
    } catch (err) {
      if (isApiError(err) && err.errors[0]?.field === 'confirmation') setConfirmation(null);
      fail(err, 'signature');
    }
  };
  const errorFor = (...fields: string[]) => (error && fields.includes(error.field) ? error.text : null);
  const otherError =
    error && !['password', 'code', 'signer_name', 'signature', 'typed_signature'].includes(error.field)
      ? error.text
      : null;

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('signing.signTitle')}
      size="lg"
      fullScreen={isPhone}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="signing-dialog"
    >
      <Stepper active={confirmation ? 1 : 0} size="sm" allowNextStepsSelect={false}>
        <Stepper.Step label={t('signing.stepConfirm')}>
          <Stack gap="sm" mt="sm">
            <Text size="sm">
              {t('signing.reviewFirst')}{' '}
              <Anchor
                underline="always"
                href={documentFileUrl(request.document_id, true)}
                target="_blank"
                rel="noopener"
                data-testid="signing-view-form"
              >
                {t('signing.viewForm')}
              </Anchor>
            </Text>
            {isSpouse ? (
              <>
                <Button
                  variant="light"
                  onClick={() => void doSendCode()}
                  loading={spouseCode.isPending}
                  data-testid="signing-send-code"
                >
                  {t('signing.sendCode')}
                </Button>
                {codeSentTo && <Text size="sm">{t('signing.codeSent', { to: codeSentTo })}</Text>}
                <TextInput
                  label={t('signing.code')}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={secret}
                  onChange={(e) => setSecret(e.currentTarget.value)}
                  error={errorFor('code')}
                  data-testid="signing-code"
                />
              </>
            ) : (
              <PasswordField
                label={t('signing.password')}
                autoComplete="current-password"
                value={secret}
                onChange={(e) => setSecret(e.currentTarget.value)}
                error={errorFor('password')}
                data-testid="signing-password"
                data-autofocus
              />
            )}
            {otherError && <Alert color="red">{otherError}</Alert>}
            <Group justify="flex-end">
              <Button
                onClick={() => void doConfirm()}
                loading={confirm.isPending}
                disabled={!secret}
                data-testid="signing-confirm"
              >
                {t('signing.confirm')}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('signing.stepSign')}>
          <Stack gap="sm" mt="sm">
            <TextInput
              label={t('signing.typeName')}
              description={t('signing.typeNameHint', { name: signer.name })}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={errorFor('signer_name')}
              autoComplete="name"
              data-testid="signing-name"
            />
            <SegmentedControl
              value={method}
              onChange={(v) => setMethod(v as 'drawn' | 'typed')}
              data={[
                { value: 'drawn', label: t('signing.draw') },
                { value: 'typed', label: t('signing.type') },
              ]}
              data-testid="signing-method"
            />
            {method === 'drawn' ? (
              <SigningPad ref={pad} onChange={setHasInk} />
            ) : (
              <TextInput
                label={t('signing.typedSignature')}
                value={typed}
                onChange={(e) => setTyped(e.currentTarget.value)}
                styles={{ input: { fontFamily: 'cursive', fontSize: 22 } }}
                data-testid="signing-typed"
              />
            )}
            {errorFor('signature', 'typed_signature') && (
              <Alert color="red">{errorFor('signature', 'typed_signature')}</Alert>
            )}
            {otherError && <Alert color="red">{otherError}</Alert>}
            <Checkbox
              label={t('signing.agree')}
              checked={agreed}
              onChange={(e) => setAgreed(e.currentTarget.checked)}
              data-testid="signing-agree"
            />
            <Group justify="flex-end">
              <Button
                onClick={() => void doSign()}
                loading={sign.isPending}
                disabled={!agreed || !name.trim() || (method === 'drawn' ? !hasInk : !typed.trim())}
                data-testid="signing-submit"
              >
                {t('signing.submit')}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
      </Stepper>
    </Modal>
  );
}
