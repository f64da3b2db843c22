import { Alert, Anchor, Button, Divider, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { DepositState, Letter, LetterState } from '@taxportal/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage, isApiError } from '../../lib/api/index.ts';
import { formatDate, formatDateTime, formatMoney } from '../../ui/format.ts';
import { PageTitle } from '../../ui/page-title.tsx';
import { showSuccessToast } from '../../ui/toast.tsx';
import { ToneBadge, type BadgeTone } from '../../ui/tone-badge.tsx';
import { useSingleFlight } from '../../ui/use-single-flight.ts';
import { currentPayDialog, openPayDialog, subscribePaid, subscribePayDialog } from '../billing/index.ts';
import { documentFileUrl } from '../drafts/index.ts';
import { useDeclineLetter, useRemindLetter, useSendLetter, useVoidLetter } from './engagement-api.ts';
import classes from './engagement.module.css';
import { LetterSign } from './letter-sign.tsx';

export const STATE_TONE: Record<LetterState, BadgeTone> = {
  draft: 'neutral',
  sent: 'info',
  viewed: 'accent',
  signed: 'success',
  declined: 'danger',
  expired: 'warning',
  voided: 'neutral',
};

function Decline({ letter }: { letter: Letter }) {
  const { t } = useTranslation();
  const decline = useDeclineLetter(letter.id);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!open)
    return (
      <Button variant="subtle" color="red" onClick={() => setOpen(true)} data-testid="letter-decline-open">
        {t('engagement.decline.open')}
      </Button>
    );
  return (
    <Stack gap="xs">
      <Textarea
        label={t('engagement.decline.reason')}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        autosize
        minRows={2}
        data-testid="letter-decline-reason"
      />
      {error && <Alert color="red">{error}</Alert>}
      <Group>
        <Button
          color="red"
          loading={decline.isPending}
          data-testid="letter-decline"
          onClick={() =>
            void decline
              .mutateAsync(reason)
              .catch((err: unknown) => setError(isApiError(err) ? err.detail : t('common.somethingWentWrong')))
          }
        >
          {t('engagement.decline.submit')}
        </Button>
        <Button variant="subtle" onClick={() => setOpen(false)}>
          {t('engagement.decline.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Staff's "Remind now" on a letter waiting for signature (docs/decisions/0036): the reminder the scan sends, at once;
 * one request however fast the taps; the server's refusal (once a day; no longer waiting) shown under the buttons.
 */
function useRemind(letter: Letter) {
  const { t } = useTranslation();
  const remind = useRemindLetter(letter.id);
  const [error, setError] = useState<string | null>(null);
  const run = useSingleFlight(async () => {
    setError(null);
    try {
      await remind.mutateAsync();
      showSuccessToast(t('engagement.letter.reminded'));
    } catch (err) {
      setError(errorMessage(err));
    }
  });
  return { run, pending: remind.isPending, error };
}

const DEPOSIT_TONE: Record<DepositState, BadgeTone> = {
  due: 'warning',
  paid: 'success',
  refunded: 'neutral',
  cancelled: 'neutral',
};

/**
 * The deposit's invoice, made when every party signed (docs/decisions/0036): its amount and state; the client pays
 * it by card in billing's dialog, and the letter reads again when the dialog closes.
 */
function Deposit({ letter, staff }: { letter: Letter; staff: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [paying, setPaying] = useState(false);
  useEffect(() => {
    if (!paying) return;
    return subscribePayDialog(() => {
      if (currentPayDialog()) return;
      setPaying(false);
      void client.invalidateQueries({ queryKey: ['engagement'] });
    });
  }, [paying, client]);
  // 'Paid successfully': the deposit reads paid now, not only once the dialog is closed (or the page reloaded).
  const invoiceId = letter.deposit?.invoice_id;
  useEffect(
    () =>
      subscribePaid((paid) => {
        if (paid === invoiceId) void client.invalidateQueries({ queryKey: ['engagement'] });
      }),
    [invoiceId, client],
  );
  const deposit = letter.deposit;
  if (!deposit) return null;
  const due = deposit.status === 'due';
  return (
    <Paper withBorder p="md" data-testid="letter-deposit" data-state={deposit.status}>
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap" justify="space-between">
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {t('engagement.deposit.amount', {
              invoice: deposit.name,
              amount: formatMoney(deposit.amount_cents, deposit.currency),
            })}
          </Text>
          <ToneBadge tone={DEPOSIT_TONE[deposit.status]} data-testid="letter-deposit-state">
            {t(`engagement.deposit.state.${deposit.status}`)}
          </ToneBadge>
        </Group>
        {due && !staff && <Text size="sm">{t('engagement.deposit.payHint')}</Text>}
        <Group gap="sm">
          {due && !staff && (
            <Button
              data-testid="letter-deposit-pay"
              onClick={() => {
                setPaying(true);
                openPayDialog({
                  id: deposit.invoice_id,
                  name: deposit.name,
                  outstanding_cents: deposit.amount_cents,
                  currency: deposit.currency,
                });
              }}
            >
              {t('engagement.deposit.pay')}
            </Button>
          )}
          <Anchor component={Link} to={`/billing/${deposit.invoice_id}`} size="sm">
            {t('engagement.deposit.view')}
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}

/** One letter: its text as sent, its facts, who signed; staff send or void it, the client signs or declines. */
export function LetterView({ letter, staff }: { letter: Letter; staff: boolean }) {
  const { t } = useTranslation();
  const send = useSendLetter(letter.id);
  const voidIt = useVoidLetter(letter.id);
  const remind = useRemind(letter);
  const open = letter.state === 'sent' || letter.state === 'viewed';
  const mine = letter.signers.find((s) => s.role === letter.signs_as);
  // A part locked by wrong codes (the server's count): the client asks for the letter again; staff void and resend.
  const locked = open ? letter.signers.filter((s) => s.locked) : [];
  // A joint letter with either part locked cannot be completed: the client is told to ask for it again too.
  const lockedForClient = !staff && locked.length > 0;
  // A joint letter half signed, read by the one who signed: their part is done, the other still signs.
  const waiting =
    !staff && open && !letter.signs_as && !locked.length && letter.signers.some((s) => s.signed_at)
      ? letter.signers.find((s) => !s.signed_at)
      : undefined;
  return (
    <Stack gap="md">
      <PageTitle
        title={t('engagement.letter.title', { year: letter.tax_year })}
        subtitle={
          <Group gap="xs" wrap="wrap">
            <ToneBadge tone={STATE_TONE[letter.state]} data-testid="letter-state">
              {t(`engagement.state.${letter.state}`)}
            </ToneBadge>
            <Text size="sm" c="dimmed">
              {letter.customer_name}
              {letter.ticket_name ? ` · ${letter.ticket_name}` : ''}
            </Text>
          </Group>
        }
        actions={
          <Anchor component={Link} to="/letters">
            {t('engagement.letter.back')}
          </Anchor>
        }
      />
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        {/* The server rendered it: the site's sanitised template, every merged value escaped. */}
        <div
          className={classes.letter}
          data-testid="letter-body"
          dangerouslySetInnerHTML={{ __html: letter.body_html }}
        />
      </Paper>
      <Paper withBorder p="md">
        <Stack gap={4}>
          <Text size="sm">{t('engagement.letter.total', { total: formatMoney(letter.total_cents, 'usd') })}</Text>
          {letter.deposit_cents !== null && (
            <Text size="sm">
              {t('engagement.letter.deposit', { deposit: formatMoney(letter.deposit_cents, 'usd') })}
            </Text>
          )}
          {letter.expires_at && open && (
            <Text size="sm">{t('engagement.letter.expires', { date: formatDate(letter.expires_at) })}</Text>
          )}
          {staff && letter.last_reminded_at && (
            <Text size="sm" data-testid="letter-last-reminded">
              {t('engagement.letter.lastReminded', { when: formatDateTime(letter.last_reminded_at) })}
            </Text>
          )}
          {letter.decline_reason && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('engagement.letter.declined', { reason: letter.decline_reason })}
            </Text>
          )}
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t('engagement.letter.sha256', { sha256: letter.sha256 })}
          </Text>
          <Divider my="xs" />
          {letter.signers.map((s) => (
            <Text key={s.role} size="sm" data-testid="letter-signer">
              {t(`engagement.letter.signer.${s.role}`, { name: s.name })}:{' '}
              {s.signed_at
                ? t('engagement.letter.signedAt', { when: formatDateTime(s.signed_at) })
                : s.locked
                  ? t('engagement.letter.locked')
                  : t('engagement.letter.notSigned')}
            </Text>
          ))}
          {letter.signed_document_id && (
            <Anchor href={documentFileUrl(letter.signed_document_id)} data-testid="letter-pdf">
              {t('engagement.letter.pdf')}
            </Anchor>
          )}
        </Stack>
      </Paper>
      <Deposit letter={letter} staff={staff} />
      {staff &&
        locked.map((s) => (
          <Alert key={s.role} color="orange" data-testid="letter-locked">
            {t('engagement.letter.lockedStaff', { name: s.name })}
          </Alert>
        ))}
      {waiting && (
        <Alert color="blue" data-testid="letter-part-signed">
          {t('engagement.sign.partDone', { name: waiting.name })}
        </Alert>
      )}
      {lockedForClient && (
        <Alert color="orange" data-testid="letter-locked">
          {t('engagement.letter.lockedClient')}
        </Alert>
      )}
      {staff && (letter.state === 'draft' || open) && (
        <Group>
          {letter.state === 'draft' && (
            <Button onClick={() => void send.mutateAsync()} loading={send.isPending} data-testid="letter-send">
              {t('engagement.letter.send')}
            </Button>
          )}
          {open && (
            <Button
              variant="light"
              onClick={() => void remind.run()}
              loading={remind.pending}
              data-testid="letter-remind"
            >
              {t('engagement.letter.remind')}
            </Button>
          )}
          <Button
            variant="light"
            color="red"
            onClick={() => void voidIt.mutateAsync()}
            loading={voidIt.isPending}
            data-testid="letter-void"
          >
            {t('engagement.letter.void')}
          </Button>
        </Group>
      )}
      {staff && remind.error && (
        <Alert color="red" data-testid="letter-remind-error" style={{ overflowWrap: 'anywhere' }}>
          {remind.error}
        </Alert>
      )}
      {!staff && letter.signs_as && mine && (
        <Paper withBorder p="md">
          <Stack gap="md">
            <LetterSign letter={letter} signerName={mine.name} />
            <Decline letter={letter} />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
