import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Stack,
  Stepper,
  Text,
  TextInput,
} from '@mantine/core';
import type { Signer, SigningFactors, SigningRequest, TicketDetail } from '@taxportal/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/index.ts';
import { showSuccessToast } from '../../ui/toast.tsx';
import { useIsPhone } from '../../ui/use-is-phone.ts';
import { useOpenedOnceMounted } from '../../ui/once-opened.tsx';
import { documentFileUrl } from '../drafts/index.ts';
import { useSign } from './signing-api.ts';
import { SigningConfirmStep } from './signing-confirm-step.tsx';
import { SigningPad, type SigningPadHandle } from './signing-pad.tsx';

/**
 * Signing Form 8879: first the signer confirms who they are with a second factor (signing-confirm-step.tsx),
 * then types their name and draws or types a signature.
 */
export function SigningDialog({
  opened,
  ticket,
  request,
  signer,
  factors,
  onClose,
}: {
  opened: boolean;
  ticket: TicketDetail;
  request: SigningRequest;
  signer: Signer;
  factors: SigningFactors | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  // Loaded when first opened (signing-section.tsx): it mounts closed, so the focus goes back on close.
  const shown = useOpenedOnceMounted(opened);
  const sign = useSign(ticket.id);
  const pad = useRef<SigningPadHandle>(null);
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [method, setMethod] = useState<'drawn' | 'typed'>('drawn');
  const [hasInk, setHasInk] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<{ field: string; text: string } | null>(null);

  const fail = (err: unknown, fallbackField: string) => {
    if (isApiError(err)) setError({ field: err.errors[0]?.field ?? fallbackField, text: err.detail });
    else setError({ field: fallbackField, text: t('common.somethingWentWrong') });
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
        ...(method === 'drawn' ? { signature_image: image! } : { typed_signature: name.trim() }),
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
    error && !['signer_name', 'signature', 'typed_signature'].includes(error.field) ? error.text : null;

  return (
    <Modal
      opened={shown}
      onClose={onClose}
      title={t('signing.signTitle')}
      size="lg"
      fullScreen={isPhone}
      centered
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
            <SigningConfirmStep
              ticketId={ticket.id}
              ticketName={ticket.name}
              signer={signer}
              byCode={signer.role === 'spouse' && !request.spouse_account}
              factors={factors}
              onConfirmed={(c) => {
                setError(null);
                setConfirmation(c);
              }}
            />
            {otherError && <Alert color="red">{otherError}</Alert>}
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
              // Typed, the name typed above is the signature (issue 29: it asked for the name twice), shown as
              // it will be on the form.
              <Paper withBorder p="sm" radius="md" data-testid="signing-typed-preview">
                <Text size="xs" c="dimmed">
                  {t('signing.typedSignature')}
                </Text>
                <Text
                  style={{ fontFamily: 'cursive', fontSize: 22, minHeight: 34, overflowWrap: 'anywhere' }}
                  data-testid="signing-typed"
                >
                  {name.trim()}
                </Text>
              </Paper>
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
                disabled={!agreed || !name.trim() || (method === 'drawn' && !hasInk)}
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
