import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
} from '@mantine/core';
import { IconArrowLeft, IconCheck, IconMailForward, IconTicket } from '@tabler/icons-react';
import { isStaffRole, type Enquiry, type Submission } from '@taxportal/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api/index.ts';
import { useSession } from '../../../lib/session/index.ts';
import { ForbiddenNotice } from '../../../ui/forbidden-notice.tsx';
import { formatDateTime } from '../../../ui/format.ts';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { addInboxTexts } from './i18n.ts';
import {
  useEnquiries,
  useEnquiry,
  useMarkEnquiryHandled,
  useMarkSubmissionHandled,
  useReplyToEnquiry,
  useSubmission,
  useSubmissions,
  type InboxStatus,
} from './inbox-api.ts';
import { EnquiryTicketDialog } from './enquiry-ticket-dialog.tsx';

addInboxTexts();

const BASE = '/inbox';
type Tab = 'enquiries' | 'submissions';

function StatusBadge({ status }: { status: 'new' | 'handled' }) {
  const { t } = useTranslation();
  return (
    <Badge color={status === 'new' ? 'blue' : 'gray'} variant="light">
      {t(`siteInbox.status.${status}`)}
    </Badge>
  );
}

function EnquiryList({ status, page, setPage }: { status: InboxStatus; page: number; setPage: (p: number) => void }) {
  const { t } = useTranslation();
  const { data, isPending } = useEnquiries(status, page);
  if (isPending || !data) return <PageLoader />;
  if (data.items.length === 0) return <Text c="dimmed">{t('siteInbox.emptyEnquiries')}</Text>;
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={560}>
        <Table striped highlightOnHover data-testid="inbox-enquiries">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('siteInbox.col.from')}</Table.Th>
              <Table.Th>{t('siteInbox.col.subject')}</Table.Th>
              <Table.Th>{t('siteInbox.col.received')}</Table.Th>
              <Table.Th>{t('siteInbox.col.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.items.map((e) => (
              <Table.Tr key={e.id} data-testid="inbox-enquiry-row">
                <Table.Td>
                  <Anchor component={Link} to={`${BASE}/enquiries/${e.id}`} fw={e.status === 'new' ? 700 : 400}>
                    {e.name}
                  </Anchor>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {e.email}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={2}>
                    {e.subject || e.message}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.created_at)}</Table.Td>
                <Table.Td>
                  <StatusBadge status={e.status} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Pager
        pages={Math.ceil(data.total / data.page_size)}
        page={data.page}
        onChange={setPage}
        label={t('siteInbox.pages')}
      />
    </Stack>
  );
}

function SubmissionList({
  status,
  page,
  setPage,
  form,
  setForm,
}: {
  status: InboxStatus;
  page: number;
  setPage: (p: number) => void;
  form: string | null;
  setForm: (f: string | null) => void;
}) {
  const { t } = useTranslation();
  const { data, isPending } = useSubmissions(status, form, page);
  // The forms to filter by: those the unfiltered inbox holds.
  const all = useSubmissions('all', null, 1);
  const forms = [...new Map((all.data?.items ?? []).map((s) => [s.form, s.form_title ?? s.form])).entries()];
  return (
    <Stack gap="sm">
      <Select
        label={t('siteInbox.formFilter')}
        placeholder={t('siteInbox.allForms')}
        data={forms.map(([value, label]) => ({ value, label }))}
        value={form}
        onChange={setForm}
        clearable
        maw={320}
        data-testid="inbox-form-filter"
      />
      {isPending || !data ? (
        <PageLoader />
      ) : data.items.length === 0 ? (
        <Text c="dimmed">{t('siteInbox.emptySubmissions')}</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={560}>
            <Table striped highlightOnHover data-testid="inbox-submissions">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('siteInbox.col.form')}</Table.Th>
                  <Table.Th>{t('siteInbox.col.summary')}</Table.Th>
                  <Table.Th>{t('siteInbox.col.received')}</Table.Th>
                  <Table.Th>{t('siteInbox.col.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((s) => (
                  <Table.Tr key={s.id} data-testid="inbox-submission-row">
                    <Table.Td>
                      <Anchor component={Link} to={`${BASE}/submissions/${s.id}`} fw={s.status === 'new' ? 700 : 400}>
                        {s.form_title ?? s.form}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={1}>
                        {Object.values(s.values)
                          .filter((v) => typeof v === 'string' && v)
                          .slice(0, 3)
                          .join(' · ')}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(s.created_at)}</Table.Td>
                    <Table.Td>
                      <StatusBadge status={s.status} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pager
            pages={Math.ceil(data.total / data.page_size)}
            page={data.page}
            onChange={setPage}
            label={t('siteInbox.pages')}
          />
        </>
      )}
    </Stack>
  );
}

