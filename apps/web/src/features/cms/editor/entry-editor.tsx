import { Alert, Anchor, Badge, Button, Drawer, Grid, Group, Stack, Switch, Text } from '@mantine/core';
import { IconExternalLink, IconHistory } from '@tabler/icons-react';
import { CONTENT_SCHEMAS, publicPathOf, type Block, type ContentKind } from '@taxportal/contract';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { showSuccessToast } from '../../../ui/toast.tsx';
import { BlockBuilder } from './block-builder.tsx';
import { useRevisions, type Entry, type EntryData } from './editor-api.ts';
import { LivePreview } from './live-preview.tsx';
import { ObjectFields, SpanishContext, useFieldLabel } from './schema-form.tsx';
import { countMissingSpanish, hasSpanish } from './schema-form-shared.ts';
import { firstIssue } from './schema-reading.ts';

export const STATUS_COLOUR = { draft: 'gray', published: 'green', changed: 'orange' } as const;

export function StatusBadge({ status }: { status: Entry['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOUR[status]} variant="light" data-testid="entry-status">
      {t(`siteEditor.status.${status}`)}
    </Badge>
  );
}

function Revisions({
  kind,
  id,
  opened,
  onClose,
  onRestore,
}: {
  kind: ContentKind | 'settings';
  id: string;
  opened: boolean;
  onClose: () => void;
  onRestore: (revisionId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const { data } = useRevisions(kind, id, opened);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Drawer opened={opened} onClose={onClose} title={t('siteEditor.actions.revisions')} position="right" size="md">
      {data && data.items.length === 0 && <Text c="dimmed">{t('siteEditor.revisionsEmpty')}</Text>}
      <Stack gap="xs" data-testid="revisions">
        {data?.items.map((r, i) => (
          <Group key={r.id} justify="space-between" wrap="nowrap" data-testid={`revision-${i}`}>
            <div>
              <Text size="sm" fw={600}>
                {t(`siteEditor.revisionAction.${r.action}`)}
              </Text>
              <Text size="xs" c="dimmed">
                {when.format(new Date(r.created_at))}
                {r.author_name ? ` · ${r.author_name}` : ''}
              </Text>
            </div>
            <Button size="xs" variant="light" onClick={() => onRestore(r.id)} data-testid={`revision-${i}-restore`}>
              {t('siteEditor.actions.restore')}
            </Button>
          </Group>
        ))}
      </Stack>
    </Drawer>
  );
}

/**
 * How many of the entry's texts have no Spanish yet ("3 texts have no Spanish yet"), or, once it has Spanish, that
 * every written text has it. Publishing needs no Spanish: a page without it shows its English on the Spanish site,
 * with a note.
 */
function SpanishSummary({ missing, complete }: { missing: number; complete: boolean }) {
  const { t } = useTranslation();
  // Always there, empty or not, so that a screen reader hears it change (a live region added later is not heard).
  return (
    <Text
      size="sm"
      fw={missing ? 500 : undefined}
      c={missing ? undefined : 'dimmed'}
      role="status"
      data-testid="spanish-missing"
    >
      {missing ? t('siteEditor.spanishMissing', { count: missing }) : complete ? t('siteEditor.spanishComplete') : ''}
    </Text>
  );
}

/** What an editor screen can do with its entry; settings have no unpublish or delete. */
export interface EntryActions {
  save: (data: EntryData) => Promise<Entry>;
  publish: () => Promise<Entry>;
  unpublish?: () => Promise<Entry>;
  remove?: () => Promise<unknown>;
  restore?: (revisionId: string) => Promise<Entry>;
  /** After a save the user asked for (not the one publishing makes first). */
  afterSave?: (entry: Entry) => void;
  busy: boolean;
}

/**
 * One entry's editor: its schema's form (a page's blocks in the block builder), save draft, publish, unpublish,
 * revisions with restore, and for pages a live preview. `entry` is absent for one not created yet: the first save
 * creates it.
 */
export function EntryEditor({
  kind,
  schema,
  entry,
  initial,
  actions,
  header,
}: {
  kind: ContentKind | 'settings';
  schema: z.ZodType;
  entry: Entry | null;
  initial: EntryData;
  actions: EntryActions;
  header?: ReactNode;
}) {
  const { t } = useTranslation();
  const label = useFieldLabel();
  const [data, setData] = useState<EntryData>(entry?.draft ?? initial);
  const [baseline, setBaseline] = useState<EntryData>(entry?.draft ?? initial);
  const [issue, setIssue] = useState<{ path: string; message: string } | null>(null);
  // The Spanish side shows by itself for an entry that has any Spanish already; the switch hides or shows it.
  const [spanish, setSpanish] = useState(() => hasSpanish(entry?.draft ?? initial));
  const [revisionsOpen, setRevisionsOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  // A new server state (saved, published, restored) becomes what the form shows.
  const version = entry ? `${entry.id}:${entry.updated_at}:${entry.status}` : 'new';
  const [seen, setSeen] = useState(version);
  if (entry && version !== seen) {
    setSeen(version);
    setData(entry.draft);
    setBaseline(entry.draft);
    if (hasSpanish(entry.draft)) setSpanish(true);
  }
  const missingSpanish = useMemo(() => countMissingSpanish(data), [data]);
  const anySpanish = useMemo(() => hasSpanish(data), [data]);
  const dirty = useMemo(() => JSON.stringify(data) !== JSON.stringify(baseline), [data, baseline]);

  const check = () => {
    const found = firstIssue(schema, data);
    setIssue(found);
    return !found;
  };
  const save = async () => {
    if (!check()) return null;
    const saved = await actions.save(data);
    showSuccessToast(t('siteEditor.actions.saved'));
    return saved;
  };
  const publish = async () => {
    if (dirty || !entry) {
      if (!(await save())) return;
    } else if (!check()) return;
    await actions.publish();
    showSuccessToast(t('siteEditor.actions.published'));
  };
  const livePath =
    entry?.published && kind !== 'settings' ? publicPathOf(kind, String(entry.published.route ?? entry.key)) : null;

  const isPage = kind === 'pages';
  const blocks = (Array.isArray(data.blocks) ? data.blocks : []) as Block[];
  const form = (
    <ObjectFields
      schema={schema}
      value={data}
      onChange={(v) => setData(v as EntryData)}
      path=""
      overrides={
        isPage ? { blocks: <BlockBuilder blocks={blocks} onChange={(b) => setData({ ...data, blocks: b })} /> } : {}
      }
    />
  );
  const run = (p: () => Promise<unknown>) => () => void p().catch(() => undefined);
  const saveOnly = async () => {
    const saved = await save();
    if (saved) actions.afterSave?.(saved);
  };

  return (
    <SpanishContext value={spanish}>
      <Stack gap="md" data-testid="entry-editor">
        {header}
        <Group justify="space-between" gap="sm">
          <Group gap="xs">
            {entry && <StatusBadge status={entry.status} />}
            {dirty && (
              <Badge color="yellow" variant="outline">
                {t('siteEditor.status.changed')}
              </Badge>
            )}
            {livePath && (
              <Anchor href={livePath} target="_blank" rel="noopener" size="sm" data-testid="view-live">
                <Group gap={4} component="span">
                  {t('siteEditor.actions.viewLive')}
                  <IconExternalLink size={14} />
                </Group>
              </Anchor>
            )}
            <SpanishSummary missing={missingSpanish} complete={anySpanish} />
          </Group>
          <Group gap="xs">
            <Switch
              size="xs"
              label={t('siteEditor.spanish')}
              checked={spanish}
              onChange={(e) => setSpanish(e.currentTarget.checked)}
              data-testid="show-spanish"
            />
            {entry && actions.restore && (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconHistory size={14} />}
                onClick={() => setRevisionsOpen(true)}
                data-testid="open-revisions"
              >
                {t('siteEditor.actions.revisions')}
              </Button>
            )}
            {entry?.published && actions.unpublish && (
              <Button size="xs" variant="default" onClick={run(actions.unpublish)} data-testid="unpublish">
                {t('siteEditor.actions.unpublish')}
              </Button>
            )}
            {entry && actions.remove && (
              <Button size="xs" variant="subtle" color="red" onClick={() => setConfirmDelete(true)}>
                {t('siteEditor.actions.delete')}
              </Button>
            )}
            <Button size="xs" variant="light" onClick={run(saveOnly)} loading={actions.busy} data-testid="save-draft">
              {t('siteEditor.actions.save')}
            </Button>
            <Button size="xs" onClick={run(publish)} loading={actions.busy} data-testid="publish">
              {t('siteEditor.actions.publish')}
            </Button>
          </Group>
        </Group>
        {issue && (
          <Alert color="red" data-testid="entry-invalid" withCloseButton onClose={() => setIssue(null)}>
            {t('siteEditor.invalid', {
              field:
                issue.path
                  .split('.')
                  .filter((p) => !/^\d+$/.test(p))
                  .map(label)
                  .join(' › ') || '—',
              message: issue.message,
            })}
          </Alert>
        )}
        {isPage ? (
          <Grid gap="lg">
            {/* With its Spanish beside the English, the form takes more of the desk and the preview less. */}
            <Grid.Col span={{ base: 12, lg: spanish ? 7 : 6 }}>{form}</Grid.Col>
            <Grid.Col span={{ base: 12, lg: spanish ? 5 : 6 }}>
              <LivePreview page={data} />
            </Grid.Col>
          </Grid>
        ) : (
          form
        )}
      </Stack>
      {entry && actions.restore && (
        <Revisions
          kind={kind}
          id={entry.id}
          opened={revisionsOpen}
          onClose={() => setRevisionsOpen(false)}
          onRestore={(rid) =>
            void actions.restore!(rid)
              .then(() => {
                setRevisionsOpen(false);
                showSuccessToast(t('siteEditor.actions.restored'));
              })
              .catch(() => undefined)
          }
        />
      )}
      {actions.remove && (
        <ConfirmDialog
          opened={confirmDelete}
          label={t('siteEditor.actions.delete')}
          onCancel={() => setConfirmDelete(false)}
          onConfirm={() => {
            setConfirmDelete(false);
            void actions.remove!().catch(() => undefined);
          }}
          message={t('siteEditor.confirmDelete')}
        />
      )}
    </SpanishContext>
  );
}

export const schemaOf = (kind: ContentKind) => CONTENT_SCHEMAS[kind] as unknown as z.ZodType;
