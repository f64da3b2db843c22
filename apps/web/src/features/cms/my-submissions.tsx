import { Alert, Anchor, Badge, Button, Card, Container, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { MySubmission } from '@taxportal/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useSession } from '../../lib/session/index.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { useMySubmission, useMySubmissions, useText, useWebForm, useWebForms } from './site-api.ts';
import { SiteFrame } from './site-frame.tsx';
import { WebForm } from './web-form.tsx';
import { addSitePageTexts } from './site-texts.ts';
import { useSiteLocale } from './site-language.ts';

addSitePageTexts();

/**
 * The web forms a visitor can fill and, signed in, what they sent (docs/decisions/0021-c). Routes (SPEC §2):
 * `forms` lists both; `forms/{form}/{id}` is one of the visitor's own submissions (`?edit=1` opens the edit);
 * SPEC's parameterless `webform-child` and `edit-webformchild` take `?submission={id}` and show that submission's
 * child rows, read or being edited; without one they lead to `forms`. Own submissions are the visitor's: the server
 * sends these routes with `noindex` and the sitemap never names them.
 */

const date = (iso: string, locale: string) => new Date(iso).toLocaleDateString(locale, { dateStyle: 'medium' });
const pathOf = (s: { form: string; id: string }) => `/forms/${s.form}/${s.id}`;

function StatusBadge({ status }: { status: 'new' | 'handled' }) {
  const { t } = useTranslation();
  return (
    <Badge color={status === 'handled' ? 'green' : 'blue'} variant="light" styles={{ label: { overflow: 'visible' } }}>
      {t(`sitePages.mine.status.${status}`)}
    </Badge>
  );
}

function MySubmissionList() {
  const { t } = useTranslation();
  const locale = useSiteLocale();
  const { data } = useMySubmissions();
  if (!data) return <PageLoader />;
  if (!data.items.length) return <Text c="dimmed">{t('sitePages.mine.none')}</Text>;
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing="xs" data-testid="my-submissions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('sitePages.mine.form')}</Table.Th>
            <Table.Th>{t('sitePages.mine.sent')}</Table.Th>
            <Table.Th>{t('sitePages.mine.statusLabel')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.items.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td>
                <Anchor component={Link} to={pathOf(s)}>
                  {s.form_title}
                </Anchor>
              </Table.Td>
              <Table.Td>
                {date(s.created_at, locale)}
                {s.updated_at && (
                  <Text size="xs" c="dimmed">
                    {t('sitePages.mine.edited', { date: date(s.updated_at, locale) })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <StatusBadge status={s.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** `forms`: the published web forms and, when signed in, "My submissions". */
export function FormsPage() {
  const { t } = useTranslation();
  const text = useText();
  const { data: forms } = useWebForms();
  const { data: session } = useSession();
  useEffect(() => {
    document.title = t('sitePages.mine.formsTitle');
  }, [t]);
  return (
    <SiteFrame>
      <Container size="md" py="xl">
        <Title order={1} mb="lg">
          {t('sitePages.mine.formsTitle')}
        </Title>
        <Stack gap="xl">
          <Stack gap="sm" component="section" aria-labelledby="forms-available">
            <Title order={2} id="forms-available" size="h3">
              {t('sitePages.mine.available')}
            </Title>
            {(forms?.items ?? []).map((f) => (
              <Card key={f.slug} withBorder radius="md" padding="md">
                <Anchor component={Link} to={`/forms/${f.slug}`} fw={600}>
                  {text(f.title)}
                </Anchor>
                {text(f.description) && (
                  <Text size="sm" c="dimmed">
                    {text(f.description)}
                  </Text>
                )}
              </Card>
            ))}
            {forms && !forms.items.length && <Text c="dimmed">{t('sitePages.mine.noForms')}</Text>}
          </Stack>
          <Stack gap="sm" component="section" aria-labelledby="forms-mine">
            <Title order={2} id="forms-mine" size="h3">
              {t('sitePages.mine.title')}
            </Title>
            {session ? (
              <MySubmissionList />
            ) : (
              <Text>
                <Anchor component={Link} to="/register">
                  {t('sitePages.mine.signIn')}
                </Anchor>
              </Text>
            )}
          </Stack>
        </Stack>
      </Container>
    </SiteFrame>
  );
}

/** The answers of a submission as the form labels them: fields, then each child row. */
function SubmissionView({ submission }: { submission: MySubmission }) {
  const { t } = useTranslation();
  const text = useText();
  const { data: form } = useWebForm(submission.form);
  const fileName = (path: string) => submission.files.find((f) => f.field === path);
  const show = (
    fields: { name: string; label: Parameters<typeof text>[0]; type: string }[],
    answers: Record<string, unknown>,
    prefix: string,
  ) =>
    fields.map((f) => {
      const file = f.type === 'file' ? fileName(`${prefix}.${f.name}`) : undefined;
      const v = answers[f.name];
      return (
        <Group key={f.name} gap="xs" wrap="wrap">
          <Text fw={600} size="sm">
            {text(f.label)}:
          </Text>
          {file ? (
            <Anchor href={file.url} size="sm">
              {file.file_name}
            </Anchor>
          ) : (
            <Text size="sm">
              {v === true ? t('sitePages.mine.yes') : v === false ? t('sitePages.mine.no') : String(v ?? '—')}
            </Text>
          )}
        </Group>
      );
    });
  if (!form) return <PageLoader />;
  const group = form.child_group;
  return (
    <Stack gap="md">
      <Stack gap={4}>{show(form.fields, submission.values, 'values')}</Stack>
      {group && (
        <Stack gap="xs" component="section" aria-labelledby="submission-rows" data-testid="webform-child-rows">
          <Title order={2} size="h4" id="submission-rows">
            {text(group.label)}
          </Title>
          {submission.rows.length === 0 && <Text c="dimmed">{t('sitePages.mine.noRows')}</Text>}
          {submission.rows.map((r, i) => (
            <Card key={i} withBorder padding="sm" data-testid="webform-child-row">
              {show(group.fields, r, `rows.${i}`)}
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** One of the visitor's own submissions: read, or (unless staff handled it) edited in the form itself. */
function MySubmissionDetail({ id, form, editing }: { id: string; form?: string; editing: boolean }) {
  const locale = useSiteLocale();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: session, isLoading: sessionLoading } = useSession();
  const { data, isLoading, isError } = useMySubmission(id);
  // Set by the edit's navigation back to the read view.
  const saved = (useLocation().state as { saved?: boolean } | null)?.saved === true;
  const readPath = data ? pathOf(data) : '/forms';
  useEffect(() => {
    document.title = t('sitePages.mine.title');
  }, [t]);
  if (sessionLoading || (session && isLoading)) return <PageLoader />;
  const body = !session ? (
    <Alert color="blue" title={t('sitePages.mine.title')}>
      <Anchor component={Link} to="/register">
        {t('sitePages.mine.signIn')}
      </Anchor>
    </Alert>
  ) : isError || !data || (form !== undefined && data.form !== form) ? (
    <Stack data-testid="site-not-found">
      <Title order={1}>{t('site.notFound')}</Title>
      <Text>{t('site.notFoundText')}</Text>
      <Anchor component={Link} to="/forms">
        {t('sitePages.mine.back')}
      </Anchor>
    </Stack>
  ) : editing && data.editable ? (
    <WebForm
      key={data.id}
      slug={data.form}
      edit={{
        submission: data,
        onSaved: () => void navigate(readPath, { state: { saved: true } }),
        onCancel: () => void navigate(readPath),
      }}
    />
  ) : (
    <Stack gap="md" data-testid="my-submission">
      <Anchor component={Link} to="/forms" size="sm">
        {t('sitePages.mine.back')}
      </Anchor>
      <Title order={1}>{data.form_title}</Title>
      <Group gap="sm">
        <StatusBadge status={data.status} />
        <Text size="sm" c="dimmed">
          {t('sitePages.mine.sentOn', { date: date(data.created_at, locale) })}
          {data.updated_at && ` · ${t('sitePages.mine.edited', { date: date(data.updated_at, locale) })}`}
        </Text>
      </Group>
      {saved && (
        <Alert color="green" role="status" data-testid="my-submission-saved">
          {t('sitePages.mine.saved')}
        </Alert>
      )}
      {!data.editable && <Text c="dimmed">{t('sitePages.mine.locked')}</Text>}
      <SubmissionView submission={data} />
      {data.editable && (
        <Group>
          <Button component={Link} to={`${readPath}?edit=1`}>
            {t('sitePages.mine.edit')}
          </Button>
        </Group>
      )}
    </Stack>
  );
  return (
    <SiteFrame>
      <Container size="sm" py="xl">
        {body}
      </Container>
    </SiteFrame>
  );
}

/** `forms/{doc_type}/{route}`: the form's slug and the submission's id. */
export function MySubmissionPage() {
  const { doc_type, route } = useParams();
  const [params] = useSearchParams();
  return <MySubmissionDetail id={route ?? ''} form={doc_type ?? ''} editing={params.get('edit') === '1'} />;
}

/** `webform-child?submission={id}`: that submission's child rows (its read view); without one, `forms`. */
export function WebformChildPage() {
  const [params] = useSearchParams();
  const id = params.get('submission');
  return id ? <MySubmissionDetail id={id} editing={false} /> : <Navigate to="/forms" replace />;
}

/** `edit-webformchild?submission={id}`: its edit view; without one, `forms`. */
export function EditWebformChildPage() {
  const [params] = useSearchParams();
  const id = params.get('submission');
  return id ? <MySubmissionDetail id={id} editing /> : <Navigate to="/forms" replace />;
}
