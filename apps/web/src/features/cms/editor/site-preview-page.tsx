import { Container, Text } from '@mantine/core';
import type { PublicPage } from '@taxportal/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SiteFrame } from '../site-frame.tsx';
import { PageBlocks } from '../site-pages.tsx';
import type { PreviewMessage } from './preview-protocol.ts';
import { addEditorTexts } from './i18n.ts';

addEditorTexts();

/**
 * The editor's preview frame (/admin/site/preview): renders the page the editor sends it, with the public site's own
 * frame and block components. It fetches nothing of the editor's and shows nothing until its parent (same origin)
 * sends a page.
 */
export function SitePreviewPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState<PublicPage | null>(null);
  useEffect(() => {
    const onMessage = (e: MessageEvent<PreviewMessage>) => {
      if (e.origin !== window.location.origin || e.source !== window.parent) return;
      if (e.data?.type === 'site-preview')
        setPage({ id: 'preview', published_at: new Date(0).toISOString(), ...e.data.page } as PublicPage);
    };
    window.addEventListener('message', onMessage);
    if (window.parent !== window) window.parent.postMessage({ type: 'site-preview-ready' }, window.location.origin);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  if (!page)
    return (
      <Container py="xl">
        <Text c="dimmed">{t('siteEditor.preview.waiting')}</Text>
      </Container>
    );
  return (
    <SiteFrame>
      <PageBlocks page={{ ...page, blocks: Array.isArray(page.blocks) ? page.blocks : [] }} />
    </SiteFrame>
  );
}
