import { ActionIcon, AppShell, Button, Group, UnstyledButton } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import type { Language, Session } from '@taxportal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useFirmBrand } from '../../features/cms/index.ts';
import { chooseLanguage } from '../../lib/language.ts';
import { signInThenReturn } from '../../lib/session/index.ts';
import { BrandMark } from '../../ui/brand-mark.tsx';
import classes from './app-header.module.css';
// Notifications and who is signed in: with the signed-in shell's chunk.
import { HeaderUser } from './signed-in-parts.ts';

/** SPEC §9's first header threshold: past 40 px of scroll the header lifts off the page. */
const ELEVATE_AFTER_PX = 40;
const ROOT_PATHS = new Set(['/', '/home', '/dashboard', '/register', '/es', '/es/']);

/**
 * SPEC leaves these private pages unguarded (each asks a signed-out visitor to sign in itself): the header's Sign in
 * comes back to them. From the public site it leads to the dashboard, as a visitor signing in expects.
 */
const RETURN_AFTER_SIGN_IN = /^\/(billing|my-profile)(\/|$)/;

/**
 * The other language, named in itself: a plain link to the server (GET /language/{lng}), which keeps the choice and
 * sends the same page back drawn in it; it works before the app has loaded, and needs nothing of it.
 */
function LanguageLink({ signedIn }: { signedIn: boolean }) {
  // The language of this render's i18next (on the server, each render has its own: entry-server.tsx).
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const { pathname, search, hash } = useLocation();
  const other: Language = i18n.language === 'es' ? 'en' : 'es';
  return (
    <a
      href={`/language/${other}?next=${encodeURIComponent(pathname + search + hash)}`}
      // Once the app is there: switched in place (what was typed stays), and saved on the profile if signed in.
      onClick={(e) => {
        e.preventDefault();
        const { href } = e.currentTarget;
        // A page of the public site has an address in each language (/about-us, /es/about-us): there the link is
        // followed once the choice is kept, and the server sends the reader to the other address. Any other page
        // is drawn again where it is.
        const onSite = document.querySelector('[data-site-frame]') !== null;
        void chooseLanguage(client, other, signedIn)
          .then(() => onSite && window.location.assign(href))
          .catch(() => undefined);
      }}
      hrefLang={other}
      lang={other}
      title={t('language.switchHint')}
      className={classes.language}
      data-testid="language-link"
      // Pressed before the app has taken a rendered page over, it waits for it (public/boot.js) and switches in
      // place, so nothing typed is lost; with no script at all, it is a link the server answers.
      data-held-until-app=""
    >
      {t('language.switchTo')}
    </a>
  );
}

/** `session`: undefined while the browser has not heard who is signed in (the header then offers no Sign in). */
export function AppHeader({ session, isMobile }: { session: Session | null | undefined; isMobile: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search, key } = useLocation();
  const [scroll] = useWindowScroll();
  const showBack = isMobile && !ROOT_PATHS.has(pathname);
  // The firm's own name and logo from its website settings; the portal's name until they answer.
  const firm = useFirmBrand();
  const brand = firm?.name ?? t('app.name');

  return (
    <AppShell.Header
      className={classes.header}
      data-scrolled={scroll.y > ELEVATE_AFTER_PX || undefined}
      data-testid="app-header"
    >
      <Group h="100%" px={{ base: 'sm', sm: 'lg' }} justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" miw={0}>
          {showBack && (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              // Opened straight on this page (a link in an e-mail, a reload): there is no page of ours to go back
              // to, so the arrow goes home instead of leaving the portal.
              onClick={() => (key === 'default' ? navigate(session ? '/dashboard' : '/') : navigate(-1))}
              aria-label={t('app.back')}
              data-testid="header-back"
            >
              <IconArrowLeft size={22} />
            </ActionIcon>
          )}
          <UnstyledButton component={Link} to={session ? '/dashboard' : '/'} aria-label={brand} miw={0}>
            <BrandMark name={brand} logo={firm?.logo} />
          </UnstyledButton>
        </Group>
        <Group gap="xs" wrap="nowrap" flex="none">
          <LanguageLink signedIn={!!session} />
          {session ? (
            <Suspense fallback={null}>
              <HeaderUser session={session} isMobile={isMobile} />
            </Suspense>
          ) : (
            session === null &&
            pathname !== '/register' && (
              <Button
                component={Link}
                to={RETURN_AFTER_SIGN_IN.test(pathname) ? signInThenReturn(pathname + search) : '/register'}
                variant="light"
                data-testid="header-sign-in"
                flex="none"
              >
                {t('common.signIn')}
              </Button>
            )
          )}
        </Group>
      </Group>
    </AppShell.Header>
  );
}
