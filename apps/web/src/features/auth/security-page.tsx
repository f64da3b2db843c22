import { Alert, Container, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session/index.ts';
import { PageTitle } from '../../ui/page-title.tsx';
import { SecurityPanel } from './security-panel.tsx';

/**
 * `/security`: the caller's second factors. Staff without one are sent here right after sign-in and on every
 * other page until they set one up (the API refuses their other calls meanwhile).
 */
export function SecurityPage() {
  const { t } = useTranslation();
  const { data: session } = useSession();
  return (
    <Container size="md" px={0}>
      <Stack gap="lg">
        <PageTitle title={t('auth.mfa.pageTitle')} subtitle={t('auth.mfa.pageText')} />
        {session?.factor_setup_required && (
          <Alert color="orange" title={t('auth.mfa.requiredTitle')} data-testid="factor-required">
            {t('auth.mfa.requiredText')}
          </Alert>
        )}
        <SecurityPanel />
      </Stack>
    </Container>
  );
}
