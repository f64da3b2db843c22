import { Anchor, Group, SegmentedControl, Select, Stack, Table, Tabs, Text } from '@mantine/core';
import type { Enquiry, Submission } from '@taxportal/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../ui/format.ts';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { useIsPhone } from '../../../ui/use-is-phone.ts';
import { useEnquiries, useSubmissions, type InboxStatus } from './inbox-api.ts';
import { BASE, StatusBadge, type Tab } from './inbox-shared.tsx';
import classes from './inbox.module.css';

/**
 * On a phone (SPEC §9: lists as cards) an item is a card: its link (who sent it, or the form) and its status on
 * top, then what the table's other columns say. The whole card opens it.
 */
function InboxCard({
  to,
  title,
  isNew,
  status,
  children,
  receivedAt,
  testId,
}: {
  to: string;
  title: string;
  isNew: boolean;
  status: 'new' | 'handled';
  children: ReactNode;
  receivedAt: string;
  testId: string;
}) {
  return (
    <div className={classes.card} data-testid={testId}>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Anchor component={Link} to={to} fw={isNew ? 700 : 500} className={classes.cardLink}>
          {title}
        </Anchor>
        <StatusBadge status={status} />
      </Group>
      {children}
      <Text size="xs" c="dimmed" mt={6}>
        {formatDateTime(receivedAt)}
      </Text>
    </div>
  );
}

/** What a submission says, in a line: its first few answers. */
const summaryOf = (s: Submission) =>
  Object.values(s.values)
    .filter((v) => typeof v === 'string' && v)
    .slice(0, 3)
    .join(' · ');

function EnquiryCards({ items }: { items: Enquiry[] }) {
  return (
    <Stack gap="sm" data-testid="inbox-enquiries">
      {items.map((e) => (
        <InboxCard
          key={e.id}
          to={`${BASE}/enquiries/${e.id}`}
          title={e.name}
          isNew={e.status === 'new'}
          status={e.status}
          receivedAt={e.created_at}
          testId="inbox-enquiry-row"
        >
          <Text size="xs" c="dimmed">
            {e.email}
          </Text>
          <Text size="sm" mt={6} lineClamp={2}>
            {e.subject || e.message}
          </Text>
        </InboxCard>
      ))}
    </Stack>
  );
}

function SubmissionCards({ items }: { items: Submission[] }) {
  return (
    <Stack gap="sm" data-testid="inbox-submissions">
      {items.map((s) => (
        <InboxCard
          key={s.id}
          to={`${BASE}/submissions/${s.id}`}
          title={s.form_title ?? s.form}
          isNew={s.status === 'new'}
          status={s.status}
          receivedAt={s.created_at}
          testId="inbox-submission-row"
        >
          <Text size="sm" mt={6} lineClamp={2}>
            {summaryOf(s)}
          </Text>
        </InboxCard>
      ))}
    </Stack>
  );
}

function EnquiryList({ status, page, setPage }: { status: InboxStatus; page: number; setPage: (p: number) => void }) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const { data, isPending } = useEnquiries(status, page);
  if (isPending || !data) return <PageLoader />;
  if (data.items.length === 0) return <Text c="dimmed">{t('siteInbox.emptyEnquiries')}</Text>;
  return (
    <Stack gap="sm">
      {isPhone ? (
        <EnquiryCards items={data.items} />
      ) : (
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
      )}
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
  const isPhone = useIsPhone();
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
        maw={isPhone ? undefined : 320}
        data-testid="inbox-form-filter"
      />
      {isPending || !data ? (
        <PageLoader />
      ) : data.items.length === 0 ? (
        <Text c="dimmed">{t('siteInbox.emptySubmissions')}</Text>
      ) : (
        <>
          {isPhone ? (
            <SubmissionCards items={data.items} />
          ) : (
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
                          {summaryOf(s)}
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
          )}
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

export function InboxLists() {
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
