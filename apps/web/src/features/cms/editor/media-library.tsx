import {
  ActionIcon,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Image,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { MEDIA_UPLOAD_TYPES, type Media, type SiteImage } from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { useMediaLibrary, useMediaMutations } from './media-api.ts';

/** The smallest WebP of an item: enough for a thumbnail. */
const thumbOf = (m: Media) => m.srcset.webp.split(' ')[0] || m.src;

function UploadButton({ onUploaded }: { onUploaded?: (m: Media) => void }) {
  const { t } = useTranslation();
  const { upload } = useMediaMutations();
  return (
    <FileButton
      accept={MEDIA_UPLOAD_TYPES.join(',')}
      onChange={(file) => {
        if (file) upload.mutate({ file, alt: '' }, { onSuccess: (m) => onUploaded?.(m) });
      }}
    >
      {(props) => (
        <Button {...props} leftSection={<IconUpload size={16} />} loading={upload.isPending} data-testid="media-upload">
          {t('siteEditor.media.upload')}
        </Button>
      )}
    </FileButton>
  );
}

function MediaCard({ item, onPick }: { item: Media; onPick?: ((m: Media) => void) | undefined }) {
  const { t } = useTranslation();
  const { setAlt, remove } = useMediaMutations();
  const [alt, setAltText] = useState(item.alt.en);
  const inUse = item.used_by > 0;
  return (
    <Card withBorder padding="xs" data-testid="media-item">
      <Card.Section>
        <Image src={thumbOf(item)} alt={item.alt.en} h={120} fit="cover" loading="lazy" />
      </Card.Section>
      <Stack gap={6} mt="xs">
        <Text size="xs" truncate="end" title={item.file_name}>
          {item.file_name}
        </Text>
        <Group gap={6}>
          <Badge variant="light" size="sm">
            {item.width} × {item.height}
          </Badge>
          {inUse && (
            <Badge variant="light" color="teal" size="sm">
              {t('siteEditor.media.usedBy', { count: item.used_by })}
            </Badge>
          )}
        </Group>
        <TextInput
          size="xs"
          label={t('siteEditor.media.alt')}
          value={alt}
          onChange={(e) => setAltText(e.currentTarget.value)}
          onBlur={() => alt !== item.alt.en && setAlt.mutate({ id: item.id, alt: { ...item.alt, en: alt } })}
          data-testid="media-alt"
        />
        <Group justify="space-between" gap={6}>
          {onPick ? (
            <Button size="xs" onClick={() => onPick(item)} data-testid="media-pick">
              {t('siteEditor.media.pick')}
            </Button>
          ) : (
            <span />
          )}
          <Tooltip label={inUse ? t('siteEditor.media.inUse') : t('siteEditor.media.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              disabled={inUse}
              aria-label={t('siteEditor.media.deleteNamed', { name: item.file_name })}
              onClick={() => remove.mutate(item.id)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Stack>
    </Card>
  );
}

/** The media library: upload, browse, alt text, delete (an image in use cannot be). With `onPick`, a picker. */
export function MediaLibrary({ onPick }: { onPick?: (m: Media) => void }) {
  const { t } = useTranslation();
  const { data } = useMediaLibrary();
  return (
    <Stack gap="md" data-testid="media-library">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('siteEditor.media.intro')}
        </Text>
        <UploadButton onUploaded={onPick} />
      </Group>
      {!data ? (
        <PageLoader />
      ) : data.items.length === 0 ? (
        <Text c="dimmed">{t('siteEditor.media.empty')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
          {data.items.map((m) => (
            <MediaCard key={m.id} item={m} onPick={onPick} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** What an image field holds once an item is picked: the server fills src, size and srcset again on save. */
export const pickedImage = (current: Partial<SiteImage> | undefined, m: Media): SiteImage => ({
  ...current,
  src: m.src,
  alt: current?.alt?.en ? current.alt : m.alt,
  media_id: m.id,
  width: m.width,
  height: m.height,
  srcset: m.srcset,
});

/** The source of an image field: a preview, "choose from the library" (or upload there), or an https address. */
export function ImageSourceInput({
  value,
  onChange,
  label,
  testId,
}: {
  value: Partial<SiteImage> | undefined;
  onChange: (v: Partial<SiteImage>) => void;
  label: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const src = value?.src ?? '';
  return (
    <Stack gap={6}>
      <Group align="flex-end" gap="sm" wrap="nowrap">
        {src ? (
          <Image src={src} alt="" w={72} h={54} fit="cover" radius="sm" />
        ) : (
          <IconPhoto size={40} stroke={1.2} aria-hidden />
        )}
        <TextInput
          style={{ flex: 1 }}
          label={label}
          description={t('siteEditor.media.addressHint')}
          value={src}
          onChange={(e) => {
            // A typed address is not a library item: its sizes and sources go.
            const { media_id: _m, width: _w, height: _h, srcset: _s, ...rest } = value ?? {};
            onChange({ ...rest, src: e.currentTarget.value });
          }}
          data-testid={testId}
        />
        <Button variant="light" onClick={() => setOpen(true)} data-testid={`${testId}-library`}>
          {t('siteEditor.media.choose')}
        </Button>
      </Group>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('siteEditor.media.title')} size="xl">
        <MediaLibrary
          onPick={(m) => {
            onChange(pickedImage(value, m));
            setOpen(false);
          }}
        />
      </Modal>
    </Stack>
  );
}