function InboxLists() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'submissions' ? 'submissions' : 'enquiries';
  const raw = params.get('status');
  const status: InboxStatus = raw === 'handled' || raw === 'all' ? raw : 'new';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const form = params.get('form');
  const set = (next: Record<string, string | null>) => {
    const merged = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v === null) merged.delete(k);
      else merged.set(k, v);
    }
    setParams(merged, { replace: true });
  };
  const setPage = (p: number) => set({ page: String(p) });
  return (
    <Stack gap="md">
      <PageTitle title={t('siteInbox.title')} subtitle={t('siteInbox.intro')} />
      <Tabs value={tab} onChange={(v) => set({ tab: v, page: null, form: null })}>
        <Tabs.List>
          <Tabs.Tab value="enquiries" data-testid="inbox-tab-enquiries">
            {t('siteInbox.tabEnquiries')}
          </Tabs.Tab>
          <Tabs.Tab value="submissions" data-testid="inbox-tab-submissions">
            {t('siteInbox.tabSubmissions')}
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <SegmentedControl
        value={status}
        onChange={(v) => set({ status: v, page: null })}
        aria-label={t('siteInbox.statusFilter')}
        data={[
          { value: 'new', label: t('siteInbox.filter.new') },
          { value: 'handled', label: t('siteInbox.filter.handled') },
          { value: 'all', label: t('siteInbox.filter.all') },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {tab === 'enquiries' ? (
        <EnquiryList status={status} page={page} setPage={setPage} />
      ) : (
        <SubmissionList
          status={status}
          page={page}
          setPage={setPage}
          form={form}
          setForm={(f) => set({ form: f, page: null })}
        />
      )}
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{children}</Text>
    </div>
  );
}

const BackLink = ({ tab }: { tab: Tab }) => {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={tab === 'submissions' ? `${BASE}?tab=submissions` : BASE} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} aria-hidden />
        {t('siteInbox.back')}
      </Group>
    </Anchor>
  );
};

