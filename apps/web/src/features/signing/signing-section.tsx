import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconEye, IconSignature } from '@tabler/icons-react';
import type { Signer, TicketDetail } from '@taxportal/contract';
import { useEffect, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/api/index.ts';
import { formatDateTime } from '../../ui/format.ts';
import { ToneBadge } from '../../ui/tone-badge.tsx';
import { documentFileUrl, DraftsPreviewModal } from '../drafts/index.ts';
import { useSigning } from './signing-api.ts';
import { lazyComponent, preloadAhead } from '../../lib/lazy-component.ts';
import { LoadedPart } from '../../ui/loaded-part.tsx';
import { OnceOpened } from '../../ui/once-opened.tsx';
import type * as Dialog from './signing-dialog.tsx';
import type * as Prepare from './signing-prepare-form.tsx';

/**
 * Staff's preparation form loads for staff only: the page the server renders (a customer's, routes.tsx) never
 * draws it, so it needs no loading before hydration.
 */
const SigningPrepareForm = lazyComponent<ComponentProps<typeof Prepare.SigningPrepareForm>>(() =>
  import('./signing-prepare-form.tsx').then((m) => ({ default: m.SigningPrepareForm })),
);
/** Staff's form, asked for as soon as the session says staff (ticket-drafts-panel.tsx). */
export const preloadSigningStaffParts = (): void => preloadAhead(SigningPrepareForm);
/** The dialog (signature pad, factors) loads when someone opens it. */
const SigningDialog = lazyComponent<ComponentProps<typeof Dialog.SigningDialog>>(() =>
  import('./signing-dialog.tsx').then((m) => ({ default: m.SigningDialog })),
);

/** Form 8879 on the ticket: staff prepare it and see who signed; the customer (and spouse) sign it. */
export function SigningSection({ ticket, isStaff }: { ticket: TicketDetail; isStaff: boolean }) {
  const { t } = useTranslation();
  const state = useSigning(ticket.id);
  const [signing, setSigning] = useState<Signer | null>(null);
  // Who the dialog was last opened for: it stays drawn, closed, so that it closes with its transition and gives
  // the focus back to the button that opened it.
  const [dialogSigner, setDialogSigner] = useState<Signer | null>(null);
  if (signing && signing !== dialogSigner) setDialogSigner(signing);
  const [preparing, setPreparing] = useState(false);
  const [viewing, setViewing] = useState(false);
  // `?sign=taxpayer`: back from setting up a factor on /security (security-page.tsx), the dialog opens again where
  // the signer left it; the parameter is spent at once, so a reload or closing the dialog does not bring it back.
  const [params, setParams] = useSearchParams();
  const reopen = params.get('sign');
  const [reopened, setReopened] = useState(false);
  if (reopen && !reopened && state.data) {
    setReopened(true);
    const signer = state.data.request?.signers.find((s) => s.role === reopen && !s.signed_at);
    const own = state.data.signs_as ?? 'taxpayer';
    const allowed = signer && (signer.role === own || (own === 'taxpayer' && !state.data.request?.spouse_account));
    if (signer && allowed && state.data.can_sign && !isStaff) setSigning(signer);
  }
  useEffect(() => {
    if (!reopened || !reopen) return;
    setParams(
      (p) => {
        p.delete('sign');
        return p;
      },
      { replace: true },
    );
  }, [reopened, reopen, setParams]);

  /** The factor the signer confirmed with, as the audit page names it. */
  const confirmedBy = (s: Signer) => {
    if (!s.confirmation) return null;
    const factor = t(`signing.confirmedBy.${s.confirmation}`, { phone: s.confirmation_phone ?? '' });
    return s.stricter_check_off ? t('signing.checkOff', { factor }) : factor;
  };

  if (state.isPending) return null;
  if (state.isError) {
    return <Alert color="red">{errorMessage(state.error)}</Alert>;
  }
  const { request, can_sign, suggestion, factors } = state.data;
  // The part the signed-in customer signs; a spouse with their own account signs theirs alone (docs/decisions/0032),
  // without one the taxpayer relays the code sent to them.
  const mine = isStaff ? null : (state.data.signs_as ?? 'taxpayer');
  const mayActAs = (s: Signer) =>
    mine !== null && (s.role === mine || (mine === 'taxpayer' && s.role === 'spouse' && !request?.spouse_account));
  const nobodySigned = !request || request.signers.every((s) => !s.signed_at);
  const closed = ['Completed', 'Closed', 'Cancelled'].includes(ticket.status);

  return (
    <Stack gap="sm" data-testid="signing-section" data-status={request?.status ?? 'none'}>
      <Title order={3} size="h6">
        {t('signing.heading')}
      </Title>
      {!request && (
        <Text size="sm" c="dimmed">
          {isStaff ? t('signing.none') : t('signing.noneCustomer')}
        </Text>
      )}
      {request && (
        <>
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconEye size={14} aria-hidden />}
              onClick={() => setViewing(true)}
              data-testid="signing-preview"
            >
              {t('signing.viewForm')}
            </Button>
            {request.signed_document_id && (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconDownload size={14} aria-hidden />}
                component="a"
                href={documentFileUrl(request.signed_document_id)}
                download
                data-testid="signed-download"
              >
                {t('signing.downloadSigned')}
              </Button>
            )}
            {request.status === 'completed' && (
              <ToneBadge tone="success" size="md" data-testid="signing-completed">
                {t('signing.completed')}
              </ToneBadge>
            )}
          </Group>
          {request.signers.map((s) => (
            <Group
              key={s.role}
              justify="space-between"
              gap="xs"
              wrap="wrap"
              data-testid="signer-row"
              data-role={s.role}
              data-signed={s.signed_at ? 'yes' : 'no'}
            >
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  {t(`signing.roles.${s.role}`)}: {s.name}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {s.email}
                </Text>
                <Text size="xs" c={s.signed_at ? 'green' : 'dimmed'} data-testid="signer-status">
                  {s.signed_at
                    ? `${t('signing.signedAt', { when: formatDateTime(s.signed_at) })} (${t(`signing.method.${s.method ?? 'typed'}`)}${confirmedBy(s) ? `, ${confirmedBy(s)}` : ''}${isStaff && s.ip ? `, ${s.ip}` : ''})`
                    : t('signing.notSigned')}
                </Text>
              </Stack>
              {!s.signed_at && can_sign && !mayActAs(s) && mine !== null && (
                <Text size="xs" c="dimmed" data-testid="signer-own-login">
                  {t('signing.signsWithOwnLogin', { name: s.name })}
                </Text>
              )}
              {!s.signed_at && can_sign && mayActAs(s) && (
                <Button
                  leftSection={<IconSignature size={16} aria-hidden />}
                  onClick={() => setSigning(s)}
                  data-testid={`sign-as-${s.role}`}
                >
                  {t('signing.signButton', { name: s.name })}
                </Button>
              )}
            </Group>
          ))}
          {!isStaff && request.status === 'pending' && !can_sign && (
            <Text size="xs" c="dimmed">
              {t('signing.waitingStatus')}
            </Text>
          )}
        </>
      )}
      {isStaff && !closed && nobodySigned && (
        <>
          {request && !preparing && (
            <Button size="xs" variant="subtle" onClick={() => setPreparing(true)} data-testid="signing-prepare-again">
              {t('signing.replace')}
            </Button>
          )}
          {(!request || preparing) && (
            <LoadedPart part={SigningPrepareForm}>
              <SigningPrepareForm ticket={ticket} suggestion={suggestion} onDone={() => setPreparing(false)} />
            </LoadedPart>
          )}
        </>
      )}
      {dialogSigner && request && (
        <OnceOpened opened={signing !== null} part={SigningDialog} fresh onClose={() => setSigning(null)}>
          <SigningDialog
            opened={signing !== null}
            ticket={ticket}
            request={request}
            signer={dialogSigner}
            factors={factors}
            onClose={() => setSigning(null)}
          />
        </OnceOpened>
      )}
      <DraftsPreviewModal
        file={
          viewing && request
            ? {
                documentId: request.signed_document_id ?? request.document_id,
                title: t('signing.heading'),
                fileName: `Form-8879-${ticket.name}.pdf`,
              }
            : null
        }
        onClose={() => setViewing(false)}
      />
    </Stack>
  );
}
