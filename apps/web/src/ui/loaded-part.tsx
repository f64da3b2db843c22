import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Contained, usePartLoaded, type Part } from './part-loading.tsx';

/**
 * A part of a page drawn once its code is in (staff's tools on a ticket: nothing of them loads for a customer).
 * If the download fails (a network that dropped, an old tab after a release), the place says so and offers to
 * try again; the rest of the page stays. Not for a page the server renders: there nothing is drawn until the code
 * is in, after hydration.
 */
export function LoadedPart({ part, children }: { part: Part; children: ReactNode }) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  const loaded = usePartLoaded(part, !failed, attempt, () => setFailed(true));
  // Tried again from the keyboard or a screen reader: the focus was on "Try again", which is gone; it goes to the
  // part's first control once it is drawn (the wrapper draws no box: the part's own parts stay where they were).
  const drawn = useRef<HTMLDivElement>(null);
  const focusOnDraw = useRef(false);
  useEffect(() => {
    if (!loaded || !focusOnDraw.current) return;
    focusOnDraw.current = false;
    drawn.current?.querySelector<HTMLElement>('button, [href], input, select, textarea, [tabindex]')?.focus();
  }, [loaded]);
  if (failed)
    return (
      <Alert color="red" variant="light" data-testid="part-failed">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('common.loadFailed')}</Text>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              focusOnDraw.current = true;
              setFailed(false);
              setAttempt((n) => n + 1);
            }}
          >
            {t('common.tryAgain')}
          </Anchor>
        </Stack>
      </Alert>
    );
  return loaded ? (
    <div ref={drawn} style={{ display: 'contents' }}>
      <Contained>{children}</Contained>
    </div>
  ) : null;
}
