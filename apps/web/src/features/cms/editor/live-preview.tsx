import { Box, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PREVIEW_PATH, type PreviewMessage } from './preview-protocol.ts';
import classes from './editor.module.css';

const WIDTHS = { desk: 1280, phone: 390 } as const;
const HEIGHT = { desk: 900, phone: 844 } as const;

/**
 * The page as visitors will see it, at desk or phone width: a same-origin frame (so the public blocks' own media
 * queries apply at that width) that renders what the editor holds, sent to it by postMessage on every change.
 */
export function LivePreview({ page }: { page: Record<string, unknown> }) {
  const { t } = useTranslation();
  const [size, setSize] = useState<keyof typeof WIDTHS>('desk');
  const frame = useRef<HTMLIFrameElement>(null);
  const [ready, setReady] = useState(false);
  const { ref, width } = useElementSize();

  useEffect(() => {
    const onMessage = (e: MessageEvent<PreviewMessage>) => {
      if (e.origin !== window.location.origin || e.source !== frame.current?.contentWindow) return;
      if (e.data?.type === 'site-preview-ready') setReady(true);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  useEffect(() => {
    if (!ready) return;
    const message: PreviewMessage = { type: 'site-preview', page };
    frame.current?.contentWindow?.postMessage(message, window.location.origin);
  }, [ready, page]);

  const w = WIDTHS[size];
  const scale = width > 0 ? Math.min(1, width / w) : 1;
  return (
    <Stack gap="xs" data-testid="live-preview" data-width={w}>
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('siteEditor.preview.title')}
        </Title>
        <SegmentedControl
          size="xs"
          value={size}
          onChange={(v) => setSize(v as keyof typeof WIDTHS)}
          data={[
            { value: 'desk', label: t('siteEditor.preview.desk') },
            { value: 'phone', label: t('siteEditor.preview.phone') },
          ]}
          data-testid="preview-width"
        />
      </Group>
      {!ready && (
        <Text size="sm" c="dimmed">
          {t('siteEditor.preview.waiting')}
        </Text>
      )}
      <Box ref={ref}>
        <Box className={classes.frameBox} style={{ height: HEIGHT[size] * scale, width: w * scale, maxWidth: '100%' }}>
          <iframe
            ref={frame}
            src={PREVIEW_PATH}
            title={t('siteEditor.preview.frame', { width: w })}
            className={classes.frame}
            style={{ width: w, height: HEIGHT[size], transform: `scale(${scale})` }}
            data-testid="preview-frame"
          />
        </Box>
      </Box>
    </Stack>
  );
}
