import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Session } from '@taxportal/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './dashboard-page.module.css';

/** Who is signed in, as what, and the page's main actions. */
export function WelcomeCard({ session, intro, actions }: { session: Session; intro: string; actions?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card className={classes.welcome} data-testid="welcome-card">
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Title order={1} className={classes.title}>
            {t('dashboard.welcome', { name: session.user.full_name })}
          </Title>
          <Group gap="xs">
            <Text c="dimmed" size="sm">
              {t('dashboard.role')}
            </Text>
            <Badge variant="light" size="lg" radius="sm" data-testid="welcome-role">
              {t(`roles.${session.login_role}`)}
            </Badge>
          </Group>
          <Text mt={4} maw={640}>
            {intro}
          </Text>
        </Stack>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
    </Card>
  );
}
