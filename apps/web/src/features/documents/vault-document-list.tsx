import { ActionIcon, Avatar, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconEye, IconFileTypePdf, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes, type Document } from './documents-api.ts';
import { canPreview } from './vault-groups.ts';
import { VaultDocumentDialogs } from './vault-document-dialogs.tsx';

/** A compact list of documents for narrow places (the ticket page's side panel). */
export function VaultDocumentList({ docs }: { docs: Document[] }) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<Document | null>(null);
  const [deleting, setDeleting] = useState<Document | null>(null);
  return (
    <>
      <Stack gap="xs">
        {docs.map((d) => (
          <Group key={d.id} gap="xs" wrap="nowrap" data-testid="document-row" data-name={d.file_name}>
            <Avatar
              src={d.thumbnail_url}
              radius="sm"
              size={40}
              alt=""
              color="red"
              style={{ cursor: canPreview(d) ? 'pointer' : 'default' }}
              onClick={() => canPreview(d) && setPreview(d)}
            >
              <IconFileTypePdf size={22} aria-hidden />
            </Avatar>
            <div style={{ minWidth: 0, flex: 1 }}>
              <Text size="sm" fw={600} truncate="end" title={d.file_name}>
                {d.file_name}
              </Text>
              <Text size="xs" c="dimmed" truncate="end">
                {[
                  d.document_type_name ?? (d.kind !== 'upload' ? t(`vault.kind.${d.kind}`) : null),
                  formatBytes(d.size_bytes),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </div>
            <Group gap={0} wrap="nowrap">
              {canPreview(d) && (
                <ActionIcon
                  variant="subtle"
                  aria-label={`${t('vault.preview')} ${d.file_name}`}
                  onClick={() => setPreview(d)}
                >
                  <IconEye size={18} aria-hidden />
                </ActionIcon>
              )}
              <ActionIcon
                component="a"
                href={d.file_url}
                download={d.file_name}
                variant="subtle"
                aria-label={`${t('vault.download')} ${d.file_name}`}
              >
                <IconDownload size={18} aria-hidden />
              </ActionIcon>
              {d.can_delete && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`${t('vault.delete')} ${d.file_name}`}
                  onClick={() => setDeleting(d)}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              )}
            </Group>
          </Group>
        ))}
      </Stack>
      <VaultDocumentDialogs
        preview={preview}
        deleting={deleting}
        onPreviewClose={() => setPreview(null)}
        onDeleteDone={() => setDeleting(null)}
      />
    </>
  );
}
