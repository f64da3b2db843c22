import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Code,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconDownload, IconShieldCheck, IconShieldX } from '@tabler/icons-react';
import { type AuditChainReport, type AuditLogEntry, hasAnyRole } from '@taxportal/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/api/index.ts';
import { useSession } from '../../lib/session/index.ts';
import { ForbiddenNotice } from '../../ui/forbidden-notice.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { useIsPhone } from '../../ui/use-is-phone.ts';
import { type AuditFilters, auditCsvUrl, useAuditLog, useVerifyAuditLog } from './audit-log-api.ts';

const FIELDS = ['actor', 'action', 'entity_type', 'entity_id', 'from', 'to'] as const;
type Field = (typeof FIELDS)[number];

const filtersOf = (params: URLSearchParams): AuditFilters =>
  Object.fromEntries(FIELDS.flatMap((f) => (params.get(f) ? [[f, params.get(f)!]] : [])));

/** `2026-04-15 09:30:12` (UTC, as the log and the CSV keep it). */
const utc = (iso: string) => iso.slice(0, 19).replace('T', ' ');

function Who({ e, onPick }: { e: AuditLogEntry; onPick: (f: Field, v: string) => void }) {
  const { t } = useTranslation();
  if (!e.actor)
    return (
      <Text size="sm" c="dimmed">
        {t('auditLog.system')}
      </Text>
    );
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      ta="left"
      title={t('auditLog.filterBy')}
      onClick={() => onPick('actor', e.actor!.id)}
      style={{ overflowWrap: 'anywhere' }}
    >
      {e.actor.name ?? t('auditLog.deletedUser')}
      {e.actor.email && (
        <Text span size="xs" c="dimmed" display="block">
          {e.actor.email}
        </Text>
      )}
    </Anchor>
  );
}

function ObjectRef({ e, onPick }: { e: AuditLogEntry; onPick: (f: Field, v: string) => void }) {
  const { t } = useTranslation();
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      ta="left"
      title={t('auditLog.filterBy')}
      onClick={() => {
        onPick('entity_type', e.entity_type);
        if (e.entity_id) onPick('entity_id', e.entity_id);
      }}
      style={{ overflowWrap: 'anywhere' }}
    >
      {e.entity_type}
      {e.entity_id && (
        <Text span size="xs" c="dimmed" display="block" ff="monospace">
          {e.entity_id}
        </Text>
      )}
    </Anchor>
  );
}

const Origin = ({ e }: { e: AuditLogEntry }) => (
  <div>
    <Text size="xs">{e.ip ?? '—'}</Text>
    {e.user_agent && (
      <Text size="xs" c="dimmed" lineClamp={2} title={e.user_agent} style={{ overflowWrap: 'anywhere' }}>
        {e.user_agent}
      </Text>
    )}
  </div>
);

const Meta = ({ e }: { e: AuditLogEntry }) =>
  e.meta && Object.keys(e.meta).length ? (
    <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 11 }}>
      {JSON.stringify(e.meta)}
    </Code>
  ) : null;

