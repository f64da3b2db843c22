import { Group, Paper, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** SPEC §4 and §9: a 'Saved' popup shows for 2.5 seconds. */
export const SAVED_POPUP_MS = 2500;

export function useSavedPopup() {
  const [visible, setVisible] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const show = useCallback(() => {
    setVisible(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setVisible(false), SAVED_POPUP_MS);
  }, []);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  return useMemo(() => ({ visible, show }), [visible, show]);
}

/** Bottom right, like SPEC's toast-style popup; announced politely to screen readers. */
export function SavedPopup({ visible }: { visible: boolean }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" style={{ position: 'fixed', right: 16, bottom: 16, zIndex: 400 }}>
      {visible && (
        <Paper shadow="md" withBorder px="md" py="xs" radius="md" data-testid="saved-popup" bg="green.0">
          <Group gap="xs">
            <IconCheck size={18} color="var(--mantine-color-green-7)" aria-hidden />
            {/* green.9 on green.0 read 4.06:1; the check mark carries the colour (axe: color-contrast). */}
            <Text fw={600} c="gray.9">
              {t('questionnaire.saved')}
            </Text>
          </Group>
        </Paper>
      )}
    </div>
  );
}
