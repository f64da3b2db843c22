// What the inbox's lists and its detail views share.
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export const BASE = '/inbox';
export type Tab = 'enquiries' | 'submissions';

export function StatusBadge({ status }: { status: 'new' | 'handled' }) {
  const { t } = useTranslation();
  return (
    <Badge color={status === 'new' ? 'blue' : 'gray'} variant="light">
      {t(`siteInbox.status.${status}`)}
    </Badge>
  );
}
