import { ActionIcon, Card, Center, Group, Image, Stack, Text, Tooltip, type ActionIconProps } from '@mantine/core';
import { IconDownload, IconEye, IconFileTypePdf, IconPhoto, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ToneBadge } from '../../ui/tone-badge.tsx';
import { useIsPhone } from '../../ui/use-is-phone.ts';
import { formatBytes, type Document } from './documents-api.ts';
import { canPreview } from './vault-groups.ts';
import { formatDate } from '../../ui/format.ts';

export interface DocumentCardProps {
  doc: Document;
  onPreview: (doc: Document) => void;
  onDelete: (doc: Document) => void;
}

/** One icon button, its tooltip and its accessible name (the action and the file, for screen readers). */
function Action({
  label,
  doc,
  ...props
}: { label: string; doc: Document } & ActionIconProps & Record<string, unknown>) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" aria-label={`${label} ${doc.file_name}`} size="lg" {...props} />
    </Tooltip>
  );
}

/** The preview, download and delete buttons of a document. */
function CardActions({ doc, onPreview, onDelete }: DocumentCardProps) {
  const { t } = useTranslation();
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {canPreview(doc) && (
        <Action label={t('vault.preview')} doc={doc} onClick={() => onPreview(doc)}>
          <IconEye size={20} aria-hidden />
        </Action>
      )}
      <Action label={t('vault.download')} doc={doc} component="a" href={doc.file_url} download={doc.file_name}>
        <IconDownload size={20} aria-hidden />
      </Action>
      {doc.can_delete && (
        <Action label={t('vault.delete')} doc={doc} color="red" onClick={() => onDelete(doc)}>
          <IconTrash size={20} aria-hidden />
        </Action>
      )}
    </Group>
  );
}

function Thumbnail({ doc, size, onPreview }: { doc: Document; size: number; onPreview: (doc: Document) => void }) {
  const preview = canPreview(doc);
  return (
    <Center
      h={size}
      w={size === THUMB_ROW ? size : undefined}
      bg="var(--mantine-color-gray-0)"
      style={{
        cursor: preview ? 'pointer' : 'default',
        overflow: 'hidden',
        flexShrink: 0,
        borderRadius: size === THUMB_ROW ? 8 : 0,
      }}
      onClick={() => preview && onPreview(doc)}
    >
      {doc.thumbnail_url ? (
        <Image src={doc.thumbnail_url} alt="" h={size} w="100%" fit="cover" data-testid="document-thumbnail" />
      ) : doc.content_type === 'application/pdf' ? (
        <IconFileTypePdf
          size={size === THUMB_ROW ? 28 : 56}
          stroke={1.2}
          color="var(--mantine-color-red-7)"
          aria-hidden
        />
      ) : (
        <IconPhoto size={size === THUMB_ROW ? 28 : 56} stroke={1.2} color="var(--mantine-color-gray-6)" aria-hidden />
      )}
    </Center>
  );
}

const THUMB_ROW = 56;

/**
 * One document: thumbnail (or an icon), name, type, date, size; preview, download and delete. A tile on wider
 * screens; on a phone a row, so that the whole file name stays readable.
 */
export function VaultDocumentCard({ doc, onPreview, onDelete }: DocumentCardProps) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const date = formatDate(doc.created_at);
  const badges = (
    <Group gap={6} wrap="wrap">
      {doc.document_type_name && (
        <ToneBadge size="xs" tone="info">
          {doc.document_type_name}
        </ToneBadge>
      )}
      {doc.kind !== 'upload' && (
        <ToneBadge size="xs" tone="accent">
          {t(`vault.kind.${doc.kind}`)}
        </ToneBadge>
      )}
    </Group>
  );
  const meta = (
    <Text size="xs" c="dimmed">
      {date} · {formatBytes(doc.size_bytes)}
      {doc.ticket_name ? ` · ${doc.ticket_name}` : ''}
    </Text>
  );

  if (isPhone) {
    return (
      <Card withBorder radius="md" padding="sm" data-testid="document-card" data-name={doc.file_name}>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Thumbnail doc={doc} size={THUMB_ROW} onPreview={onPreview} />
          <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
            <Text size="sm" fw={600} lineClamp={2} style={{ overflowWrap: 'anywhere' }} title={doc.file_name}>
              {doc.file_name}
            </Text>
            {badges}
            {meta}
          </Stack>
        </Group>
        <Group mt={4} justify="flex-end">
          <CardActions doc={doc} onPreview={onPreview} onDelete={onDelete} />
        </Group>
      </Card>
    );
  }

  return (
    <Card withBorder radius="md" padding="xs" h="100%" data-testid="document-card" data-name={doc.file_name}>
      <Card.Section>
        <Thumbnail doc={doc} size={140} onPreview={onPreview} />
      </Card.Section>
      <Stack gap={2} mt="xs">
        <Text size="sm" fw={600} lineClamp={2} style={{ overflowWrap: 'anywhere' }} title={doc.file_name}>
          {doc.file_name}
        </Text>
        {badges}
        {meta}
      </Stack>
      {/* Pinned to the bottom, so the tiles of a row line up whatever the length of their names. */}
      <Group gap={4} mt="auto" pt="xs" justify="flex-end">
        <CardActions doc={doc} onPreview={onPreview} onDelete={onDelete} />
      </Group>
    </Card>
  );
}
