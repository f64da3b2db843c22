import { Anchor, Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { IconCheck, IconCopy, IconMail, IconShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSyncExternalStore } from 'react';
import { absoluteUrl } from './site-origin.ts';

/** The networks' own share addresses: a link each, no third-party script on the page. */
export function shareLinks(url: string, title: string) {
  const u = encodeURIComponent(url);
  const both = encodeURIComponent(`${title} ${url}`);
  return {
    email: `mailto:?subject=${encodeURIComponent(title)}&body=${both}`,
    x: `https://twitter.com/intent/tweet?url=${u}&text=${encodeURIComponent(title)}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
    whatsapp: `https://wa.me/?text=${both}`,
  };
}

const NETWORKS = ['x', 'facebook', 'linkedin', 'whatsapp'] as const;

const noChanges = () => () => undefined;
const hasShareSheet = () => typeof navigator.share === 'function';

/**
 * Share a page or post: copy its link, e-mail it, post it to X, Facebook, LinkedIn or WhatsApp through their share
 * addresses, and on devices with the Web Share API (phones) the system's own share sheet.
 */
export function SocialShare({ path, title }: { path: string; title: string }) {
  const { t } = useTranslation();
  const clipboard = useClipboard({ timeout: 2000 });
  const url = absoluteUrl(path);
  const links = shareLinks(url, title);
  // Read after the first render: the server, which drew the page first, has no share sheet to offer.
  const canShare = useSyncExternalStore(noChanges, hasShareSheet, () => false);
  return (
    <Group gap="xs" wrap="wrap" role="group" aria-label={t('site.share.label')} data-testid="social-share">
      <Text size="sm" fw={600}>
        {t('site.share.label')}
      </Text>
      {canShare && (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconShare size={14} aria-hidden />}
          onClick={() => void navigator.share({ title, url }).catch(() => undefined)}
          data-testid="share-native"
        >
          {t('site.share.native')}
        </Button>
      )}
      <Button
        size="xs"
        variant="default"
        leftSection={clipboard.copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
        onClick={() => clipboard.copy(url)}
        data-testid="share-copy"
      >
        {clipboard.copied ? t('site.share.copied') : t('site.share.copy')}
      </Button>
      <Anchor href={links.email} size="sm" data-testid="share-email">
        <Group gap={4} component="span">
          <IconMail size={14} aria-hidden />
          {t('site.share.email')}
        </Group>
      </Anchor>
      {NETWORKS.map((n) => (
        <Anchor key={n} href={links[n]} target="_blank" rel="noopener noreferrer" size="sm" data-testid={`share-${n}`}>
          {t(`site.share.${n}`)}
          <VisuallyHidden> {t('site.share.newTab')}</VisuallyHidden>
        </Anchor>
      ))}
    </Group>
  );
}
