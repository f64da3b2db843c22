import { Alert, Button, Container, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../lib/session/index.ts';
import { PageTitle } from '../../ui/page-title.tsx';
import { SecurityPanel } from './security-panel.tsx';

/**
 * `/security`: the caller's second factors. Staff without one are sent here right after sign-in and on every
 * other page until they set one up (the API refuses their other calls meanwhile).
 */
/**
 * Only a ticket's page of this site is a way back (never an address from elsewhere), with the signer whose dialog
 * it reopens (signing-section.tsx reads `sign`).
 */
const BACK_TO_TICKET = /^\/form\/message\/([A-Za-z0-9._-]{1,64})(?:\?sign=(?:taxpayer|spouse))?$/;

export function SecurityPage() {
  const { t } = useTranslation();
  const { data: session } = useSession();
  const [search] = useSearchParams();
  const back = BACK_TO_TICKET.exec(search.get('back') ?? '');
  return (
    <Container size="md" px={0}>
      <Stack gap="lg">
        <PageTitle title={t('auth.mfa.pageTitle')} subtitle={t('auth.mfa.pageText')} />
        {session?.factor_setup_required && (
          <Alert color="orange" title={t('auth.mfa.requiredTitle')} data-testid="factor-required">
            {t('auth.mfa.requiredText')}
          </Alert>
        )}
        {back && (
          // Came from signing Form 8879 without a factor (signing-confirm-step.tsx): the way back to it.
          <Alert color="blue" data-testid="back-to-signing">
            <Group justify="space-between" gap="xs">
              <Text size="sm">{t('auth.mfa.backToSigningText')}</Text>
              <Button component={Link} to={back[0]} size="xs" variant="light">
                {t('auth.mfa.backToSigning', { name: back[1] })}
              </Button>
            </Group>
          </Alert>
        )}
        <SecurityPanel />
      </Stack>
    </Container>
  );
}
