import { ActionIcon, Alert, Button, Group, NumberInput, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { LetterService } from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../lib/api/index.ts';
import { useCreateLetter, usePrefill } from './engagement-api.ts';

const dollars = (cents: number) => cents / 100;
const cents = (v: string | number) => Math.round(Number(v || 0) * 100);

/**
 * Staff: a letter for a ticket (its name, TD.0001): the services and fees prefilled from the ticket's service in the
 * catalogue, editable, and an optional deposit; sent at once (docs/decisions/0036).
 */
export function NewLetterForm({ initialTicket }: { initialTicket: string }) {
  const { t } = useTranslation();
  const [ticket, setTicket] = useState(initialTicket);
  const [asked, setAsked] = useState<string | null>(initialTicket || null);
  const prefill = usePrefill(asked);
  return (
    <Paper withBorder p="md" data-testid="new-letter">
      <Stack gap="sm">
        <Text fw={600}>{t('engagement.new.title')}</Text>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t('engagement.new.ticket')}
            placeholder={t('engagement.new.ticketPlaceholder')}
            value={ticket}
            onChange={(e) => setTicket(e.currentTarget.value)}
            data-testid="new-letter-ticket"
            style={{ flex: '1 1 200px' }}
          />
          <Button variant="light" onClick={() => setAsked(ticket.trim() || null)} data-testid="new-letter-load">
            {t('engagement.new.load')}
          </Button>
        </Group>
        {prefill.isError && <Alert color="red">{t('engagement.new.noTicket')}</Alert>}
        {prefill.data && asked && <LetterFields key={asked} ticket={asked} prefilled={prefill.data.services} />}
      </Stack>
    </Paper>
  );
}

/** The services and fees (from the catalogue, editable) and the deposit of a ticket's new letter. */
function LetterFields({ ticket, prefilled }: { ticket: string; prefilled: LetterService[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateLetter();
  const [services, setServices] = useState<LetterService[]>(prefilled);
  const [deposit, setDeposit] = useState<string | number>('');
  const [error, setError] = useState<string | null>(null);

  const send = async () => {
    setError(null);
    try {
      const letter = await create.mutateAsync({
        ticket_id: ticket,
        services,
        deposit_cents: cents(deposit) > 0 ? cents(deposit) : null,
      });
      void navigate(`/letters/${letter.id}`);
    } catch (err) {
      setError(isApiError(err) ? err.detail : t('common.somethingWentWrong'));
    }
  };
  const setService = (i: number, patch: Partial<LetterService>) =>
    setServices((list) => list.map((s, j) => (j === i ? { ...s, ...patch } : s)));

  return (
    <>
      {services.map((s, i) => (
        <Group key={i} align="flex-end" wrap="wrap" data-testid="new-letter-service">
          <TextInput
            label={t('engagement.new.service')}
            value={s.name}
            onChange={(e) => setService(i, { name: e.currentTarget.value })}
            style={{ flex: '2 1 200px' }}
          />
          <NumberInput
            label={t('engagement.new.fee')}
            prefix="$"
            decimalScale={2}
            min={0}
            value={dollars(s.fee_cents)}
            onChange={(v) => setService(i, { fee_cents: cents(v) })}
            style={{ flex: '1 1 120px' }}
            data-testid="new-letter-fee"
          />
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('engagement.new.remove')}
            onClick={() => setServices((list) => list.filter((_, j) => j !== i))}
            disabled={services.length === 1}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => setServices((list) => [...list, { name: '', fee_cents: 0 }])}
        >
          {t('engagement.new.addService')}
        </Button>
      </Group>
      <NumberInput
        label={t('engagement.new.deposit')}
        description={t('engagement.new.depositHint')}
        prefix="$"
        decimalScale={2}
        min={0}
        value={deposit}
        onChange={setDeposit}
        data-testid="new-letter-deposit"
        maw={240}
      />
      {error && (
        <Alert color="red" data-testid="new-letter-error">
          {error}
        </Alert>
      )}
      <Group>
        <Button onClick={() => void send()} loading={create.isPending} data-testid="new-letter-send">
          {t('engagement.new.send')}
        </Button>
      </Group>
    </>
  );
}
