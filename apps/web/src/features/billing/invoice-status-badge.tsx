import { Badge, type MantineSize } from '@mantine/core';
import type { InvoiceStatus, PaymentEntryStatus } from '@taxportal/contract';
import { useTranslation } from 'react-i18next';
import classes from './invoice-status-badge.module.css';

/** An invoice's status (colours in the CSS module, readable at AA). */
export function InvoiceStatusBadge({ status, size = 'md' }: { status: InvoiceStatus; size?: MantineSize }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" className={classes.badge} data-status={status} size={size} data-testid="invoice-status">
      {t(`billing.status.${status}`)}
    </Badge>
  );
}

/** A payment entry's status: Submitted, Partly Refunded or Refunded. */
export function PaymentStatusBadge({ status }: { status: PaymentEntryStatus | string }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" className={classes.badge} data-status={status} size="sm">
      {t(`billing.paymentStatus.${status}`, { defaultValue: status })}
    </Badge>
  );
}

/** A count next to a heading, in the Unpaid tint. */
export function CountBadge({ count }: { count: number }) {
  return (
    <Badge variant="light" className={classes.badge} data-status="Unpaid">
      {count}
    </Badge>
  );
}

/** The "Test mode" label every payment screen shows when no Stripe keys are set. */
export function TestModeBadge({ label }: { label: string }) {
  return (
    <Badge variant="filled" className={classes.testMode} data-testid="test-mode-badge">
      {label}
    </Badge>
  );
}
