import { Anchor, Box, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link as RouterLink } from 'react-router';
import { useGallery, usePosts, useText } from './site-api.ts';
import { SiteImage } from './site-image.tsx';
import classes from './site.module.css';
import { useSiteHref, useSiteLocale } from './site-language.ts';

// The site's lists drawn from its content, for a page's blocks (site-blocks.tsx) and the blog and gallery pages
// (site-pages.tsx): the latest posts as cards, a gallery's images.

/**
 * The latest posts (of a category), newest first, as cards linking to each. Their titles are one level under the
 * heading above them: h2 on the blog's own page (under its h1), h3 in a page's section (issue 29: heading-order).
 */
export function PostCards({
  category,
  count,
  level = 3,
}: {
  category?: string | undefined;
  count: number;
  level?: 2 | 3;
}) {
  const local = useSiteHref();
  const locale = useSiteLocale();
  const text = useText();
  const { data } = usePosts(category, count);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
      {(data?.items ?? []).map((p) => (
        <Card key={p.slug} withBorder radius="md" padding="lg" component="article">
          <Stack gap="xs">
            <Text size="xs" c="dimmed">
              {new Date(p.published_at).toLocaleDateString(locale, { dateStyle: 'medium' })}
            </Text>
            <Title order={level} size="h4">
              <Anchor component={RouterLink} to={local(`/detail/blog/${p.slug}`)}>
                {text(p.title)}
              </Anchor>
            </Title>
            <Text size="sm">{text(p.excerpt)}</Text>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** A gallery's images with their captions. */
export function GalleryGrid({ slug }: { slug: string }) {
  const text = useText();
  const { data } = useGallery(slug);
  if (!data) return null;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
      {data.images.map((img) => (
        <Box component="figure" key={img.src} m={0}>
          <SiteImage
            image={img}
            sizes="(min-width: 62em) 33vw, (min-width: 48em) 50vw, 100vw"
            box={{ width: 400, height: 300 }}
            className={classes.galleryImage}
          />
          {img.caption && text(img.caption) && (
            <Text component="figcaption" size="sm" c="dimmed" mt={4}>
              {text(img.caption)}
            </Text>
          )}
        </Box>
      ))}
    </SimpleGrid>
  );
}
