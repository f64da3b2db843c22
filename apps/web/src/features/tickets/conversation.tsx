import { Button, Center, Divider, Group, Text } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { TicketDetail, TicketMessage } from '@taxportal/contract';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../lib/query-keys.ts';
import { formatDateTime, formatRelative } from '../../ui/format.ts';
import { LinkifiedText } from '../../ui/linkified-text.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { ToneBadge } from '../../ui/tone-badge.tsx';
import classes from './conversation.module.css';
import { flattenMessages, useMarkRead, useMessages } from './conversation-api.ts';
import { MessageComposer } from './message-composer.tsx';

function MessageBubble({ message, mine }: { message: TicketMessage; mine: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={classes.row} data-mine={mine || undefined}>
      <div
        className={classes.bubble}
        data-internal={message.internal || undefined}
        data-testid={message.internal ? 'internal-note' : 'message'}
      >
        <Group gap={6} mb={2} wrap="wrap">
          <Text size="xs" fw={700}>
            {mine ? t('conversation.you') : (message.author?.full_name ?? t('common.systemAuthor'))}
          </Text>
          {message.author?.is_staff && !mine && (
            <ToneBadge size="xs" tone="neutral">
              {t('conversation.staff')}
            </ToneBadge>
          )}
          {message.internal && (
            <ToneBadge size="xs" tone="warning">
              {t('conversation.internalNote')}
            </ToneBadge>
          )}
          <Text size="xs" c="dimmed" title={formatDateTime(message.created_at)}>
            {formatRelative(message.created_at)}
          </Text>
        </Group>
        <LinkifiedText text={message.body} size="sm" data-testid="message-body" />
      </div>
    </div>
  );
}

/**
 * The ticket's conversation, oldest to newest, with "load older" (pages of 100), a divider
 * before what the viewer had not read, and live messages from the realtime client.
 */
export function Conversation({
  ticket,
  isStaff,
  viewerId,
}: {
  ticket: TicketDetail;
  isStaff: boolean;
  viewerId: string;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const messages = useMessages(ticket.id);
  const markRead = useMarkRead(ticket.id);
  const scroller = useRef<HTMLDivElement>(null);
  const [firstUnreadId, setFirstUnreadId] = useState<string | null | undefined>(undefined);
  const items = flattenMessages(messages.data?.pages);
  const latest = items.at(-1);

  // Where the unread part began when the page opened: the last `unread_count` messages of others.
  // Decided once, during the render that first has the messages (React's "adjust state on change").
  if (firstUnreadId === undefined && messages.data) {
    const others = items.filter((m) => m.author?.id !== viewerId);
    const count = Math.min(ticket.unread_count, others.length);
    setFirstUnreadId(count > 0 ? (others.at(-count)?.id ?? null) : null);
  }

  // Reading the page is reading the conversation: clear the unread count whenever it grows.
  const unread = ticket.unread_count;
  const { mutate: markAsRead, isPending: marking } = markRead;
  // Once per newest message: the ticket's count still says unread until its refetch answers (it was sent 2-3 times).
  const markedUpTo = useRef<string | null>(null);
  useEffect(() => {
    if (!messages.data || unread === 0 || marking || markedUpTo.current === (latest?.id ?? '')) return;
    markedUpTo.current = latest?.id ?? '';
    markAsRead(undefined, {
      onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.ticketDetails }),
      onError: () => {
        markedUpTo.current = null; // tried again at the next change
      },
    });
  }, [messages.data, unread, latest?.id, markAsRead, marking, client]);

  // Follow the newest message unless the reader scrolled up to read older ones.
  const lastSeen = useRef<string | undefined>(undefined);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !latest || latest.id === lastSeen.current) return;
    const nearBottom = el.scrollHeight - el.scrollTop - el.clientHeight < 160;
    if (lastSeen.current === undefined || nearBottom || latest.author?.id === viewerId) el.scrollTop = el.scrollHeight;
    lastSeen.current = latest.id;
  }, [latest, viewerId]);

  return (
    <SectionCard title={t('conversation.title')} icon={IconMessages} data-testid="conversation">
      {messages.isPending ? (
        <PageLoader />
      ) : (
        // A scrolling log of the messages: reachable by keyboard and named (axe: scrollable-region-focusable).
        <div
          className={classes.scroller}
          ref={scroller}
          role="log"
          tabIndex={0}
          aria-label={t('conversation.title')}
          aria-live="polite"
          data-testid="message-list"
        >
          {messages.hasNextPage && (
            <Center>
              <Button
                variant="subtle"
                size="xs"
                onClick={() => void messages.fetchNextPage()}
                loading={messages.isFetchingNextPage}
                data-testid="load-older"
              >
                {t('conversation.loadOlder')}
              </Button>
            </Center>
          )}
          {items.length === 0 && (
            <Text c="dimmed" ta="center" size="sm" py="lg">
              {t('conversation.empty')}
            </Text>
          )}
          {items.map((m) => (
            <div key={m.id}>
              {m.id === firstUnreadId && (
                <Divider
                  className={classes.newDivider}
                  label={t('conversation.newMessages')}
                  labelPosition="center"
                  color="red"
                  my="xs"
                  data-testid="unread-marker"
                />
              )}
              <MessageBubble message={m} mine={m.author?.id === viewerId} />
            </div>
          ))}
        </div>
      )}
      <MessageComposer ticketId={ticket.id} isStaff={isStaff} />
    </SectionCard>
  );
}
