import {
  Anchor,
  Box,
  Burger,
  Container,
  Drawer,
  Group,
  Menu,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure, useWindowScroll } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import type { SiteSettings } from '@taxportal/contract';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../ui/page-loader.tsx';
import { useIsPhone } from '../../ui/use-is-phone.ts';
import { ReferenceSites } from './reference-site-modal.tsx';
import { SiteLink, SiteMenuLink } from './site-links.tsx';
import { useSite, useText } from './site-api.ts';
import classes from './site.module.css';
import { useSpanishSite } from './site-language.ts';

/** SPEC §9's first header threshold: past it the site's menu bar casts a shadow over the page. */
const STICKY_AT = 40;

function SiteNav({ settings }: { settings: SiteSettings }) {
  const { t } = useTranslation();
  const text = useText();
  const [scroll] = useWindowScroll();
  const isPhone = useIsPhone();
  const [opened, drawer] = useDisclosure(false);
  if (settings.header_menu.length === 0) return null;
  const stuck = scroll.y > STICKY_AT;
  const links = settings.header_menu.map((item) =>
    item.children.length === 0 || isPhone ? (
      <Stack key={item.href} gap={4}>
        <SiteLink href={item.href} className={classes.navLink}>
          {text(item.label)}
        </SiteLink>
        {isPhone &&
          item.children.map((child) => (
            <Box key={child.href} pl="md">
              <SiteLink href={child.href} className={classes.navLink}>
                {text(child.label)}
              </SiteLink>
            </Box>
          ))}
      </Stack>
    ) : (
      <Menu
        key={item.href}
        trigger="click-hover"
        openDelay={50}
        closeDelay={150}
        position="bottom-start"
        offset={4}
        shadow="md"
        radius="md"
        classNames={{ dropdown: classes.navMenu, item: classes.navMenuItem }}
      >
        <Menu.Target>
          <UnstyledButton className={classes.navLink}>
            <Group gap={4} wrap="nowrap">
              {text(item.label)}
              <IconChevronDown size={14} aria-hidden className={classes.navChevron} />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown data-testid="site-nav-submenu">
          <Menu.Item component={SiteMenuLink} href={item.href}>
            {text(item.label)}
          </Menu.Item>
          {item.children.map((child) => (
            <Menu.Item key={child.href} component={SiteMenuLink} href={child.href}>
              {text(child.label)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    ),
  );
  return (
    <Box
      component="nav"
      aria-label={t('site.menu')}
      className={`${classes.nav} ${stuck ? classes.navStuck : ''}`}
      data-testid="site-nav"
      data-stuck={stuck}
    >
      <Container size="lg" py={6}>
        {isPhone ? (
          // The portal's header above already names the firm (its brand is the firm's): the bar holds the menu.
          <Group justify="flex-end">
            <Burger opened={opened} onClick={drawer.toggle} aria-label={t('site.openMenu')} size="sm" />
            <Drawer opened={opened} onClose={drawer.close} title={settings.firm_name} position="right" size="80%">
              <Stack onClick={drawer.close}>{links}</Stack>
            </Drawer>
          </Group>
        ) : (
          <Group gap="lg">{links}</Group>
        )}
      </Container>
    </Box>
  );
}

function SiteFooter({ settings }: { settings: SiteSettings }) {
  const { t } = useTranslation();
  const text = useText();
  const b = settings.business;
  const address = [b.street, [b.locality, b.region, b.postal_code].filter(Boolean).join(', ')].filter(Boolean);
  const hasReferences = settings.reference_sites.length > 0;
  return (
    <Box component="footer" className={classes.footer} data-testid="site-footer">
      <Container size="lg">
        <SimpleGrid
          cols={{ base: 1, sm: 2, md: settings.footer_columns.length + 1 + (hasReferences ? 1 : 0) }}
          spacing="xl"
        >
          <Stack gap={4}>
            <Text fw={700} c="white">
              {settings.firm_name}
            </Text>
            {address.map((line) => (
              <Text key={line} size="sm">
                {line}
              </Text>
            ))}
            {b.phone && (
              <Anchor href={`tel:${b.phone.replace(/[^\d+]/g, '')}`} size="sm">
                {b.phone}
              </Anchor>
            )}
            {b.email && (
              <Anchor href={`mailto:${b.email}`} size="sm">
                {b.email}
              </Anchor>
            )}
          </Stack>
          {settings.footer_columns.map((col) => (
            <Stack key={text(col.heading)} gap={6}>
              <Text fw={700} c="white" component="h2" size="md">
                {text(col.heading)}
              </Text>
              {col.links.map((l) => (
                <SiteLink key={l.href} href={l.href}>
                  {text(l.label)}
                </SiteLink>
              ))}
            </Stack>
          ))}
          {hasReferences && (
            <Stack gap={6} align="flex-start" data-testid="reference-sites">
              <Text fw={700} c="white" component="h2" size="md">
                {t('site.reference.heading')}
              </Text>
              <ReferenceSites sites={settings.reference_sites} />
            </Stack>
          )}
        </SimpleGrid>
        {settings.social_links.length > 0 && (
          <Group mt="lg" gap="md" aria-label={t('site.social')}>
            {settings.social_links.map((s) => (
              <SiteLink key={s.url} href={s.url}>
                {t(`site.networks.${s.network}`)}
              </SiteLink>
            ))}
          </Group>
        )}
        <Text size="xs" mt="lg">
          © {new Date().getFullYear()} {settings.firm_name}
        </Text>
      </Container>
    </Box>
  );
}

/** The public site around a page: the firm's menu (sticky by scroll) and footer, in the firm's colours. */
export function SiteFrame({ children }: { children: ReactNode }) {
  const { data, isLoading } = useSite();
  useSpanishSite();
  // No layout shift (Lighthouse's CLS): the menu bar is drawn with the page, never pushed in above it, and the
  // page's part is at least a screen tall, so blocks that fill in later (the catalogue's prices, a form) move only
  // the footer, below the fold.
  if (isLoading) return <PageLoader />;
  const style = data
    ? ({
        '--site-primary': data.settings.colors.primary,
        '--site-accent': data.settings.colors.accent,
      } as CSSProperties)
    : undefined;
  return (
    // data-site-frame: a page of the public site, which has an address in each language (app-header.tsx).
    <Box style={style} data-testid="site-frame" data-site-frame="">
      {data && <SiteNav settings={data.settings} />}
      <Box mih="100vh" className={classes.content}>
        {children}
      </Box>
      {data && <SiteFooter settings={data.settings} />}
    </Box>
  );
}
