import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Code,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { hasAnyRole, MERGE_FIELDS, type EngagementTemplate } from '@taxportal/contract';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../lib/api/index.ts';
import { useSession } from '../../lib/session/index.ts';
import { ForbiddenNotice } from '../../ui/forbidden-notice.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { showSuccessToast } from '../../ui/toast.tsx';
import { ToneBadge } from '../../ui/tone-badge.tsx';
import { loadRichTextEditor } from '../cms/index.ts';
import { useSaveTemplate, useServiceTypes, useTemplates } from './engagement-api.ts';
import { EngagementSettingsCard } from './engagement-settings.tsx';
import { addEngagementTexts } from './i18n.ts';

addEngagementTexts();

const RichTextEditor = lazy(() => loadRichTextEditor().then((m) => ({ default: m.RichTextEditor })));
const BASE = '/admin/engagement-templates';

function TemplateEditor({ template }: { template: EngagementTemplate | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const types = useServiceTypes();
  const save = useSaveTemplate(template?.id ?? null);
  const [name, setName] = useState(template?.name ?? '');
  const [typeId, setTypeId] = useState<string | null>(template?.service_type_id ?? null);
  const [isDefault, setDefault] = useState(template?.is_default ?? true);
  const [body, setBody] = useState(template?.body ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setError(null);
    try {
      const saved = await save.mutateAsync({ name, service_type_id: typeId, is_default: isDefault, body });
      showSuccessToast(t('engagement.templates.saved', { version: saved.version }));
      if (!template) void navigate(`${BASE}/${saved.id}`, { replace: true });
    } catch (err) {
      setError(isApiError(err) ? err.detail : t('common.somethingWentWrong'));
    }
  };

  return (
    <Stack gap="md">
      <PageTitle
        title={template ? template.name : t('engagement.templates.new')}
        subtitle={template ? t('engagement.templates.version', { version: template.version }) : undefined}
        actions={
          <Anchor component={Link} to={BASE}>
            {t('engagement.templates.back')}
          </Anchor>
        }
      />
      <Paper withBorder p="md">
        <Stack gap="sm">
          <TextInput
            label={t('engagement.templates.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            data-testid="template-name"
            required
          />
          <Select
            label={t('engagement.templates.serviceType')}
            data={[
              { value: '', label: t('engagement.templates.anyType') },
              ...(types.data?.items ?? []).map((s) => ({ value: s.id, label: s.name })),
            ]}
            value={typeId ?? ''}
            onChange={(v) => setTypeId(v ? v : null)}
            data-testid="template-type"
            allowDeselect={false}
          />
          <Checkbox
            label={t('engagement.templates.default')}
            checked={isDefault}
            onChange={(e) => setDefault(e.currentTarget.checked)}
            data-testid="template-default"
          />
          <Suspense fallback={<PageLoader />}>
            <RichTextEditor
              label={t('engagement.templates.body')}
              value={body}
              onChange={setBody}
              testId="template-body"
            />
          </Suspense>
          <Text size="sm" c="dimmed">
            {t('engagement.templates.fields')}{' '}
            {MERGE_FIELDS.map((f) => (
              <Code key={f} mr={4}>{`{{${f}}}`}</Code>
            ))}
          </Text>
          {error && (
            <Alert color="red" data-testid="template-error">
              {error}
            </Alert>
          )}
          <Group>
            <Button onClick={() => void submit()} loading={save.isPending} data-testid="template-save">
              {t('engagement.templates.save')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {template && (
        <Paper withBorder p="md">
          <Text fw={600} mb="xs">
            {t('engagement.templates.versions')}
          </Text>
          <Stack gap={2}>
            {template.versions.map((v) => (
              <Text key={v.version} size="sm">
                {t('engagement.templates.version', { version: v.version })} · {new Date(v.created_at).toLocaleString()}
              </Text>
            ))}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

function TemplateList({ items }: { items: EngagementTemplate[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <PageTitle
        title={t('engagement.templates.title')}
        subtitle={t('engagement.templates.intro')}
        actions={
          <Button component={Link} to={`${BASE}/new`} data-testid="template-new">
            {t('engagement.templates.new')}
          </Button>
        }
      />
      {items.length === 0 ? (
        <Paper withBorder p="xl">
          <Text c="dimmed" ta="center">
            {t('engagement.templates.empty')}
          </Text>
        </Paper>
      ) : (
        <Paper withBorder p={0} style={{ overflowX: 'auto' }}>
          <Table verticalSpacing="sm" data-testid="template-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('engagement.templates.name')}</Table.Th>
                <Table.Th>{t('engagement.templates.serviceType')}</Table.Th>
                <Table.Th>{t('engagement.templates.versionCol')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((x) => (
                <Table.Tr key={x.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`${BASE}/${x.id}`} style={{ overflowWrap: 'anywhere' }}>
                      {x.name}
                    </Anchor>{' '}
                    {x.is_default && <ToneBadge tone="info">{t('engagement.templates.defaultBadge')}</ToneBadge>}
                  </Table.Td>
                  <Table.Td>{x.service_type_name ?? t('engagement.templates.anyType')}</Table.Td>
                  <Table.Td>{x.version}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      <EngagementSettingsCard />
    </Stack>
  );
}

/** /admin/engagement-templates(/:id|new) (Admin): engagement letter templates (docs/decisions/0036). */
export function EngagementTemplatesPage() {
  const { id } = useParams();
  const { data: session } = useSession();
  const { data } = useTemplates();
  if (!session) return <PageLoader />;
  if (!hasAnyRole(session.roles, ['Admin'])) return <ForbiddenNotice />;
  if (!data) return <PageLoader />;
  if (id === 'new') return <TemplateEditor template={null} />;
  if (id) {
    const template = data.items.find((x) => x.id === id);
    return template ? (
      <TemplateEditor key={`${template.id}-${template.version}`} template={template} />
    ) : (
      <PageLoader />
    );
  }
  return <TemplateList items={data.items} />;
}
