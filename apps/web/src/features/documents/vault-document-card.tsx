import { ActionIcon, Badge, Card, Center, Group, Image, Stack, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconEye, IconFileTypePdf, IconPhoto, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatBytes, type Document } from './documents-api.ts';
import { canPreview } from './vault-groups.ts';

export interface DocumentCardProps {
  doc: Document;
  onPreview: (doc: Document) => void;
  onDelete: (doc: Document) => void;
}

/** One document: thumbnail (or an icon), name, type, date, size; preview, download and delete. */
export function VaultDocumentCard({ doc, onPreview, onDelete }: DocumentCardProps) {
  const { t, i18n } = useTranslation();
  const date = new Date(doc.created_at).toLocaleDateString(i18n.language, { dateStyle: 'medium' });
  const preview = canPreview(doc);
  return (
    <Card withBorder radius="md" padding="xs" data-testid="document-card" data-name={doc.file_name}>
      <Card.Section>
        <Center
          h={140}
          bg="var(--mantine-color-gray-0)"
          style={{ cursor: preview ? 'pointer' : 'default', overflow: 'hidden' }}
          onClick={() => preview && onPreview(doc)}
        >
          {doc.thumbnail_url ? (
            <Image src={doc.thumbnail_url} alt="" h={140} w="100%" fit="cover" data-testid="document-thumbnail" />
          ) : doc.content_type === 'application/pdf' ? (
            <IconFileTypePdf size={56} stroke={1.2} color="var(--mantine-color-red-7)" aria-hidden />
          ) : (
            <IconPhoto size={56} stroke={1.2} color="var(--mantine-color-gray-6)" aria-hidden />
          )}
        </Center>
      </Card.Section>
      <Stack gap={2} mt="xs">
        <Text size="sm" fw={600} truncate="end" title={doc.file_name}>
          {doc.file_name}
        </Text>
        <Group gap={6} wrap="wrap">
          {doc.document_type_name && (
            <Badge size="xs" variant="light">
              {doc.document_type_name}
            </Badge>
          )}
          {doc.kind !== 'upload' && (
            <Badge size="xs" variant="light" color="grape">
              {t(`vault.kind.${doc.kind}`)}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {date} · {formatBytes(doc.size_bytes)}
          {doc.ticket_name ? ` · ${doc.ticket_name}` : ''}
        </Text>
      </Stack>
      <Group gap={4} mt="xs" justify="flex-end">
        {preview && (
          <Tooltip label={t('vault.preview')}>
            <ActionIcon
              variant="subtle"
              aria-label={`${t('vault.preview')} ${doc.file_name}`}
              onClick={() => onPreview(doc)}
              size="lg"
            >
              <IconEye size={20} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
        <Tooltip label={t('vault.download')}>
          <ActionIcon
            component="a"
            href={doc.file_url}
            download={doc.file_name}
            variant="subtle"
            aria-label={`${t('vault.download')} ${doc.file_name}`}
            size="lg"
          >
            <IconDownload size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
        {doc.can_delete && (
          <Tooltip label={t('vault.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`${t('vault.delete')} ${doc.file_name}`}
              onClick={() => onDelete(doc)}
              size="lg"
            >
              <IconTrash size={20} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </Card>
  );
}