function Entries({ entries, onPick }: { entries: AuditLogEntry[]; onPick: (f: Field, v: string) => void }) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  if (isPhone) {
    return (
      <Stack gap="xs">
        {entries.map((e) => (
          <Paper key={e.id} withBorder p="sm" data-testid="audit-entry">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Badge variant="light" style={{ textTransform: 'none' }}>
                {e.action}
              </Badge>
              <Text size="xs" c="dimmed">
                {utc(e.created_at)}
              </Text>
            </Group>
            <SimpleGrid cols={2} spacing="xs" mt="xs">
              <Who e={e} onPick={onPick} />
              <ObjectRef e={e} onPick={onPick} />
            </SimpleGrid>
            <Stack gap={4} mt="xs">
              <Origin e={e} />
              <Meta e={e} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Paper withBorder shadow="xs" p={0} style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={900} mb={0}>
        <Table verticalSpacing="xs" horizontalSpacing="md" striped data-testid="audit-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('auditLog.col.when')}</Table.Th>
              <Table.Th>{t('auditLog.col.who')}</Table.Th>
              <Table.Th>{t('auditLog.col.action')}</Table.Th>
              <Table.Th>{t('auditLog.col.object')}</Table.Th>
              <Table.Th>{t('auditLog.col.from')}</Table.Th>
              <Table.Th>{t('auditLog.col.details')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((e) => (
              <Table.Tr key={e.id} data-testid="audit-entry" style={{ verticalAlign: 'top' }}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{utc(e.created_at)}</Text>
                  <Text size="xs" c="dimmed">
                    #{e.seq ?? '…'}
                  </Text>
                </Table.Td>
                <Table.Td maw={220}>
                  <Who e={e} onPick={onPick} />
                </Table.Td>
                <Table.Td>
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    onClick={() => onPick('action', e.action)}
                    title={t('auditLog.filterBy')}
                  >
                    {e.action}
                  </Anchor>
                </Table.Td>
                <Table.Td maw={220}>
                  <ObjectRef e={e} onPick={onPick} />
                </Table.Td>
                <Table.Td maw={220}>
                  <Origin e={e} />
                </Table.Td>
                <Table.Td maw={260}>
                  <Meta e={e} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function ChainReport({ report }: { report: AuditChainReport }) {
  const { t } = useTranslation();
  if (report.ok)
    return (
      <Alert color="green" icon={<IconShieldCheck />} data-testid="chain-report">
        {t('auditLog.chainOk', { count: report.checked })}
      </Alert>
    );
  return (
    <Alert color="red" icon={<IconShieldX />} title={t('auditLog.chainBroken')} data-testid="chain-report">
      <Text size="sm">{t('auditLog.chainBrokenFirst', { count: report.checked })}</Text>
      <List size="sm" mt="xs">
        {report.breaks.map((b, i) => (
          <List.Item key={i}>
            {t(`auditLog.problem.${b.problem}`, {
              seq: b.seq ?? '',
              id: b.id ?? '',
              from: b.missing?.from ?? '',
              to: b.missing?.to ?? '',
            })}
          </List.Item>
        ))}
      </List>
      {report.truncated && <Text size="sm">{t('auditLog.more')}</Text>}
    </Alert>
  );
}

/** /admin/audit-log (Admin): FTC Safeguards Rule 314.4(c)(8), the log of what authorized users did. */
export function AuditLogPage() {
  const { t } = useTranslation();
  const { data: session } = useSession();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const [draft, setDraft] = useState<AuditFilters>(filters);
  const isAdmin = !!session && hasAnyRole(session.roles, ['Admin']);
  const log = useAuditLog(filters);
  const verify = useVerifyAuditLog();
  if (!session) return <PageLoader />;
  if (!isAdmin) return <ForbiddenNotice />;
  const entries = log.data?.pages.flatMap((p) => p.items) ?? [];

  const apply = (next: AuditFilters) => {
    setDraft(next);
    setParams(Object.fromEntries(Object.entries(next).filter(([, v]) => v)) as Record<string, string>, {
      replace: true,
    });
  };
  const onPick = (f: Field, v: string) => apply({ ...filters, ...draft, [f]: v });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply(Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, (v as string | undefined)?.trim()])));
  };
  const input = (f: Field, label: string, placeholder?: string, type = 'text') => (
    <TextInput
      label={label}
      placeholder={placeholder}
      type={type}
      value={draft[f] ?? ''}
      onChange={(e) => setDraft({ ...draft, [f]: e.currentTarget.value })}
      data-testid={`audit-filter-${f}`}
    />
  );

  return (
    <Stack gap="lg">
      <PageTitle
        title={t('auditLog.title')}
        subtitle={t('auditLog.intro')}
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              component="a"
              href={auditCsvUrl(filters)}
              download
              data-testid="audit-export"
            >
              {t('auditLog.exportCsv')}
            </Button>
            <Button
              leftSection={<IconShieldCheck size={16} />}
              loading={verify.isPending}
              onClick={() => verify.mutate()}
              data-testid="audit-verify"
            >
              {t('auditLog.verify')}
            </Button>
          </>
        }
      />
      {verify.data && <ChainReport report={verify.data} />}
      <Paper withBorder p="md" component="form" onSubmit={submit} aria-label={t('auditLog.filters')}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          {input('actor', t('auditLog.actor'), t('auditLog.actorPlaceholder'))}
          {input('action', t('auditLog.action'), t('auditLog.actionPlaceholder'))}
          {input('entity_type', t('auditLog.entityType'), t('auditLog.entityTypePlaceholder'))}
          {input('entity_id', t('auditLog.entityId'))}
          {input('from', t('auditLog.from'), undefined, 'date')}
          {input('to', t('auditLog.to'), undefined, 'date')}
        </SimpleGrid>
        <Group mt="md" gap="sm">
          <Button type="submit" data-testid="audit-apply">
            {t('auditLog.apply')}
          </Button>
          <Button variant="subtle" onClick={() => apply({})}>
            {t('auditLog.clear')}
          </Button>
        </Group>
      </Paper>
      {log.isError && <Alert color="red">{errorMessage(log.error)}</Alert>}
      {log.isPending ? (
        <PageLoader />
      ) : entries.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('auditLog.empty')}
        </Text>
      ) : (
        <Entries entries={entries} onPick={onPick} />
      )}
      {log.hasNextPage && (
        <Center>
          <Button variant="default" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
            {t('auditLog.loadMore')}
          </Button>
        </Center>
      )}
    </Stack>
  );
}
