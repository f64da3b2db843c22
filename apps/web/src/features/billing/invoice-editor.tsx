import { ActionIcon, Alert, Button, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { Invoice, InvoiceLineInput } from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../ui/format.ts';
import { formatRate } from './billing-format.ts';
import { useIsPhone } from '../../ui/use-is-phone.ts';
import { useOpenedOnceMounted } from '../../ui/once-opened.tsx';
import { showSuccessToast } from '../../ui/toast.tsx';
import { useSaveInvoice, useTaxTemplates } from './billing-api.ts';

interface DraftLine {
  key: number;
  description: string;
  quantity: number | string;
  unit: number | string;
  service_id?: string;
}

export interface InvoiceEditorProps {
  opened: boolean;
  onClose: () => void;
  /** The ticket being invoiced: its service and price start the lines. */
  ticket: { id: string; name: string; service: { id: string; name: string; price_cents: number; currency: string } };
  /** A draft to change instead of a new invoice. */
  draft?: Invoice | null;
}

let nextKey = 1;
const toCents = (v: number | string) => Math.round(Number(v || 0) * 100);

function startLines(props: InvoiceEditorProps): DraftLine[] {
  if (props.draft) {
    return props.draft.lines.map((l) => ({
      key: nextKey++,
      description: l.description,
      quantity: l.quantity,
      unit: l.unit_amount_cents / 100,
      service_id: l.service_id ?? undefined,
    }));
  }
  const s = props.ticket.service;
  return [{ key: nextKey++, description: s.name, quantity: 1, unit: s.price_cents / 100, service_id: s.id }];
}

/** Staff write an invoice: lines (from the ticket's service), a tax template, then save a draft or issue it. */
export function InvoiceEditor(props: InvoiceEditorProps) {
  const { opened, onClose, ticket, draft } = props;
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const [lines, setLines] = useState<DraftLine[]>(() => startLines(props));
  const [taxId, setTaxId] = useState<string | null>(draft?.tax?.template_id ?? null);
  const [dueDate, setDueDate] = useState(draft?.due_date ?? '');
  const templates = useTaxTemplates(opened);
  // Loaded when first opened (invoice-editor-dialog.tsx): it mounts closed, so the focus goes back on close.
  const shown = useOpenedOnceMounted(opened);
  const save = useSaveInvoice();
  const currency = draft?.currency ?? ticket.service.currency;

  const subtotal = lines.reduce(
    (sum, l) => sum + toCents(l.unit) * Math.max(0, Math.trunc(Number(l.quantity) || 0)),
    0,
  );
  const template = templates.data?.items.find((x) => x.id === taxId);
  const tax = template ? Math.round((subtotal * template.rate_bp) / 10_000) : 0;

  const setLine = (key: number, patch: Partial<DraftLine>) =>
    setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));

  const submit = (issue: boolean) => {
    const body: InvoiceLineInput[] = lines.map((l) => ({
      description: l.description,
      quantity: Number(l.quantity),
      unit_amount_cents: toCents(l.unit),
      ...(l.service_id ? { service_id: l.service_id } : {}),
    }));
    const common = { lines: body, tax_template_id: taxId, ...(dueDate ? { due_date: dueDate } : {}) };
    save.mutate(
      draft ? { id: draft.id, update: common, issue } : { create: { ticket_id: ticket.id, ...common, issue } },
      {
        onSuccess: (inv) => {
          showSuccessToast(
            issue ? t('billing.editor.issued', { name: inv.name }) : t('billing.editor.saved', { name: inv.name }),
          );
          onClose();
        },
      },
    );
  };
  const fieldError = (i: number, f: string) =>
    save.error && 'fieldMessage' in save.error
      ? (save.error as { fieldMessage: (f: string) => string | undefined }).fieldMessage(`lines.${i}.${f}`)
      : undefined;

  return (
    <Modal
      opened={shown}
      onClose={onClose}
      title={
        draft ? t('billing.editor.editTitle', { name: draft.name }) : t('billing.editor.title', { ticket: ticket.name })
      }
      size="xl"
      fullScreen={isPhone}
      centered
      radius="md"
      data-testid="invoice-editor"
    >
      <Stack gap="md">
        {save.error && (
          <Alert color="red" variant="light" data-testid="editor-error">
            {save.error.message}
          </Alert>
        )}
        {lines.map((l, i) => (
          <Group key={l.key} gap="xs" align="flex-start" wrap="wrap" data-testid="editor-line">
            <TextInput
              label={i === 0 || isPhone ? t('billing.col.description') : undefined}
              aria-label={t('billing.col.description')}
              value={l.description}
              onChange={(e) => setLine(l.key, { description: e.currentTarget.value })}
              error={fieldError(i, 'description')}
              style={{ flex: isPhone ? '1 1 100%' : '1 1 220px' }}
              data-testid="line-description"
            />
            <NumberInput
              label={i === 0 || isPhone ? t('billing.col.quantity') : undefined}
              aria-label={t('billing.col.quantity')}
              value={l.quantity}
              onChange={(v) => setLine(l.key, { quantity: v })}
              min={1}
              max={10000}
              allowDecimal={false}
              allowNegative={false}
              w={80}
              error={fieldError(i, 'quantity')}
              data-testid="line-quantity"
            />
            <NumberInput
              label={i === 0 || isPhone ? t('billing.col.unitPrice') : undefined}
              aria-label={t('billing.col.unitPrice')}
              value={l.unit}
              onChange={(v) => setLine(l.key, { unit: v })}
              min={0}
              decimalScale={2}
              fixedDecimalScale
              allowNegative={false}
              thousandSeparator=","
              w={130}
              error={fieldError(i, 'unit_amount_cents')}
              data-testid="line-unit"
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size={36}
              mt={i === 0 || isPhone ? 25 : 0}
              disabled={lines.length === 1}
              onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}
              aria-label={t('billing.editor.removeLine')}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setLines((ls) => [...ls, { key: nextKey++, description: '', quantity: 1, unit: '' }])}
            data-testid="add-line"
          >
            {t('billing.editor.addLine')}
          </Button>
        </Group>
        <Group gap="sm" wrap="wrap" align="flex-start">
          <Select
            label={t('billing.editor.taxTemplate')}
            placeholder={t('billing.noTax')}
            clearable
            data={(templates.data?.items ?? []).map((x) => ({
              value: x.id,
              label: `${x.name} (${formatRate(x.rate_bp)})`,
            }))}
            value={taxId}
            onChange={setTaxId}
            data-testid="tax-template"
            style={{ flex: '1 1 220px' }}
          />
          <TextInput
            type="date"
            label={t('billing.editor.dueDate')}
            description={t('billing.editor.dueDateHint')}
            value={dueDate}
            onChange={(e) => setDueDate(e.currentTarget.value)}
            data-testid="due-date"
            style={{ flex: '1 1 220px' }}
          />
        </Group>
        <Stack gap={2} ml="auto" w={{ base: '100%', sm: 280 }} data-testid="editor-totals">
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {t('billing.subtotal')}
            </Text>
            <Text size="sm">{formatMoney(subtotal, currency)}</Text>
          </Group>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {template ? template.name : t('billing.noTax')}
            </Text>
            <Text size="sm">{formatMoney(tax, currency)}</Text>
          </Group>
          <Group justify="space-between">
            <Text fw={700}>{t('billing.grandTotal')}</Text>
            <Text fw={700} data-testid="editor-total">
              {formatMoney(subtotal + tax, currency)}
            </Text>
          </Group>
        </Stack>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => submit(false)} loading={save.isPending} data-testid="save-draft">
            {t('billing.editor.saveDraft')}
          </Button>
          <Button onClick={() => submit(true)} loading={save.isPending} data-testid="issue-invoice">
            {t('billing.editor.issue')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
