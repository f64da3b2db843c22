import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center py={64}>
      <Paper withBorder shadow="xs" p="xl" maw={480} w="100%" data-testid="not-found">
        <Stack align="center" gap="sm">
          <Text fw={800} fz={48} c="brand.7" lh={1} aria-hidden>
            404
          </Text>
          <Title order={1} size="h3" ta="center">
            {t('placeholder.notFoundTitle')}
          </Title>
          <Text c="dimmed" ta="center">
            {t('placeholder.notFoundText')}
          </Text>
          <Button component={Link} to="/" mt="sm">
            {t('placeholder.goHome')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
