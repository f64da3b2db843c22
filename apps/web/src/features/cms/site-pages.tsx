import { Anchor, Box, Container, Stack, Text, Title } from '@mantine/core';
import { isWrittenIn, type PublicPage } from '@taxportal/contract';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { PageLoader } from '../../ui/page-loader.tsx';
import { QuietBoundary } from '../../ui/quiet-boundary.tsx';
import { BlockView } from './site-blocks.tsx';
import { SiteFrame } from './site-frame.tsx';
import { usePage, useText } from './site-api.ts';
import { absoluteUrl } from './site-origin.ts';
import { NoSpanishNote, NotPublished, Shell, useDocumentTitle } from './site-page-shell.tsx';
import { SocialShare } from './social-share.tsx';
import { WebForm } from './web-form.tsx';

// The public site's pages, loaded as one chunk (loadSitePages in index.ts; home-page.tsx takes SiteHome from it):
// the pages made in the CMS, a web form on its own and the share page. The blog's, the galleries' and the careers
// pages are modules of their own, exported from here so that they load with this chunk; what the pages share is in
// site-page-shell.tsx.

/** The blocks of a published page, the first hero as the page's h1 (an h1 of the title otherwise). */
export function PageBlocks({ page }: { page: PublicPage }) {
  const text = useText();
  useDocumentTitle(text(page.title));
  const heroFirst = page.blocks[0]?.type === 'hero';
  // A page with no Spanish is shown in English on the Spanish site: said so, for a screen reader's voice too.
  const { i18n } = useTranslation();
  const english = i18n.language === 'es' && !isWrittenIn(page, 'es');
  return (
    <Box data-testid={`site-page-${page.route}`} data-variant={page.variant} lang={english ? 'en' : undefined}>
      <Container size="lg">
        <NoSpanishNote content={page} />
      </Container>
      {!heroFirst && (
        <Container size="lg" pt="xl">
          <Title order={1}>{text(page.title)}</Title>
        </Container>
      )}
      {page.blocks.map((b, i) => (
        // One block that cannot draw leaves an empty place; the page and its other blocks stand.
        <QuietBoundary key={b.id} resetKey={b} fallback={<div data-testid="site-block-failed" />}>
          <BlockView block={b} first={i === 0} />
        </QuietBoundary>
      ))}
    </Box>
  );
}

/** A CMS page by route: `p/:page_route` and the named routes (about-us, contact-us, coming-soon, landing-page). */
export function CmsPage({ route: fixed }: { route?: string }) {
  const { page_route } = useParams();
  const { pathname } = useLocation();
  const route = fixed ?? page_route ?? pathname.replace(/^\//, '');
  const { data, isLoading } = usePage(route);
  return <SiteFrame>{isLoading ? <PageLoader /> : data ? <PageBlocks page={data} /> : <NotPublished />}</SiteFrame>;
}

export const AboutUsPage = () => <CmsPage route="about-us" />;
export const ContactUsPage = () => <CmsPage route="contact-us" />;
export const ComingSoonPage = () => <CmsPage route="coming-soon" />;
export const LandingPage = () => <CmsPage route="landing-page" />;

/** The published home page (web or, on a phone, mobile variant: SPEC §9) in the site's frame. */
export function SiteHome({ page }: { page: PublicPage }) {
  return (
    <SiteFrame>
      <PageBlocks page={page} />
    </SiteFrame>
  );
}

/** `forms/{route}` and `new/{page_route}`: a web form on its own. */
export function WebFormPage() {
  const { route, page_route } = useParams();
  return (
    <SiteFrame>
      <Container size="sm" py="xl">
        <WebForm slug={route ?? page_route ?? ''} />
      </Container>
    </SiteFrame>
  );
}

/**
 * `social-share?path=/detail/blog/…`: share a page of this site (only a path of this site: anything else shares the
 * home page), with the same choices as on posts and events.
 */
export function SocialSharePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get('path') ?? '/';
  const path = raw.startsWith('/') && !raw.startsWith('//') && !raw.includes('\\') ? raw : '/';
  const title = params.get('title')?.slice(0, 200) || t('site.share.title');
  return (
    <Shell title={t('site.share.title')}>
      <Stack gap="md">
        <Text>
          <Anchor component={Link} to={path} data-testid="share-target">
            {absoluteUrl(path)}
          </Anchor>
        </Text>
        <SocialShare path={path} title={title} />
      </Stack>
    </Shell>
  );
}

export { BlogListPage, PostPage } from './site-post-pages.tsx';
export { GalleryDetailIndex, GalleryListPage, GalleryPage } from './site-gallery-pages.tsx';
export { EventPage, JobDetailPage, JobPage, JobsPage } from './site-job-pages.tsx';
export { EditWebformChildPage, FormsPage, MySubmissionPage, WebformChildPage } from './my-submissions.tsx';
