import { Box, Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFolder, IconReceipt, IconTicket } from '@tabler/icons-react';
import type { PublicPage } from '@taxportal/contract';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './home-page.module.css';
import { usePage } from './site-api.ts';
import { lazyComponent } from '../../lib/lazy-component.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { useIsPhone } from '../../ui/use-is-phone.ts';

/** '/' (and home, home/:id): the firm's home page from the CMS; this landing until one is published. */
export function HomePage() {
  // The page is asked for first (a small call); the renderer, its own chunk, loads only when there is one.
  const isPhone = useIsPhone();
  const { data, isLoading } = usePage('home', isPhone ? 'mobile' : 'web');
  if (isLoading) return <PageLoader />;
  if (!data) return <DefaultHome />;
  return (
    <Suspense fallback={<PageLoader />}>
      <SiteHome page={data} />
    </Suspense>
  );
}

const SiteHome = lazyComponent<{ page: PublicPage }>(() =>
  import('./site-pages.tsx').then((m) => ({ default: m.SiteHome })),
);
/** The site's renderer for a published home page, loaded ahead (a rendered page hydrates with it in). */
export const preloadSiteHome = () => SiteHome.preload();

function DefaultHome() {
  const { t } = useTranslation();
  const features = [
    { icon: IconTicket, title: t('common.offer.requestTitle'), text: t('common.offer.requestText') },
    { icon: IconFolder, title: t('common.offer.vaultTitle'), text: t('common.offer.vaultText') },
    { icon: IconReceipt, title: t('common.offer.billingTitle'), text: t('common.offer.billingText') },
  ];
  return (
    <Box>
      <Box className={classes.hero}>
        <Container size="md" py={{ base: 48, sm: 88 }}>
          <Stack align="center" gap="lg" ta="center">
            <Text tt="uppercase" fw={700} size="sm" c="brand.1" style={{ letterSpacing: '0.08em' }}>
              {t('app.name')}
            </Text>
            <Title order={1} className={classes.title}>
              {t('home.headline')}
            </Title>
            <Text size="lg" c="brand.0" maw={620}>
              {t('home.pitch')}
            </Text>
            <Group gap="md" mt="sm" justify="center">
              <Button component={Link} to="/register" size="lg" variant="white" data-testid="home-sign-in">
                {t('common.signIn')}
              </Button>
              <Button
                component={Link}
                to="/register?tab=create"
                size="lg"
                variant="outline"
                color="white"
                data-testid="home-create-account"
              >
                {t('home.createAccount')}
              </Button>
            </Group>
          </Stack>
        </Container>
      </Box>
      <Container size="lg" py={56}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {features.map(({ icon: FeatureIcon, title, text }) => (
            <Card key={title} padding="lg">
              <ThemeIcon size={44} radius="md" variant="light" mb="md" aria-hidden>
                <FeatureIcon size={24} stroke={1.6} />
              </ThemeIcon>
              <Text component="h2" fw={600} size="lg" m={0}>
                {title}
              </Text>
              <Text c="dimmed" size="sm" mt={6}>
                {text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