function Replies({ enquiry }: { enquiry: Enquiry }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const reply = useReplyToEnquiry(enquiry.id);
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Text fw={600} component="h2" size="md" m={0}>
          {t('siteInbox.replies')}
        </Text>
        {enquiry.replies.map((r) => (
          <Paper key={r.id} bg="var(--mantine-color-gray-0)" p="sm" data-testid="enquiry-reply">
            <Text size="xs" c="dimmed">
              {t('siteInbox.repliedBy', { name: r.author_name ?? '—', at: formatDateTime(r.created_at) })}
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{r.text}</Text>
          </Paper>
        ))}
        <Textarea
          label={t('siteInbox.replyLabel', { email: enquiry.email })}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          autosize
          minRows={3}
          maxLength={5000}
          data-testid="enquiry-reply-text"
        />
        <Group justify="flex-end">
          <Button
            leftSection={<IconMailForward size={16} />}
            disabled={!text.trim()}
            loading={reply.isPending}
            onClick={() => reply.mutate(text, { onSuccess: () => setText('') })}
            data-testid="enquiry-reply-send"
          >
            {t('siteInbox.sendReply')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function EnquiryView({ id }: { id: string }) {
  const { t } = useTranslation();
  const { data, isPending, error } = useEnquiry(id);
  const handled = useMarkEnquiryHandled(id);
  const [converting, setConverting] = useState(false);
  if (isApiError(error) && error.status === 404) return <Alert color="red">{t('siteInbox.notFound')}</Alert>;
  if (isPending || !data) return <PageLoader />;
  return (
    <Stack gap="md">
      <BackLink tab="enquiries" />
      <PageTitle
        title={data.subject || t('siteInbox.enquiryFrom', { name: data.name })}
        subtitle={formatDateTime(data.created_at)}
        actions={
          <>
            {data.status === 'new' && (
              <Button
                variant="default"
                leftSection={<IconCheck size={16} />}
                loading={handled.isPending}
                onClick={() => handled.mutate(undefined)}
                data-testid="enquiry-mark-handled"
              >
                {t('siteInbox.markHandled')}
              </Button>
            )}
            {data.ticket_id ? (
              <Button
                component={Link}
                to={`/form/message/${data.ticket_name}`}
                leftSection={<IconTicket size={16} />}
                data-testid="enquiry-open-ticket"
              >
                {t('siteInbox.openTicket', { name: data.ticket_name })}
              </Button>
            ) : (
              <Button
                leftSection={<IconTicket size={16} />}
                onClick={() => setConverting(true)}
                data-testid="enquiry-to-ticket"
              >
                {t('siteInbox.toTicket')}
              </Button>
            )}
          </>
        }
      />
      <Paper withBorder p="md" data-testid="enquiry-view">
        <Stack gap="sm">
          <Group gap="xs">
            <StatusBadge status={data.status} />
            {data.handled_by_name && (
              <Text size="sm" c="dimmed">
                {t('siteInbox.handledBy', { name: data.handled_by_name })}
              </Text>
            )}
          </Group>
          <Field label={t('siteInbox.col.from')}>{data.name}</Field>
          <Field label={t('siteInbox.email')}>{data.email}</Field>
          {data.phone && <Field label={t('siteInbox.phone')}>{data.phone}</Field>}
          <Field label={t('siteInbox.message')}>{data.message}</Field>
        </Stack>
      </Paper>
      <Replies enquiry={data} />
      <EnquiryTicketDialog enquiry={data} opened={converting} onClose={() => setConverting(false)} />
    </Stack>
  );
}

const display = (v: unknown) => (v === true ? '✓' : v === false ? '✗' : v === null || v === '' ? '—' : String(v));

function SubmissionView({ id }: { id: string }) {
  const { t } = useTranslation();
  const { data, isPending, error } = useSubmission(id);
  const handled = useMarkSubmissionHandled(id);
  if (isApiError(error) && error.status === 404) return <Alert color="red">{t('siteInbox.notFound')}</Alert>;
  if (isPending || !data) return <PageLoader />;
  const s: Submission = data;
  return (
    <Stack gap="md">
      <BackLink tab="submissions" />
      <PageTitle
        title={s.form_title ?? s.form}
        subtitle={formatDateTime(s.created_at)}
        actions={
          s.status === 'new' && (
            <Button
              variant="default"
              leftSection={<IconCheck size={16} />}
              loading={handled.isPending}
              onClick={() => handled.mutate(undefined)}
              data-testid="submission-mark-handled"
            >
              {t('siteInbox.markHandled')}
            </Button>
          )
        }
      />
      <Paper withBorder p="md" data-testid="submission-view">
        <Stack gap="sm">
          <StatusBadge status={s.status} />
          {Object.entries(s.values).map(([k, v]) => (
            <Field key={k} label={k}>
              {display(v)}
            </Field>
          ))}
          {s.rows.length > 0 && (
            <Table.ScrollContainer minWidth={320}>
              <Table withTableBorder data-testid="submission-rows">
                <Table.Thead>
                  <Table.Tr>
                    {Object.keys(s.rows[0] ?? {}).map((k) => (
                      <Table.Th key={k}>{k}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {s.rows.map((r, i) => (
                    <Table.Tr key={i}>
                      {Object.keys(s.rows[0] ?? {}).map((k) => (
                        <Table.Td key={k}>{display(r[k])}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {/* Files a submission carries (web forms with file fields): a download link each. */}
          {s.files.length > 0 && (
            <Stack gap={4} data-testid="submission-files">
              <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                {t('siteInbox.files')}
              </Text>
              {s.files.map((f) => (
                <Anchor key={f.id} href={f.url} download={f.file_name} data-testid="submission-file">
                  {f.file_name}
                </Anchor>
              ))}
            </Stack>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

/** /inbox (staff): what visitors sent through the public site, contact enquiries and web forms. */
export function SiteInboxPage() {
  const { data: session } = useSession();
  const { kind, id } = useParams();
  if (!session) return <PageLoader />;
  if (!isStaffRole(session.login_role)) return <ForbiddenNotice />;
  if (kind === 'enquiries' && id) return <EnquiryView id={id} />;
  if (kind === 'submissions' && id) return <SubmissionView id={id} />;
  if (kind) return <Navigate to={BASE} replace />;
  return <InboxLists />;
}
