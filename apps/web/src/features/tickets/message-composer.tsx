import { Button, Group, Stack, Switch, Textarea } from '@mantine/core';
import { IconNote, IconSend } from '@tabler/icons-react';
import { MESSAGE_MAX_LENGTH } from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/index.ts';
import { showErrorToast } from '../../ui/toast.tsx';
import classes from './conversation.module.css';
import { usePostMessage } from './conversation-api.ts';

/** Enter sends, Shift+Enter starts a new line; staff may write an internal note instead. */
export function MessageComposer({ ticketId, isStaff }: { ticketId: string; isStaff: boolean }) {
  const { t } = useTranslation();
  const [body, setBody] = useState('');
  const [internal, setInternal] = useState(false);
  const post = usePostMessage(ticketId);

  const send = async () => {
    const text = body.trim();
    if (!text || post.isPending) return;
    try {
      await post.mutateAsync({ body: text, internal: isStaff && internal });
      setBody('');
    } catch (err) {
      showErrorToast(isApiError(err) ? err.detail : t('common.somethingWentWrong'));
    }
  };

  return (
    <Stack gap="xs" className={classes.composer} data-internal={internal || undefined}>
      <Textarea
        aria-label={internal ? t('conversation.noteLabel') : t('conversation.messageLabel')}
        placeholder={internal ? t('conversation.notePlaceholder') : t('conversation.placeholder')}
        autosize
        minRows={2}
        maxRows={8}
        maxLength={MESSAGE_MAX_LENGTH}
        value={body}
        onChange={(e) => setBody(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void send();
          }
        }}
        data-testid="message-input"
      />
      <Group justify="space-between" gap="xs">
        {isStaff ? (
          <Switch
            label={t('conversation.internalToggle')}
            checked={internal}
            onChange={(e) => setInternal(e.currentTarget.checked)}
            color="yellow"
            data-testid="internal-toggle"
          />
        ) : (
          <span />
        )}
        <Button
          onClick={() => void send()}
          loading={post.isPending}
          disabled={!body.trim()}
          leftSection={internal ? <IconNote size={16} /> : <IconSend size={16} />}
          color={internal ? 'yellow.8' : undefined}
          data-testid="message-send"
        >
          {internal ? t('conversation.addNote') : t('conversation.send')}
        </Button>
      </Group>
    </Stack>
  );
}
