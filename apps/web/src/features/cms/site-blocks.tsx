import {
  Accordion,
  Anchor,
  Badge,
  Blockquote,
  Box,
  Button,
  Card,
  Container,
  Grid,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCheck, IconMapPin, IconPhone, IconMail, IconClock } from '@tabler/icons-react';
import { hrefTarget, type Block, type SiteLink as Link } from '@taxportal/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatMoney } from '../../ui/format.ts';
import { ContactForm } from './contact-form.tsx';
import { SiteLink } from './site-links.tsx';
import { usePublicServices, useSite, useText } from './site-api.ts';
import { SiteImage } from './site-image.tsx';
import { GalleryGrid, PostCards } from './site-lists.tsx';
import { WebForm } from './web-form.tsx';
import classes from './site.module.css';

type Of<T extends Block['type']> = Extract<Block, { type: T }>;

/** A button that is a link: in the app, or (https) in a new tab; no button where the address leads nowhere safe. */
function LinkButton({ link, variant = 'filled' }: { link: Link; variant?: 'filled' | 'white' | 'outline' }) {
  const text = useText();
  const label = text(link.label);
  const target = hrefTarget(link.href);
  if (!target) return null;
  if (target.kind === 'path')
    return (
      <Button component={RouterLink} to={target.href} variant={variant} size="md">
        {label}
      </Button>
    );
  const newTab = target.kind === 'web' && target.href.startsWith('https');
  return (
    <Button
      component="a"
      href={target.href}
      variant={variant}
      size="md"
      {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {label}
    </Button>
  );
}

/** HTML the server sanitised with its allow-list when it was saved (site.sanitize.ts). */
export function RichText({ html }: { html: string }) {
  return <div className={classes.rich} dangerouslySetInnerHTML={{ __html: html }} />;
}

function Hero({ block, first }: { block: Of<'hero'>; first: boolean }) {
  const text = useText();
  return (
    <Box className={classes.hero}>
      <Container size="lg" py={{ base: 40, sm: 72 }}>
        <Grid align="center" gap="xl">
          <Grid.Col span={{ base: 12, md: block.image ? 7 : 12 }}>
            <Stack gap="md">
              <Title order={first ? 1 : 2} c="white" fz={{ base: 30, sm: 44 }} lh={1.15}>
                {text(block.heading)}
              </Title>
              {text(block.text) && (
                <Text size="lg" c="gray.1" maw={640}>
                  {text(block.text)}
                </Text>
              )}
              {block.cta && (
                <Group>
                  <LinkButton link={block.cta} variant="white" />
                </Group>
              )}
            </Stack>
          </Grid.Col>
          {block.image && (
            <Grid.Col span={{ base: 12, md: 5 }} visibleFrom="md">
              {/* Hidden on phones: there the smallest width is enough (1px), so a phone barely pays for it. */}
              <SiteImage
                image={block.image}
                sizes="(min-width: 62em) 40vw, 1px"
                box={{ width: 480, height: 360 }}
                priority={first}
                className={classes.heroImage}
              />
            </Grid.Col>
          )}
        </Grid>
      </Container>
    </Box>
  );
}

const Section = ({ children, alt = false }: { children: React.ReactNode; alt?: boolean }) => (
  <Box component="section" className={alt ? classes.sectionAlt : classes.section}>
    <Container size="lg">{children}</Container>
  </Box>
);
const Heading = ({ children }: { children: string }) =>
  children ? (
    <Title order={2} mb="lg">
      {children}
    </Title>
  ) : null;

function ServicesGrid({ block }: { block: Of<'services_grid'> }) {
  const { t } = useTranslation();
  const text = useText();
  const { data } = usePublicServices();
  const services = (data?.items ?? []).filter(
    (s) => !block.service_type_id || s.service_type_id === block.service_type_id,
  );
  const byType = new Map<string, typeof services>();
  for (const s of services) byType.set(s.service_type_name, [...(byType.get(s.service_type_name) ?? []), s]);
  return (
    <Section alt>
      <Heading>{text(block.heading)}</Heading>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {[...byType].map(([type, items]) => (
          <Card key={type} withBorder radius="md" padding="lg">
            <Title order={3} size="h4" mb="sm">
              {type}
            </Title>
            <Stack gap="xs">
              {items.map((s) => (
                <Group key={s.id} justify="space-between" wrap="nowrap" align="flex-start">
                  <Text size="sm">{s.name}</Text>
                  <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                    {t('site.from', { price: formatMoney(s.price_cents, s.currency) })}
                  </Text>
                </Group>
              ))}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Section>
  );
}

function PricingPlans({ block }: { block: Of<'pricing_plans'> }) {
  const { t } = useTranslation();
  const text = useText();
  return (
    <Section>
      <Heading>{text(block.heading)}</Heading>
      <SimpleGrid cols={{ base: 1, md: Math.min(block.plans.length, 3) }} spacing="lg">
        {block.plans.map((p) => (
          <Card
            key={text(p.name)}
            withBorder
            radius="md"
            padding="xl"
            className={`${classes.plan} ${p.highlighted ? classes.planHighlighted : ''}`}
          >
            <Stack gap="sm" h="100%">
              <Group justify="space-between">
                <Title order={3} size="h4">
                  {text(p.name)}
                </Title>
                {p.highlighted && <Badge>{t('site.popular')}</Badge>}
              </Group>
              <Text fz={32} fw={800}>
                {formatMoney(p.price_cents, p.currency)}
                <Text span size="sm" c="dimmed" fw={500}>
                  {' '}
                  {t(`site.period.${p.period}`)}
                </Text>
              </Text>
              <List spacing={6} size="sm" icon={<IconCheck size={16} aria-hidden />} style={{ flex: 1 }}>
                {p.features.map((f) => (
                  <List.Item key={text(f)}>{text(f)}</List.Item>
                ))}
              </List>
              {p.cta && <LinkButton link={p.cta} variant={p.highlighted ? 'filled' : 'outline'} />}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Section>
  );
}

function Faq({ block }: { block: Of<'faq'> }) {
  const text = useText();
  return (
    <Section>
      <Heading>{text(block.heading)}</Heading>
      <Accordion variant="separated" radius="md">
        {block.items.map((item, i) => (
          <Accordion.Item key={i} value={String(i)}>
            <Accordion.Control>
              <Text fw={600}>{text(item.question)}</Text>
            </Accordion.Control>
            <Accordion.Panel>{text(item.answer)}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Section>
  );
}

function Testimonials({ block }: { block: Of<'testimonials'> }) {
  const text = useText();
  return (
    <Section alt>
      <Heading>{text(block.heading)}</Heading>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {block.items.map((item) => (
          <Blockquote
            key={item.name}
            color="blue"
            p="lg"
            radius="md"
            bg="white"
            cite={`— ${item.name}${item.role && text(item.role) ? `, ${text(item.role)}` : ''}`}
            // Mantine fades the citation (opacity 0.6: 4.35:1 on white); gray.7, unfaded, reads 8:1 (axe).
            styles={{ cite: { opacity: 1, color: 'var(--mantine-color-gray-7)' } }}
          >
            {text(item.quote)}
          </Blockquote>
        ))}
      </SimpleGrid>
    </Section>
  );
}

function Cta({ block }: { block: Of<'cta'> }) {
  const text = useText();
  return (
    <Section>
      <Card radius="lg" padding="xl" bg="blue.0">
        <Stack align="center" ta="center" gap="sm">
          <Title order={2}>{text(block.heading)}</Title>
          {text(block.text) && <Text maw={620}>{text(block.text)}</Text>}
          <LinkButton link={block.button} />
        </Stack>
      </Card>
    </Section>
  );
}

function LatestPosts({ block }: { block: Of<'latest_posts'> }) {
  const text = useText();
  return (
    <Section>
      <Heading>{text(block.heading)}</Heading>
      <PostCards category={block.category ?? undefined} count={block.count} />
    </Section>
  );
}

export function BusinessDetails({ heading, showMap }: { heading: string; showMap: boolean }) {
  const { t } = useTranslation();
  const text = useText();
  const { data } = useSite();
  if (!data) return null;
  const b = data.settings.business;
  const rows = [
    {
      icon: IconMapPin,
      value: [b.street, [b.locality, b.region, b.postal_code].filter(Boolean).join(', ')].filter(Boolean).join(', '),
    },
    { icon: IconPhone, value: b.phone, href: `tel:${b.phone.replace(/[^\d+]/g, '')}` },
    { icon: IconMail, value: b.email, href: `mailto:${b.email}` },
    { icon: IconClock, value: text(b.hours) },
  ].filter((r) => r.value);
  return (
    <Section alt>
      <Heading>{heading}</Heading>
      <Stack gap="sm" data-testid="business-details">
        {rows.map((r) => (
          <Group key={r.value} gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" radius="xl" aria-hidden>
              <r.icon size={18} />
            </ThemeIcon>
            {r.href ? <Anchor href={r.href}>{r.value}</Anchor> : <Text>{r.value}</Text>}
          </Group>
        ))}
        {showMap && b.map_url && <SiteLink href={b.map_url}>{t('site.openMap')}</SiteLink>}
      </Stack>
    </Section>
  );
}

/** One block of a page, by its type. */
export function BlockView({ block, first }: { block: Block; first: boolean }) {
  const text = useText();
  switch (block.type) {
    case 'hero':
      return <Hero block={block} first={first} />;
    case 'rich_text':
      return (
        <Section>
          <Box maw={760}>
            <RichText html={text(block.html)} />
          </Box>
        </Section>
      );
    case 'image':
      return (
        <Section>
          <Box component="figure" m={0}>
            <SiteImage
              image={block.image}
              sizes="(min-width: 75em) 1140px, 100vw"
              box={{ width: 1140, height: 640 }}
              style={{ maxWidth: '100%', height: 'auto' }}
            />
            {block.caption && (
              <Text component="figcaption" size="sm" c="dimmed">
                {text(block.caption)}
              </Text>
            )}
          </Box>
        </Section>
      );
    case 'services_grid':
      return <ServicesGrid block={block} />;
    case 'pricing_plans':
      return <PricingPlans block={block} />;
    case 'faq':
      return <Faq block={block} />;
    case 'testimonials':
      return <Testimonials block={block} />;
    case 'cta':
      return <Cta block={block} />;
    case 'latest_posts':
      return <LatestPosts block={block} />;
    case 'gallery':
      return (
        <Section>
          <GalleryGrid slug={block.gallery} />
        </Section>
      );
    case 'contact_form':
      return (
        <Section>
          <Box maw={680}>
            <Heading>{text(block.heading)}</Heading>
            {text(block.text) && <Text mb="md">{text(block.text)}</Text>}
            <ContactForm />
          </Box>
        </Section>
      );
    case 'web_form':
      return (
        <Section>
          <Box maw={680}>
            <WebForm slug={block.form} />
          </Box>
        </Section>
      );
    case 'business_details':
      return <BusinessDetails heading={text(block.heading)} showMap={block.show_map_link} />;
  }
}
