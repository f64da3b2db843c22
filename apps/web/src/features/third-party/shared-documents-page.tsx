import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFile, IconLinkOff } from '@tabler/icons-react';
import { thirdPartyEndpoints as api } from '@taxportal/contract';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { endpointUrl } from '../../lib/api/index.ts';
import { formatDateTime } from '../../ui/format.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { addThirdPartyTexts } from './i18n.ts';
import { useSharedDocuments } from './third-party-api.ts';

addThirdPartyTexts();

const sizeOf = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * /shared/:token — what a third party sees (no sign-in): whose documents, shared for what, until when, and each file
 * to download. A dead link (expired, ended, its consent revoked) says it is no longer available.
 */
export function SharedDocumentsPage() {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  const query = useSharedDocuments(token);
  if (query.isPending) return <PageLoader />;
  if (query.isError)
    return (
      <Paper withBorder shadow="xs" p="xl" maw={560} mx="auto" mt="xl" data-testid="shared-documents-unavailable">
        <Stack align="center" gap="sm" ta="center">
          <IconLinkOff size={40} stroke={1.5} color="var(--mantine-color-gray-6)" aria-hidden />
          <Title order={1} size="h3">
            {t('thirdParty.shared.unavailableTitle')}
          </Title>
          <Text c="dimmed">{t('thirdParty.shared.unavailableText')}</Text>
        </Stack>
      </Paper>
    );
  const shared = query.data;
  return (
    <Stack gap="md" maw={720} mx="auto" w="100%" data-testid="shared-documents">
      <Title order={1} size="h2">
        {t('thirdParty.shared.title')}
      </Title>
      <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="xs">
          <Text>{t('thirdParty.shared.intro', { firm: shared.firm_name, client: shared.client_name })}</Text>
          <Text fw={600}>{t('thirdParty.shared.purpose', { purpose: shared.purpose })}</Text>
          <Text size="sm" c="dimmed">
            {t('thirdParty.shared.until', { date: formatDateTime(shared.expires_at) })}
          </Text>
        </Stack>
      </Paper>
      <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'lg' }}>
        {shared.files.length === 0 ? (
          <Text c="dimmed">{t('thirdParty.shared.noFiles')}</Text>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {shared.files.map((f) => (
              <Group key={f.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  <IconFile size={20} aria-hidden />
                  <Text truncate="end" style={{ minWidth: 0 }}>
                    {f.file_name}
                  </Text>
                  <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {sizeOf(f.size_bytes)}
                  </Text>
                </Group>
                <Anchor
                  href={endpointUrl(api.getSharedDocumentFile, { token, fileId: f.id })}
                  download={f.file_name}
                  aria-label={`${t('thirdParty.shared.download')}: ${f.file_name}`}
                  data-testid="shared-file-download"
                >
                  <Group gap={4} wrap="nowrap">
                    <IconDownload size={16} aria-hidden />
                    {t('thirdParty.shared.download')}
                  </Group>
                </Anchor>
              </Group>
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
