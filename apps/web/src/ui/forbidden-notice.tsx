import { Center, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Shown instead of a page the signed-in role may not use (the server refuses the data anyway). */
export function ForbiddenNotice() {
  const { t } = useTranslation();
  return (
    <Center py={64}>
      <Paper withBorder shadow="xs" p="xl" maw={480} w="100%" data-testid="forbidden">
        <Stack align="center" gap="md">
          <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
            <IconLock size={28} stroke={1.6} />
          </ThemeIcon>
          <Text component="h1" fw={600} size="lg" ta="center" m={0}>
            {t('common.forbidden')}
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
