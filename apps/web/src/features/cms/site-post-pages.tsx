import { Anchor, Box, Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../ui/page-loader.tsx';
import { RichText } from './site-blocks.tsx';
import { PostCards } from './site-lists.tsx';
import { SiteFrame } from './site-frame.tsx';
import { usePost, useText } from './site-api.ts';
import { NotPublished, Shell, useDocumentTitle, NoSpanishNote } from './site-page-shell.tsx';
import { SocialShare } from './social-share.tsx';
import { useSiteHref } from './site-language.ts';
import { formatLocale } from '../../ui/format.ts';

// The blog's pages of the public site (site-pages.tsx gathers them): its list of posts and a post.

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
  const local = useSiteHref();
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
        <Anchor component={Link} to={local('/list/blog')} size="sm">
          {t('site.allPosts')}
        </Anchor>
        <NoSpanishNote content={data} />
        <Title order={1} mt="sm">
          {text(data.title)}
        </Title>
        <Text c="dimmed" size="sm" mb="lg">
          {new Date(data.published_at).toLocaleDateString(formatLocale(), { dateStyle: 'long' })}
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
