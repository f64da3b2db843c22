import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// Scaffold: replaced by the feature's real page.
export function SharedInvoicePage() {
  const { t } = useTranslation();
  return <Title order={1}>{t('billing.title')}</Title>;
}
