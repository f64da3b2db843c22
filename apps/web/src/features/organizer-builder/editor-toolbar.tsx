import { Button, Drawer, Group, List, Stack, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import type { OrganizerDetail } from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { ToneBadge } from '../../ui/tone-badge.tsx';

/**
 * The editor's state in words (the version tickets get, a draft, unsaved changes) and its actions: save the draft,
 * publish it (after saying what publishing does to answers already given), the versions, the template's settings
 * and archiving.
 */
export function EditorToolbar({
  detail,
  dirty,
  busy,
  onSave,
  onPublish,
  onSettings,
  onArchive,
}: {
  detail: OrganizerDetail;
  dirty: boolean;
  busy: boolean;
  onSave: () => void;
  onPublish: () => Promise<void>;
  onSettings: () => void;
  onArchive: () => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const [publishing, setPublishing] = useState(false);
  const [archiving, setArchiving] = useState(false);
  const [history, setHistory] = useState(false);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const next = Math.max(0, ...detail.versions.filter((v) => v.published_at).map((v) => v.version)) + 1;
  const canPublish = dirty || detail.has_draft;
  const versions = [...detail.versions].sort((a, b) => b.version - a.version);

  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap" role="status" data-testid="editor-state">
        {detail.published_version !== null ? (
          <ToneBadge tone="success">
            {t('organizerBuilder.list.version', { version: detail.published_version })}
          </ToneBadge>
        ) : (
          <ToneBadge tone="neutral">{t('organizerBuilder.list.unpublished')}</ToneBadge>
        )}
        {detail.has_draft && !dirty && <ToneBadge tone="warning">{t('organizerBuilder.editor.draftSaved')}</ToneBadge>}
        {dirty && <ToneBadge tone="danger">{t('organizerBuilder.editor.unsaved')}</ToneBadge>}
      </Group>
      <Group gap="xs" wrap="wrap">
        <Button variant="light" onClick={onSave} loading={busy} disabled={!dirty} data-testid="organizer-save">
          {t('organizerBuilder.editor.save')}
        </Button>
        <Button onClick={() => setPublishing(true)} disabled={!canPublish || busy} data-testid="organizer-publish">
          {t('organizerBuilder.editor.publish')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconHistory size={16} />}
          onClick={() => setHistory(true)}
          data-testid="organizer-versions"
        >
          {t('organizerBuilder.editor.versions')}
        </Button>
        <Button variant="default" onClick={onSettings} data-testid="organizer-settings">
          {t('organizerBuilder.editor.settings')}
        </Button>
        <Button variant="light" color="red" onClick={() => setArchiving(true)} data-testid="organizer-archive">
          {t('organizerBuilder.editor.archive')}
        </Button>
      </Group>
      <ConfirmDialog
        opened={publishing}
        label={t('organizerBuilder.publish.title')}
        message={t('organizerBuilder.publish.message', { version: next })}
        details={
          <List size="sm" mt="sm">
            <List.Item>{t('organizerBuilder.publish.newTickets')}</List.Item>
            <List.Item>{t('organizerBuilder.publish.keepVersion')}</List.Item>
            {dirty && <List.Item>{t('organizerBuilder.publish.savesFirst')}</List.Item>}
          </List>
        }
        confirmLabel={t('organizerBuilder.publish.confirm', { version: next })}
        busy={busy}
        onCancel={() => setPublishing(false)}
        onConfirm={() => void onPublish().finally(() => setPublishing(false))}
        testId="publish-dialog"
      />
      <ConfirmDialog
        opened={archiving}
        label={t('organizerBuilder.archive.title')}
        message={t('organizerBuilder.archive.message', { name: detail.name })}
        details={
          <Text size="sm" mt="sm">
            {t('organizerBuilder.archive.keep')}
          </Text>
        }
        confirmLabel={t('organizerBuilder.archive.confirm')}
        danger
        onCancel={() => setArchiving(false)}
        onConfirm={() => void onArchive().finally(() => setArchiving(false))}
        testId="archive-dialog"
      />
      <Drawer
        opened={history}
        onClose={() => setHistory(false)}
        title={t('organizerBuilder.editor.versions')}
        position="right"
        size="md"
      >
        {versions.length === 0 ? (
          <Text c="dimmed">{t('organizerBuilder.versions.none')}</Text>
        ) : (
          <List spacing="xs" data-testid="version-list">
            {versions.map((v) => (
              <List.Item key={v.version}>
                <Text fw={600} size="sm">
                  {t('organizerBuilder.list.version', { version: v.version })}
                </Text>
                <Text size="sm" c="dimmed">
                  {v.published_at
                    ? t('organizerBuilder.versions.published', { date: when.format(new Date(v.published_at)) })
                    : t('organizerBuilder.versions.draft')}
                  {v.version === detail.published_version ? ` · ${t('organizerBuilder.versions.current')}` : ''}
                </Text>
              </List.Item>
            ))}
          </List>
        )}
      </Drawer>
    </Stack>
  );
}
