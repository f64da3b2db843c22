import { Badge } from '@mantine/core';
import type { InvoiceKind } from '@taxportal/contract';
import { useTranslation } from 'react-i18next';

/** "Deposit" beside an engagement letter's deposit invoice (docs/decisions/0036); nothing for an ordinary one. */
export function InvoiceKindBadge({ kind, size = 'sm' }: { kind: InvoiceKind; size?: 'sm' | 'lg' }) {
  const { t } = useTranslation();
  if (kind !== 'deposit') return null;
  return (
    <Badge variant="light" color="grape" size={size} data-testid="invoice-deposit-badge">
      {t('billing.kind.deposit')}
    </Badge>
  );
}
