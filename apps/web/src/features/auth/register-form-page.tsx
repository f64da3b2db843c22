import { Anchor, Card, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { useSession } from '../../lib/session/index.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { CreateAccountForm } from './create-account-form.tsx';

/** SPEC's register-form/{type}: the account form preset for an individual or a business taxpayer. */
export function RegisterFormPage({ taxpayer }: { taxpayer: 'individual' | 'business' }) {
  const { t } = useTranslation();
  const session = useSession();
  if (session.isPending) return <PageLoader />;
  if (session.data) return <Navigate to="/dashboard" replace />;
  return (
    <Container size="xs" py="xl">
      <Card withBorder padding="lg" radius="md" data-testid={`register-form-${taxpayer}`}>
        <Stack gap="md">
          <Title order={1} size="h2">
            {taxpayer === 'business' ? t('auth.registerForm.businessTitle') : t('auth.registerForm.individualTitle')}
          </Title>
          {taxpayer === 'business' && (
            <Text size="sm" c="dimmed">
              {t('auth.registerForm.businessHint')}
            </Text>
          )}
          <CreateAccountForm taxpayer={taxpayer} />
          <Anchor component={Link} to="/register" size="sm">
            {t('auth.registerForm.haveAccount')}
          </Anchor>
        </Stack>
      </Card>
    </Container>
  );
}

export const IndividualRegisterFormPage = () => <RegisterFormPage taxpayer="individual" />;
export const BusinessRegisterFormPage = () => <RegisterFormPage taxpayer="business" />;
