import { Center, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Every route whose feature is not built yet shows this, inside the layout. */
export function NotAvailableYetPage() {
  const { t } = useTranslation();
  return (
    <Center py={64}>
      <Paper withBorder shadow="xs" p="xl" maw={480} w="100%" data-testid="not-available-yet">
        <Stack align="center" gap="md">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
            <IconTools size={28} stroke={1.6} />
          </ThemeIcon>
          <Text component="h1" fw={600} size="lg" ta="center" m={0}>
            {t('placeholder.notAvailable')}
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
