import { Anchor, Badge, Box, Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconMapPin, IconVideo } from '@tabler/icons-react';
import { isTimeZone, type PublicPage } from '@taxportal/contract';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { PageLoader } from '../../ui/page-loader.tsx';
import { QuietBoundary } from '../../ui/quiet-boundary.tsx';
import { BlockView, RichText } from './site-blocks.tsx';
import { GalleryGrid, PostCards } from './site-lists.tsx';
import { SiteFrame } from './site-frame.tsx';
import { SiteImage } from './site-image.tsx';
import {
  useEvent,
  useEvents,
  useGalleries,
  useGallery,
  useJob,
  useJobs,
  usePage,
  usePost,
  useSite,
  useText,
} from './site-api.ts';
import { absoluteUrl } from './site-origin.ts';
import { SocialShare } from './social-share.tsx';
import { WebForm } from './web-form.tsx';

/** The document's title as the server sent it for this route, kept when the visitor moves on in the app. */
function useDocumentTitle(title: string | undefined) {
  const { data } = useSite();
  const firm = data?.settings.firm_name;
  useEffect(() => {
    if (!title || !firm) return;
    document.title = title === firm ? title : `${title} | ${firm}`;
  }, [title, firm]);
}

function NotPublished() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl" data-testid="site-not-found">
      <Stack align="center" ta="center">
        <Title order={1}>{t('site.notFound')}</Title>
        <Text>{t('site.notFoundText')}</Text>
        <Button component={Link} to="/">
          {t('site.backHome')}
        </Button>
      </Stack>
    </Container>
  );
}

/** The blocks of a published page, the first hero as the page's h1 (an h1 of the title otherwise). */
export function PageBlocks({ page }: { page: PublicPage }) {
  const text = useText();
  useDocumentTitle(text(page.title));
  const heroFirst = page.blocks[0]?.type === 'hero';
  return (
    <Box data-testid={`site-page-${page.route}`} data-variant={page.variant}>
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

const Shell = ({ title, children }: { title: string; children: ReactNode }) => {
  useDocumentTitle(title);
  return (
    <SiteFrame>
      <Container size="lg" py="xl">
        <Title order={1} mb="lg">
          {title}
        </Title>
        {children}
      </Container>
    </SiteFrame>
  );
};

/** `list`, `list/blog`, `list/{category}`: blog posts, newest first. */
export function BlogListPage() {
  const { t } = useTranslation();
  const { page_route } = useParams();
  const category = page_route && page_route !== 'blog' ? page_route : undefined;
  return (
    <Shell title={t('site.blog')}>
      <PostCards category={category} count={250} level={2} />
    </Shell>
  );
}

/**
 * Which post a `detail/…` path shows, up to three levels (SPEC §2), the same reading as the server's head
 * (publicTargetOf): `detail/{slug}`, `detail/blog/{slug}`, and `detail/blog/{category}/{slug}`, which is the post
 * only when it is in that category. Anything else is not found.
 */
function postPathOf(params: { page_route?: string; page_route_1?: string; page_route_2?: string }) {
  const { page_route: a, page_route_1: b, page_route_2: c } = params;
  if (c !== undefined) return a === 'blog' ? { slug: c, category: b } : null;
  return { slug: b ?? a ?? '' };
}

/** `detail/{slug}`, `detail/blog/{slug}`, `detail/blog/{category}/{slug}`: a post. */
export function PostPage() {
  const { t } = useTranslation();
  const text = useText();
  const target = postPathOf(useParams());
  const { data: found, isLoading } = usePost(target?.slug ?? '');
  const data = target && found && (!target.category || found.categories.includes(target.category)) ? found : undefined;
  useDocumentTitle(data ? text(data.title) : undefined);
  if (isLoading && target) return <PageLoader />;
  if (!data)
    return (
      <SiteFrame>
        <NotPublished />
      </SiteFrame>
    );
  return (
    <SiteFrame>
      <Container size="md" py="xl" component="article">
        <Anchor component={Link} to="/list/blog" size="sm">
          {t('site.allPosts')}
        </Anchor>
        <Title order={1} mt="sm">
          {text(data.title)}
        </Title>
        <Text c="dimmed" size="sm" mb="lg">
          {new Date(data.published_at).toLocaleDateString('en-US', { dateStyle: 'long' })}
          {data.author && ` · ${data.author}`}
        </Text>
        <RichText html={text(data.body)} />
        <Box mt="xl">
          <SocialShare path={`/detail/blog/${data.slug}`} title={text(data.title)} />
        </Box>
      </Container>
    </SiteFrame>
  );
}

/** `gallery-detail` without a gallery: the list of galleries. */
export const GalleryDetailIndex = () => <Navigate to="/gallery-list" replace />;

/** `job-detail` (SPEC §2, no parameter): `?route={slug}` is that opening, otherwise every opening (`seeker`). */
export function JobDetailPage() {
  const [params] = useSearchParams();
  const route = params.get('route');
  const safe = route && /^[a-z0-9][a-z0-9-]{0,119}$/.test(route) ? route : null;
  return <Navigate to={safe ? `/seeker/${safe}` : '/seeker'} replace />;
}

/** `gallery-detail/{id}`: a gallery's images with captions. */
export function GalleryPage() {
  const text = useText();
  const { id } = useParams();
  const { data, isLoading } = useGallery(id ?? '');
  if (isLoading) return <PageLoader />;
  if (!data)
    return (
      <SiteFrame>
        <NotPublished />
      </SiteFrame>
    );
  return (
    <Shell title={text(data.title)}>
      {text(data.description) && <Text mb="lg">{text(data.description)}</Text>}
      <GalleryGrid slug={data.slug} />
    </Shell>
  );
}

// Spelled out: dateStyle and timeStyle cannot be combined with timeZoneName (a RangeError in every browser).
/** An event's time in its zone; in UTC where the zone stored is one Intl does not know (the contract refuses new ones). */
const when = (iso: string, zone: string) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: isTimeZone(zone) ? zone : 'UTC',
    timeZoneName: 'short',
  }).format(new Date(iso));

