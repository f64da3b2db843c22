import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { consentLastDay, type ConsentStatus, type ConsentSummary } from '@taxportal/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatDay } from '../../ui/format.ts';

/** Colours with white text at AA contrast in the theme's filled badges (shade 9 for the light ones). */
const COLOURS: Record<ConsentStatus, string> = {
  sent: 'blue.9',
  signed: 'green.9',
  declined: 'gray.7',
  revoked: 'red.9',
  expired: 'gray.7',
  withdrawn: 'gray.7',
};

export function ConsentStatusBadge({ status }: { status: ConsentStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLOURS[status]} variant="filled" data-testid="consent-status" data-status={status}>
      {t(`consents.status.${status}`)}
    </Badge>
  );
}

/** Consents as cards (one layout at 390 px and on a desk): kind, purpose, recipient, status, dates. */
export function ConsentList({ items, showClient }: { items: readonly ConsentSummary[]; showClient: boolean }) {
  const { t } = useTranslation();
  if (!items.length)
    return (
      <Text c="dimmed" size="sm" data-testid="consents-empty">
        {t('consents.empty')}
      </Text>
    );
  return (
    <Stack gap="sm" data-testid="consent-list">
      {items.map((c) => (
        <Paper key={c.id} withBorder p="md" data-testid="consent-row" data-id={c.id}>
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
            <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
              <Anchor component={Link} to={`/consents/${encodeURIComponent(c.id)}`} fw={600}>
                {t(`consents.kind.${c.kind}`)}
                {showClient ? ` · ${c.customer.full_name}` : ''}
              </Anchor>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {c.purpose}
              </Text>
              {c.recipient_name && (
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {t('consents.col.recipient')}: {c.recipient_name} ({c.recipient_email})
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {t('consents.col.sent')}: {formatDate(c.created_at)}
                {c.status === 'signed' && c.expires_at
                  ? ` · ${t('consents.col.until')}: ${formatDay(consentLastDay(c.expires_at))}`
                  : ''}
              </Text>
            </Stack>
            <ConsentStatusBadge status={c.status} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
