import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
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
              setFailed(false);
              setAttempt((n) => n + 1);
            }}
          >
            {t('common.tryAgain')}
          </Anchor>
        </Stack>
      </Alert>
    );
  return loaded ? <Contained>{children}</Contained> : null;
}
