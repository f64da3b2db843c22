import { Alert, Anchor, Button, Group, Paper, Stack, Table, Text, Textarea } from '@mantine/core';
import { IconArrowLeft, IconCheck, IconMailForward, IconTicket } from '@tabler/icons-react';
import { type Enquiry, type Submission } from '@taxportal/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../lib/api/index.ts';
import { formatDateTime } from '../../../ui/format.ts';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import {
  useEnquiry,
  useMarkEnquiryHandled,
  useMarkSubmissionHandled,
  useReplyToEnquiry,
  useSubmission,
} from './inbox-api.ts';
import { EnquiryTicketDialog } from './enquiry-ticket-dialog.tsx';
import { BASE, StatusBadge, type Tab } from './inbox-shared.tsx';

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

export function EnquiryView({ id }: { id: string }) {
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

export function SubmissionView({ id }: { id: string }) {
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
