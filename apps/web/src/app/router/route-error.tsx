import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * What a page that failed to draw shows instead of the router's own error screen (which prints the error and its
 * stack to whoever is reading): SPEC's "Something Went Wrong", and a way on. The parts of pages that can fail alone
 * (a site block) have their own quiet boundary (ui/quiet-boundary.tsx).
 */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl" data-testid="route-error">
      <Stack gap="sm">
        <Title order={1} size="h3">
          {t('common.somethingWentWrong')}
        </Title>
        <Text c="dimmed">{t('common.loadFailed')}</Text>
        <Anchor href="/">{t('common.backHome')}</Anchor>
      </Stack>
    </Container>
  );
}
