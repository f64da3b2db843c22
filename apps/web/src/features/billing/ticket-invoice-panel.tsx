import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconFilePlus, IconReceipt, IconSend } from '@tabler/icons-react';
import type { TicketDetail } from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../ui/format.ts';
import { SectionCard } from '../../ui/section-card.tsx';
import { showErrorToast, showSuccessToast } from '../../ui/toast.tsx';
import { loadOnIntent } from '../../lib/lazy-component.ts';
import { useInvoiceAction, useTicketInvoice } from './billing-api.ts';
import { formatDay } from './billing-format.ts';
import { PayButton } from './invoice-actions.tsx';
import { InvoiceEditor, InvoiceEditorDialog } from './invoice-editor-dialog.tsx';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';
import { invoicePath } from './invoice-table.tsx';

const CLOSED_TICKET = new Set(['Cancelled', 'Closed']);

/** The ticket's invoice on the ticket page: staff create and issue it; the customer sees it and pays. */
export function TicketInvoicePanel({ ticket, isStaff }: { ticket: TicketDetail; isStaff: boolean }) {
  const { t } = useTranslation();
  const query = useTicketInvoice(ticket.id);
  const action = useInvoiceAction();
  const [editing, setEditing] = useState(false);
  const invoice = query.data ?? null;
  const live = invoice && invoice.status !== 'Cancelled' && invoice.status !== 'Refunded' ? invoice : null;

  if (!isStaff && (query.isPending || !invoice)) return null;

  return (
    <SectionCard title={t('billing.panel.title')} icon={IconReceipt} data-testid="ticket-invoice-panel">
      {query.isError && (
        <Alert color="red" variant="light">
          {query.error.message}
        </Alert>
      )}
      {invoice && (
        <Stack gap="xs" data-testid="ticket-invoice" data-invoice={invoice.name}>
          <Group justify="space-between" gap="xs">
            <Anchor component={Link} to={invoicePath(invoice.id)} fw={700} data-testid="ticket-invoice-link">
              {invoice.name}
            </Anchor>
            <InvoiceStatusBadge status={invoice.status} size="sm" />
          </Group>
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              {t('billing.grandTotal')}
            </Text>
            <Text fw={700}>{formatMoney(invoice.grand_total_cents, invoice.currency)}</Text>
          </Group>
          {/* A due date matters only while money is owed. */}
          {(invoice.status === 'Unpaid' || invoice.status === 'Overdue') && (
            <Text size="xs" c="dimmed">
              {t('billing.panel.due', { date: formatDay(invoice.due_date) })}
            </Text>
          )}
          {!isStaff && <PayButton invoice={invoice} fullWidth />}
          {isStaff && invoice.status === 'Draft' && (
            <Button
              leftSection={<IconSend size={16} aria-hidden />}
              loading={action.isPending}
              onClick={() =>
                action.mutate(
                  { id: invoice.id, action: 'issue' },
                  {
                    onSuccess: (inv) => showSuccessToast(t('billing.editor.issued', { name: inv.name })),
                    onError: (err) => showErrorToast(err.message),
                  },
                )
              }
              data-testid="issue-draft"
            >
              {t('billing.editor.issue')}
            </Button>
          )}
        </Stack>
      )}
      {isStaff && !live && !query.isPending && (
        <Stack gap="xs" align="flex-start">
          {!invoice && (
            <Text size="sm" c="dimmed">
              {t('billing.panel.none')}
            </Text>
          )}
          {CLOSED_TICKET.has(ticket.status) ? (
            <Text size="sm" c="dimmed">
              {t('billing.panel.closedTicket')}
            </Text>
          ) : (
            <>
              {ticket.status !== 'Ready For Invoice' && (
                <Text size="xs" c="dimmed">
                  {t('billing.panel.issueHint')}
                </Text>
              )}
              <Button
                variant="light"
                leftSection={<IconFilePlus size={16} aria-hidden />}
                onClick={() => setEditing(true)}
                {...loadOnIntent(InvoiceEditor)}
                data-testid="create-invoice"
              >
                {t('billing.panel.create')}
              </Button>
            </>
          )}
        </Stack>
      )}
      <InvoiceEditorDialog opened={editing} onClose={() => setEditing(false)} ticket={ticket} />
    </SectionCard>
  );
}
