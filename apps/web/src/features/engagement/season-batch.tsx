import { Alert, Button, Group, Modal, NumberInput, Paper, Progress, Select, Stack, Text } from '@mantine/core';
import type { LetterBatch, LetterBatchBody, LetterBatchPreview } from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../lib/api/index.ts';
import { useIsPhone } from '../../ui/use-is-phone.ts';
import { useBatch, useBatchPreview, useCreateBatch, useServiceTypes, useTaxYears } from './engagement-api.ts';

const cents = (v: string | number) => Math.round(Number(v || 0) * 100);

/** Why tickets are left out, one line each (the reasons' counts). */
function Skipped({ skipped }: { skipped: LetterBatchPreview['skipped'] }) {
  const { t } = useTranslation();
  if (!skipped.length) return null;
  return (
    <Stack gap={2} data-testid="batch-skipped">
      {skipped.map((s) => (
        <Text key={s.reason} size="sm" c="dimmed">
          {t(`engagement.batch.reason.${s.reason}`, { count: s.count })}
        </Text>
      ))}
    </Stack>
  );
}

/** A batch's progress, asked again every second until it is done. */
function BatchProgress({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, isError } = useBatch(id);
  if (isError) return <Alert color="red">{t('engagement.batch.gone')}</Alert>;
  if (!data) return <Progress value={0} animated aria-label={t('engagement.batch.progressLabel')} />;
  const b: LetterBatch = data;
  const toSend = b.sent + b.pending + b.failed;
  const value = toSend ? ((b.sent + b.failed) / toSend) * 100 : 100;
  return (
    <Stack gap="xs" data-testid="batch-progress" data-state={b.state}>
      <Progress
        value={value}
        animated={b.state === 'running'}
        aria-label={t('engagement.batch.progressLabel')}
        color={b.failed ? 'orange' : undefined}
      />
      <Text size="sm" data-testid="batch-counts">
        {t(b.state === 'done' ? 'engagement.batch.done' : 'engagement.batch.running', {
          sent: b.sent,
          total: toSend,
        })}
      </Text>
      {b.failed > 0 && (
        <Text size="sm" c="red">
          {t('engagement.batch.failed', { count: b.failed })}
        </Text>
      )}
      <Skipped skipped={b.skipped} />
      <Group>
        <Button variant="subtle" onClick={onClose}>
          {t('engagement.batch.hide')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The year, service type and deposit; the server's dry-run count; then the send, confirmed. */
function BatchForm({ onSent }: { onSent: (id: string) => void }) {
  const { t } = useTranslation();
  const years = useTaxYears();
  const types = useServiceTypes();
  const preview = useBatchPreview();
  const create = useCreateBatch();
  const [year, setYear] = useState<string | null>(null);
  const [type, setType] = useState<string | null>(null);
  const [deposit, setDeposit] = useState<string | number>('');
  const [error, setError] = useState<string | null>(null);
  const [counted, setCounted] = useState<LetterBatchPreview | null>(null);
  const chosenYear = year ?? (years.data?.items[0] ? String(years.data.items[0].year) : null);
  const body = (): LetterBatchBody => ({
    tax_year: Number(chosenYear),
    ...(type ? { service_type_id: type } : {}),
    deposit_cents: cents(deposit) > 0 ? cents(deposit) : null,
  });
  const fail = (err: unknown) => setError(isApiError(err) ? err.detail : t('common.somethingWentWrong'));
  const changed = () => {
    setCounted(null);
    setError(null);
  };

  const count = async () => {
    setError(null);
    try {
      setCounted(await preview.mutateAsync(body()));
    } catch (err) {
      fail(err);
    }
  };
  const send = async () => {
    setError(null);
    try {
      onSent((await create.mutateAsync(body())).id);
    } catch (err) {
      fail(err);
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('engagement.batch.intro')}
      </Text>
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t('engagement.batch.year')}
          data={(years.data?.items ?? []).map((y) => String(y.year))}
          value={chosenYear}
          onChange={(v) => {
            setYear(v);
            changed();
          }}
          allowDeselect={false}
          data-testid="batch-year"
          style={{ flex: '1 1 120px' }}
        />
        <Select
          label={t('engagement.batch.serviceType')}
          data={[
            { value: '', label: t('engagement.batch.anyType') },
            ...(types.data?.items ?? []).map((s) => ({ value: s.id, label: s.name })),
          ]}
          value={type ?? ''}
          onChange={(v) => {
            setType(v || null);
            changed();
          }}
          allowDeselect={false}
          data-testid="batch-type"
          style={{ flex: '2 1 200px' }}
        />
      </Group>
      <NumberInput
        label={t('engagement.new.deposit')}
        description={t('engagement.batch.depositHint')}
        prefix="$"
        decimalScale={2}
        min={0}
        value={deposit}
        onChange={(v) => {
          setDeposit(v);
          changed();
        }}
        maw={240}
        data-testid="batch-deposit"
      />
      {error && (
        <Alert color="red" data-testid="batch-error">
          {error}
        </Alert>
      )}
      {counted && (
        <Paper withBorder p="sm" data-testid="batch-preview">
          <Text fw={600} data-testid="batch-to-send">
            {t('engagement.batch.toSend', { count: counted.to_send, total: counted.total })}
          </Text>
          <Skipped skipped={counted.skipped} />
        </Paper>
      )}
      <Group justify="flex-end" wrap="wrap">
        {counted && counted.to_send > 0 ? (
          <Button onClick={() => void send()} loading={create.isPending} data-testid="batch-send">
            {t('engagement.batch.send', { count: counted.to_send })}
          </Button>
        ) : (
          <Button
            variant="light"
            onClick={() => void count()}
            loading={preview.isPending}
            disabled={!chosenYear}
            data-testid="batch-count"
          >
            {t('engagement.batch.count')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/**
 * Staff's "Send letters for a season" (docs/decisions/0036, "Bulk sending"): a year (and a service type), the count
 * the server would send now, a confirmation, then the batch's progress; the batch's id stays in the address
 * (`?batch=`) so a reload keeps watching it.
 */
export function SeasonBatch() {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const [search, setSearch] = useSearchParams();
  const batchId = search.get('batch');
  const [open, setOpen] = useState(false);
  // The batch sent from this dialog, watched in it; an earlier one (the address's) is watched on the page.
  const [sent, setSent] = useState<string | null>(null);
  const watch = (id: string | null) =>
    setSearch(
      (s) => {
        const next = new URLSearchParams(s);
        if (id) next.set('batch', id);
        else next.delete('batch');
        return next;
      },
      { replace: true },
    );
  return (
    <>
      <Group>
        <Button
          variant="light"
          onClick={() => {
            setSent(null);
            setOpen(true);
          }}
          data-testid="batch-open"
        >
          {t('engagement.batch.open')}
        </Button>
      </Group>
      {batchId && !open && (
        <Paper withBorder p="md">
          <BatchProgress id={batchId} onClose={() => watch(null)} />
        </Paper>
      )}
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('engagement.batch.title')}
        fullScreen={isPhone}
        size="lg"
      >
        {sent ? (
          <BatchProgress id={sent} onClose={() => setOpen(false)} />
        ) : (
          <BatchForm
            onSent={(id) => {
              setSent(id);
              watch(id);
            }}
          />
        )}
      </Modal>
    </>
  );
}
