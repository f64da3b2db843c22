import { Button } from '@mantine/core';
import { IconCreditCard, IconDownload } from '@tabler/icons-react';
import { PAYABLE_INVOICE_STATUSES, type InvoiceSummary } from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/index.ts';
import { showErrorToast } from '../../ui/toast.tsx';
import { downloadPdf } from './invoice-pdf.ts';
import { openPayDialog } from './pay-dialog-store.ts';

const canPay = (invoice: Pick<InvoiceSummary, 'status' | 'outstanding_cents'>) =>
  PAYABLE_INVOICE_STATUSES.includes(invoice.status) && invoice.outstanding_cents > 0;

/** 'Pay' on an Unpaid or Overdue invoice (the customer's own); opens the card dialog. */
export function PayButton({
  invoice,
  size = 'sm',
  fullWidth,
}: {
  invoice: Pick<InvoiceSummary, 'id' | 'name' | 'status' | 'outstanding_cents' | 'currency'>;
  size?: 'xs' | 'sm' | 'md';
  fullWidth?: boolean;
}) {
  const { t } = useTranslation();
  if (!canPay(invoice)) return null;
  return (
    <Button
      size={size}
      fullWidth={fullWidth}
      leftSection={<IconCreditCard size={16} aria-hidden />}
      onClick={(e) => {
        e.stopPropagation();
        e.preventDefault();
        openPayDialog(invoice);
      }}
      data-testid="pay-button"
    >
      {t('billing.pay.button')}
    </Button>
  );
}

/** Downloads the invoice's PDF; a failure shows the server's message (SPEC §8). */
export function PdfButton({ path, fileName, size = 'sm' }: { path: string; fileName: string; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size={size}
      variant="default"
      loading={busy}
      leftSection={<IconDownload size={16} aria-hidden />}
      onClick={async (e) => {
        e.stopPropagation();
        setBusy(true);
        try {
          await downloadPdf(path, fileName, t('common.somethingWentWrong'));
        } catch (err) {
          showErrorToast(isApiError(err) ? err.detail : t('common.somethingWentWrong'));
        } finally {
          setBusy(false);
        }
      }}
      data-testid="pdf-button"
    >
      {t('billing.downloadPdf')}
    </Button>
  );
}
