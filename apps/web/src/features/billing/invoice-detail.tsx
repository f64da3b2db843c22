import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconEdit, IconSend, IconX } from '@tabler/icons-react';
import {
  endpoints,
  hasAnyRole,
  isCancellableInvoice,
  isStaffRole,
  type Invoice,
  type Session,
} from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { endpointUrl, isApiError } from '../../lib/api/index.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';

import { PageLoader } from '../../ui/page-loader.tsx';
import { showErrorToast, showSuccessToast } from '../../ui/toast.tsx';
import { useIsPhone } from '../../ui/use-is-phone.ts';
import { useInvoice, useInvoiceAction } from './billing-api.ts';
import { PayButton, PdfButton } from './invoice-actions.tsx';
import { InvoiceEditor, InvoiceEditorDialog } from './invoice-editor-dialog.tsx';
import { InvoiceLines } from './invoice-lines.tsx';
import { InvoiceKindBadge } from './invoice-kind-badge.tsx';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';
import { PaymentsSection } from './payments-section.tsx';
import { ShareLinkButton } from './share-link.tsx';
import { Fact } from '../../ui/fact.tsx';
import { loadOnIntent } from '../../lib/lazy-component.ts';
import { formatDay } from './billing-format.ts';

const ticketPath = (name: string) => `/form/message/${encodeURIComponent(name)}`;

/** Staff actions on a draft or unpaid invoice (or one credits covered): edit and issue a draft, cancel. */
function StaffActions({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const action = useInvoiceAction();
  const [editing, setEditing] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const run = (kind: 'issue' | 'cancel') =>
    action.mutate(
      { id: invoice.id, action: kind },
      {
        onSuccess: () => showSuccessToast(t(kind === 'issue' ? 'billing.issuedToast' : 'billing.cancelledToast')),
        onError: (err) => showErrorToast(err.message),
        onSettled: () => setCancelling(false),
      },
    );
  return (
    <>
      {invoice.status === 'Draft' && (
        <>
          <Button
            variant="default"
            leftSection={<IconEdit size={16} aria-hidden />}
            onClick={() => setEditing(true)}
            {...loadOnIntent(InvoiceEditor)}
            data-testid="edit-draft"
          >
            {t('billing.editDraft')}
          </Button>
          <Button
            leftSection={<IconSend size={16} aria-hidden />}
            onClick={() => run('issue')}
            loading={action.isPending}
            data-testid="issue-draft"
          >
            {t('billing.editor.issue')}
          </Button>
        </>
      )}
      {isCancellableInvoice(invoice) && (
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconX size={16} aria-hidden />}
          onClick={() => setCancelling(true)}
          data-testid="cancel-invoice"
        >
          {t('billing.cancelInvoice')}
        </Button>
      )}
      <InvoiceEditorDialog
        opened={editing}
        onClose={() => setEditing(false)}
        draft={invoice}
        ticket={{
          id: invoice.ticket_id,
          name: invoice.ticket_name,
          service: { id: '', name: invoice.service_name ?? '', price_cents: 0, currency: invoice.currency },
        }}
      />
      <ConfirmDialog
        opened={cancelling}
        label={t('billing.cancelInvoice')}
        message={t('billing.cancelConfirm', { name: invoice.name })}
        busy={action.isPending}
        onCancel={() => setCancelling(false)}
        onConfirm={() => run('cancel')}
        testId="cancel-confirm"
      />
    </>
  );
}

/** /billing/:id: one invoice with its lines, tax, totals, due date and payments; PDF, Pay, share link. */
export function InvoiceDetail({ id, session }: { id: string; session: Session }) {
  const { t } = useTranslation();
  const query = useInvoice(id);
  const isStaff = isStaffRole(session.login_role);
  const isAdmin = hasAnyRole(session.roles, ['Admin']);
  const isPhone = useIsPhone();

  const back = (
    <Anchor component={Link} to="/billing" size="sm">
      <Group gap={4}>
        <IconArrowLeft size={16} aria-hidden />
        {t('billing.backToList')}
      </Group>
    </Anchor>
  );
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    const notFound = isApiError(query.error) && query.error.status === 404;
    return (
      <Stack gap="md">
        {back}
        <Alert
          color={notFound ? 'gray' : 'red'}
          variant="light"
          title={notFound ? t('billing.notFound') : undefined}
          data-testid="invoice-not-found"
        >
          {notFound ? t('billing.notFoundText') : query.error.message}
        </Alert>
      </Stack>
    );
  }
  const inv = query.data;
  const isOwner = inv.customer_id === session.user.id;

  return (
    <Stack gap="md" data-testid="invoice-detail" data-invoice={inv.name}>
      {back}
      <Group justify="space-between" align="flex-start" gap="sm">
        <Group gap="sm" align="center">
          <Title order={1} size="h2" data-testid="invoice-name">
            {inv.name}
          </Title>
          <InvoiceStatusBadge status={inv.status} size="lg" />
          <InvoiceKindBadge kind={inv.kind} size="lg" />
        </Group>
        {/* On a phone Pay takes the whole width and the other actions share the line under it. */}
        <Group gap="sm" w={isPhone ? '100%' : undefined}>
          {isOwner && <PayButton invoice={inv} fullWidth={isPhone} />}
          <Group gap="sm" w={isPhone ? '100%' : undefined} grow={isPhone}>
            {inv.status !== 'Draft' && (
              <PdfButton path={endpointUrl(endpoints.getInvoicePdf, { id: inv.id })} fileName={`${inv.name}.pdf`} />
            )}
            {inv.status !== 'Draft' && inv.status !== 'Cancelled' && (isStaff || isOwner) && (
              <ShareLinkButton invoiceId={inv.id} />
            )}
            {isStaff && <StaffActions invoice={inv} />}
          </Group>
        </Group>
      </Group>
      {inv.status === 'Overdue' && (
        <Alert color="red" variant="light">
          {t('billing.overdueText', { date: formatDay(inv.due_date) })}
        </Alert>
      )}
      {isStaff && inv.last_payment_error && (inv.status === 'Unpaid' || inv.status === 'Overdue') && (
        <Alert color="orange" variant="light" data-testid="last-payment-error">
          {t('billing.lastPaymentError', { error: inv.last_payment_error })}
        </Alert>
      )}
      <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'lg' }}>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" mb="lg">
          <Fact label={t('billing.col.postingDate')}>{formatDay(inv.posting_date)}</Fact>
          <Fact label={t('billing.col.dueDate')}>
            <span data-testid="due-date-value">{formatDay(inv.due_date)}</span>
          </Fact>
          <Fact label={t('billing.col.ticket')}>
            <Anchor component={Link} to={ticketPath(inv.ticket_name)} size="sm">
              {inv.ticket_name}
            </Anchor>
          </Fact>
          <Fact label={t('billing.col.customer')}>{inv.customer_name}</Fact>
        </SimpleGrid>
        <InvoiceLines invoice={inv} />
      </Paper>
      <PaymentsSection invoice={inv} isAdmin={isAdmin} />
    </Stack>
  );
}
