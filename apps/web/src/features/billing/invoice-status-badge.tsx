import { Badge, type MantineSize } from '@mantine/core';
import { INVOICE_STATUS_COLORS, type InvoiceStatus } from '@taxportal/contract';
import { useTranslation } from 'react-i18next';

export function InvoiceStatusBadge({ status, size = 'md' }: { status: InvoiceStatus; size?: MantineSize }) {
  const { t } = useTranslation();
  return (
    <Badge color={INVOICE_STATUS_COLORS[status]} variant="light" size={size} data-testid="invoice-status">
      {t(`billing.status.${status}`)}
    </Badge>
  );
}
