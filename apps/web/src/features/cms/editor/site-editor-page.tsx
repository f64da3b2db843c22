import { Button, Card, Group, Stack, Table, Tabs, Text } from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { CONTENT_KINDS, siteSettingsSchema, type ContentKind } from '@taxportal/contract';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../lib/api/index.ts';
import { useSession } from '../../../lib/session/index.ts';
import { ForbiddenNotice } from '../../../ui/forbidden-notice.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import {
  useCreateEntry,
  useEntries,
  useEntry,
  useEntryMutations,
  usePublishById,
  useSettingsEntry,
  useSettingsMutations,
  type EntryData,
} from './editor-api.ts';
import { EntryEditor, schemaOf, StatusBadge } from './entry-editor.tsx';
import { MediaLibrary } from './media-library.tsx';
import { emptyOf } from './schema-reading.ts';
import { addEditorTexts } from './i18n.ts';

addEditorTexts();

const SECTIONS = ['pages', 'settings', ...CONTENT_KINDS.filter((k) => k !== 'pages'), 'media'] as const;
type Section = (typeof SECTIONS)[number];
const BASE = '/admin/site';

const isForbidden = (err: unknown) => isApiError(err) && (err.status === 403 || err.status === 401);

function EntryList({ kind }: { kind: ContentKind }) {
  const { t, i18n } = useTranslation();
  const { data, isLoading, error } = useEntries(kind);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  if (isForbidden(error)) return <ForbiddenNotice />;
  if (isLoading || !data) return <PageLoader />;
  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button
          component={Link}
          to={`${BASE}/${kind}/new`}
          leftSection={<IconPlus size={16} />}
          data-testid="entry-new"
        >
          {t('siteEditor.list.add')}
        </Button>
      </Group>
      {data.items.length === 0 ? (
        <Text c="dimmed">{t('siteEditor.list.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table striped highlightOnHover data-testid={`entries-${kind}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('siteEditor.list.title')}</Table.Th>
                <Table.Th>{t('siteEditor.list.key')}</Table.Th>
                <Table.Th>{t('siteEditor.list.status')}</Table.Th>
                <Table.Th>{t('siteEditor.list.updated')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((e) => (
                <Table.Tr key={e.id} data-testid={`entry-row-${e.key}${e.variant === 'mobile' ? '-mobile' : ''}`}>
                  <Table.Td>
                    <Link to={`${BASE}/${kind}/${e.id}`}>{e.title || e.key}</Link>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {e.key}
                      {e.variant === 'mobile' ? ` (${t('siteEditor.list.variantMobile')})` : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={e.status} />
                  </Table.Td>
                  <Table.Td>{when.format(new Date(e.updated_at))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function BackLink({ kind }: { kind: ContentKind }) {
  const { t } = useTranslation();
  return (
    <Group>
      <Button
        component={Link}
        to={`${BASE}/${kind}`}
        variant="subtle"
        size="xs"
        leftSection={<IconArrowLeft size={14} />}
      >
        {t('siteEditor.actions.back')}
      </Button>
    </Group>
  );
}

function NewEntry({ kind }: { kind: ContentKind }) {
  const created = useRef<string | null>(null);
  const navigate = useNavigate();
  const create = useCreateEntry(kind);
  const publishNew = usePublishById(kind);
  const schema = schemaOf(kind);
  const go = (id: string) => void navigate(`${BASE}/${kind}/${id}`, { replace: true });
  return (
    <EntryEditor
      kind={kind}
      schema={schema}
      entry={null}
      initial={emptyOf(schema) as EntryData}
      header={<BackLink kind={kind} />}
      actions={{
        busy: create.isPending || publishNew.isPending,
        // The first save creates the entry; its own page (by id) takes over after publishing or saving.
        save: async (data) => {
          const entry = await create.mutateAsync(data);
          created.current = entry.id;
          return entry;
        },
        publish: async () => {
          const entry = await publishNew.mutateAsync(created.current!);
          go(entry.id);
          return entry;
        },
        afterSave: (entry) => go(entry.id),
      }}
    />
  );
}

function ExistingEntry({ kind, id }: { kind: ContentKind; id: string }) {
  const navigate = useNavigate();
  const { data: entry, error, isLoading } = useEntry(kind, id);
  const m = useEntryMutations(kind, id);
  if (isForbidden(error)) return <ForbiddenNotice />;
  if (isLoading) return <PageLoader />;
  if (!entry) return <Navigate to={`${BASE}/${kind}`} replace />;
  return (
    <EntryEditor
      key={entry.id}
      kind={kind}
      schema={schemaOf(kind)}
      entry={entry}
      initial={entry.draft}
      header={<BackLink kind={kind} />}
      actions={{
        busy: m.save.isPending || m.publish.isPending || m.unpublish.isPending || m.restore.isPending,
        save: (data) => m.save.mutateAsync(data),
        publish: () => m.publish.mutateAsync(),
        unpublish: () => m.unpublish.mutateAsync(),
        restore: (rid) => m.restore.mutateAsync(rid),
        remove: async () => {
          await m.remove.mutateAsync();
          void navigate(`${BASE}/${kind}`, { replace: true });
        },
      }}
    />
  );
}

/** The colours a firm's first settings start with (a colour input cannot start empty). */
const FIRST_COLOURS = { primary: '#1c5d99', accent: '#f08c00' };

function SettingsEditor() {
  const { data: entry, error, isLoading } = useSettingsEntry();
  const m = useSettingsMutations();
  if (isForbidden(error)) return <ForbiddenNotice />;
  if (isLoading) return <PageLoader />;
  const schema = siteSettingsSchema as never;
  return (
    <EntryEditor
      key={entry?.id ?? 'new'}
      kind="settings"
      schema={schema}
      entry={entry ?? null}
      initial={entry?.draft ?? { ...(emptyOf(siteSettingsSchema as never) as EntryData), colors: FIRST_COLOURS }}
      actions={{
        busy: m.save.isPending || m.publish.isPending || m.restore.isPending,
        save: (data) => m.save.mutateAsync(data),
        publish: () => m.publish.mutateAsync(),
        restore: (rid) => m.restore.mutateAsync(rid),
      }}
    />
  );
}

/**
 * /admin/site (Admins and site editors): the public website's editor. `/admin/site/{section}` lists a kind of
 * content (or edits the settings), `/admin/site/{kind}/{id}` edits one entry, `/admin/site/{kind}/new` makes one.
 * The server refuses everyone else (403); the screen then says so.
 */
export function SiteEditorPage() {
  const { t } = useTranslation();
  const { data: session } = useSession();
  const navigate = useNavigate();
  const { section: raw, id } = useParams();
  if (!session) return <PageLoader />;
  if (session.roles.every((r) => r === 'Customer')) return <ForbiddenNotice />;
  const section: Section = (SECTIONS as readonly string[]).includes(raw ?? '') ? (raw as Section) : 'pages';
  const kind = section === 'settings' || section === 'media' ? null : section;
  let body;
  if (section === 'media') body = <MediaLibrary />;
  else if (!kind) body = <SettingsEditor />;
  else if (id === 'new') body = <NewEntry kind={kind} />;
  else if (id) body = <ExistingEntry key={id} kind={kind} id={id} />;
  else body = <EntryList kind={kind} />;
  return (
    <Stack gap="lg" data-testid="site-editor">
      <PageTitle title={t('siteEditor.title')} subtitle={t('siteEditor.intro')} />
      <Tabs value={section} onChange={(v) => v && void navigate(`${BASE}/${v}`)} keepMounted={false}>
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          {SECTIONS.map((s) => (
            <Tabs.Tab key={s} value={s} data-testid={`site-tab-${s}`}>
              {t(`siteEditor.tabs.${s}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Card withBorder padding="md">
        {body}
      </Card>
    </Stack>
  );
}

/** SPEC's page builder routes: `c` lists the pages, `c/{route}` opens the page at that route. */
export function PageBuilderByRoute() {
  const { page_route } = useParams();
  const { data, error } = useEntries('pages');
  if (isForbidden(error)) return <ForbiddenNotice />;
  if (!data) return <PageLoader />;
  const entry = data.items.find((e) => e.key === page_route && e.variant === 'web');
  return <Navigate to={entry ? `${BASE}/pages/${entry.id}` : `${BASE}/pages`} replace />;
}
