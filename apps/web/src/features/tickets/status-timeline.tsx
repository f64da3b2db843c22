import { Text, Timeline } from '@mantine/core';
import { IconArrowRight, IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../ui/format.ts';
import { SectionCard } from '../../ui/section-card.tsx';
import { useTicketHistory } from './tickets-api.ts';

/** Every status change (who, when, from, to, note), newest first. */
export function StatusTimeline({ ticketId }: { ticketId: string }) {
  const { t } = useTranslation();
  const history = useTicketHistory(ticketId);
  const items = history.data ? [...history.data.items].reverse() : [];
  return (
    <SectionCard title={t('ticket.timeline')} icon={IconHistory} data-testid="status-timeline">
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {history.isPending ? t('app.loading') : t('ticket.noHistory')}
        </Text>
      ) : (
        <Timeline active={0} bulletSize={18} lineWidth={2}>
          {items.map((c) => (
            <Timeline.Item
              key={c.id}
              bullet={<IconArrowRight size={10} />}
              title={
                <Text size="sm" fw={600}>
                  {c.from_label ? `${c.from_label} → ${c.to_label}` : t('ticket.created', { status: c.to_label })}
                </Text>
              }
              data-testid="timeline-item"
            >
              <Text size="xs" c="dimmed">
                {t('ticket.changedBy', { name: c.changed_by?.full_name ?? '—', when: formatDateTime(c.created_at) })}
              </Text>
              {c.note && (
                <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
                  {c.note}
                </Text>
              )}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </SectionCard>
  );
}
