import { Alert, Button, Container, Stack, Text, Title } from '@mantine/core';
import { isWrittenIn } from '@taxportal/contract';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SiteFrame } from './site-frame.tsx';
import { useSite } from './site-api.ts';
import { useSiteHref } from './site-language.ts';
import { addSitePageTexts } from './site-texts.ts';

addSitePageTexts();

// What the public site's pages (site-pages.tsx and the pages it gathers) share: the document's title, the page
// that says a thing is not published, and the frame of a page that is a title over its content.

/** The document's title as the server sent it for this route, kept when the visitor moves on in the app. */
export function useDocumentTitle(title: string | undefined) {
  const { data } = useSite();
  const firm = data?.settings.firm_name;
  useEffect(() => {
    if (!title || !firm) return;
    document.title = title === firm ? title : `${title} | ${firm}`;
  }, [title, firm]);
}

/** What a page says when what it shows is not published (or not there). */
export function NotPublished() {
  const local = useSiteHref();
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl" data-testid="site-not-found">
      <Stack align="center" ta="center">
        <Title order={1}>{t('site.notFound')}</Title>
        <Text>{t('site.notFoundText')}</Text>
        <Button component={Link} to={local('/')}>
          {t('site.backHome')}
        </Button>
      </Stack>
    </Container>
  );
}

/**
 * On the Spanish site, a page whose content has no Spanish yet says so above its English (issue 31): the reader
 * knows why, and the English is marked as English for a screen reader.
 */
export function NoSpanishNote({ content }: { content: unknown }) {
  const { t, i18n } = useTranslation();
  if (!i18n.language?.startsWith('es') || isWrittenIn(content, 'es')) return null;
  return (
    <Alert color="gray" variant="light" my="sm" lang="es" data-testid="site-no-spanish">
      {t('sitePages.noSpanish')}
    </Alert>
  );
}

/** A page of the site that is its title (the h1, and the document's) over its content. */
export const Shell = ({ title, content, children }: { title: string; content?: unknown; children: ReactNode }) => {
  useDocumentTitle(title);
  return (
    <SiteFrame>
      <Container size="lg" py="xl">
        {content !== undefined && <NoSpanishNote content={content} />}
        <Title order={1} mb="lg">
          {title}
        </Title>
        {children}
      </Container>
    </SiteFrame>
  );
};