/** `events/{event}`: date and time in its zone, place or online link, registration through its web form. */
export function EventPage() {
  const { t } = useTranslation();
  const text = useText();
  const { events } = useParams();
  const { data, isLoading } = useEvent(events ?? '');
  if (isLoading) return <PageLoader />;
  if (!data)
    return (
      <SiteFrame>
        <NotPublished />
      </SiteFrame>
    );
  return (
    <Shell title={text(data.title)}>
      <Stack gap="md">
        <Group gap="xs">
          <IconCalendarEvent aria-hidden />
          <Text fw={600}>{when(data.starts_at, data.time_zone)}</Text>
        </Group>
        {data.online_url ? (
          <Group gap="xs">
            <IconVideo aria-hidden />
            <Text>{t('site.online')}</Text>
          </Group>
        ) : (
          data.place && (
            <Group gap="xs">
              <IconMapPin aria-hidden />
              <Text>{data.place}</Text>
            </Group>
          )
        )}
        <RichText html={text(data.body)} />
        {data.form && (
          <Card withBorder radius="md" padding="lg" maw={680}>
            <WebForm slug={data.form} />
          </Card>
        )}
        <SocialShare path={`/events/${data.slug}`} title={text(data.title)} />
      </Stack>
    </Shell>
  );
}

/** `seeker`: the firm's job openings (and its upcoming events). */
export function JobsPage() {
  const { t } = useTranslation();
  const text = useText();
  const { data } = useJobs();
  const { data: events } = useEvents();
  return (
    <Shell title={t('site.careers')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {(data?.items ?? []).map((j) => (
          <Card key={j.slug} withBorder radius="md" padding="lg">
            <Stack gap="xs">
              <Group gap="xs">
                <Badge>{t(`site.employment.${j.employment_type}`)}</Badge>
                {j.remote && <Badge variant="light">{t('site.remote')}</Badge>}
              </Group>
              <Title order={2} size="h3">
                <Anchor component={Link} to={`/seeker/${j.slug}`}>
                  {text(j.title)}
                </Anchor>
              </Title>
              <Text size="sm">{text(j.summary)}</Text>
              <Text size="sm" c="dimmed">
                {j.location}
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      {(events?.items.length ?? 0) > 0 && (
        <Stack mt="xl">
          <Title order={2}>{t('site.events')}</Title>
          {events!.items.map((e) => (
            <Anchor key={e.slug} component={Link} to={`/events/${e.slug}`}>
              {text(e.title)} — {when(e.starts_at, e.time_zone)}
            </Anchor>
          ))}
        </Stack>
      )}
    </Shell>
  );
}

/** `seeker/{route}`: an opening, and its application form. */
export function JobPage() {
  const { t } = useTranslation();
  const text = useText();
  const { route } = useParams();
  const { data, isLoading } = useJob(route ?? '');
  if (isLoading) return <PageLoader />;
  if (!data)
    return (
      <SiteFrame>
        <NotPublished />
      </SiteFrame>
    );
  return (
    <Shell title={text(data.title)}>
      <Stack gap="md">
        <Group gap="xs">
          <Badge>{t(`site.employment.${data.employment_type}`)}</Badge>
          <Text c="dimmed">{data.location}</Text>
        </Group>
        <RichText html={text(data.body)} />
        {data.form && (
          <Card withBorder radius="md" padding="lg" maw={680}>
            <WebForm slug={data.form} />
          </Card>
        )}
      </Stack>
    </Shell>
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

/** `gallery-list`: every published gallery. */
export function GalleryListPage() {
  const { t } = useTranslation();
  const text = useText();
  const { data } = useGalleries();
  return (
    <Shell title={t('site.galleries')}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {(data?.items ?? []).map((g) => (
          <Card key={g.slug} withBorder radius="md" padding="lg" component={Link} to={`/gallery-detail/${g.slug}`}>
            {g.cover && (
              <Card.Section>
                <SiteImage
                  image={g.cover}
                  sizes="(min-width: 62em) 33vw, (min-width: 48em) 50vw, 100vw"
                  box={{ width: 400, height: 300 }}
                  style={{ width: '100%', height: 'auto' }}
                />
              </Card.Section>
            )}
            <Title order={2} size="h4" mt="sm">
              {text(g.title)}
            </Title>
          </Card>
        ))}
      </SimpleGrid>
    </Shell>
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

export { EditWebformChildPage, FormsPage, MySubmissionPage, WebformChildPage } from './my-submissions.tsx';
