import { Anchor, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { STANDARD_ORGANIZER, type OrganizerSummary } from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageLoader } from '../../ui/page-loader.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { ToneBadge } from '../../ui/tone-badge.tsx';
import { useIsPhone } from '../../ui/use-is-phone.ts';
import { useCreateOrganizer, useOrganizers } from './organizers-api.ts';
import { TemplateDialog } from './template-dialog.tsx';

export const BASE = '/admin/organizers';

function States({ o }: { o: OrganizerSummary }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="wrap">
      {o.published_version !== null ? (
        <ToneBadge tone="success">{t('organizerBuilder.list.version', { version: o.published_version })}</ToneBadge>
      ) : (
        <ToneBadge tone="neutral">{t('organizerBuilder.list.unpublished')}</ToneBadge>
      )}
      {o.has_draft && <ToneBadge tone="warning">{t('organizerBuilder.list.draft')}</ToneBadge>}
    </Group>
  );
}

/** /admin/organizers: the templates (name, service, year, the version tickets get, a draft, tickets) and "New". */
export function OrganizerList() {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const navigate = useNavigate();
  const { data } = useOrganizers();
  const create = useCreateOrganizer();
  const [creating, setCreating] = useState(false);
  const service = (o: OrganizerSummary) => o.service_name ?? t('organizerBuilder.template.anyService');
  const year = (o: OrganizerSummary) =>
    o.tax_year === null ? t('organizerBuilder.template.anyYear') : String(o.tax_year);

  return (
    <Stack gap="lg">
      <PageTitle
        title={t('organizerBuilder.title')}
        subtitle={t('organizerBuilder.intro')}
        actions={
          <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)} data-testid="organizer-new">
            {t('organizerBuilder.list.new')}
          </Button>
        }
      />
      {!data ? (
        <PageLoader />
      ) : data.items.length === 0 ? (
        <Paper withBorder p="xl">
          <Text c="dimmed" ta="center">
            {t('organizerBuilder.list.empty')}
          </Text>
        </Paper>
      ) : isPhone ? (
        <Stack gap="sm" data-testid="organizer-list">
          {data.items.map((o) => (
            <Paper key={o.id} withBorder p="sm" data-testid="organizer-row">
              <Anchor component={Link} to={`${BASE}/${o.id}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
                {o.name}
              </Anchor>
              <Text size="sm" c="dimmed">
                {service(o)} · {year(o)}
              </Text>
              <Group justify="space-between" mt={4} wrap="wrap">
                <States o={o} />
                <Text size="sm">{t('organizerBuilder.list.tickets', { count: o.tickets })}</Text>
              </Group>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Paper withBorder shadow="xs" p={0} style={{ overflow: 'hidden' }}>
          <Table verticalSpacing="sm" horizontalSpacing="md" data-testid="organizer-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('organizerBuilder.list.name')}</Table.Th>
                <Table.Th>{t('organizerBuilder.template.service')}</Table.Th>
                <Table.Th>{t('organizerBuilder.template.year')}</Table.Th>
                <Table.Th>{t('organizerBuilder.list.state')}</Table.Th>
                <Table.Th>{t('organizerBuilder.list.ticketsHeader')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((o) => (
                <Table.Tr key={o.id} data-testid="organizer-row">
                  <Table.Td>
                    <Anchor component={Link} to={`${BASE}/${o.id}`} fw={600}>
                      {o.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{service(o)}</Table.Td>
                  <Table.Td>{year(o)}</Table.Td>
                  <Table.Td>
                    <States o={o} />
                  </Table.Td>
                  <Table.Td>{o.tickets}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      <TemplateDialog
        opened={creating}
        title={t('organizerBuilder.list.new')}
        submitLabel={t('organizerBuilder.template.create')}
        initial={{ name: '', service_id: null, tax_year: null }}
        offerStart
        onClose={() => setCreating(false)}
        onSubmit={async (fields, start) => {
          // "Start from the standard questionnaire": a copy of SPEC's four sections, the Admin's to change.
          const detail = await create.mutateAsync(
            start === 'standard' ? { ...fields, definition: STANDARD_ORGANIZER } : fields,
          );
          setCreating(false);
          void navigate(`${BASE}/${detail.id}`);
        }}
      />
    </Stack>
  );
}
