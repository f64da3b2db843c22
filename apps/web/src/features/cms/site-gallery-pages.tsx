import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { PageLoader } from '../../ui/page-loader.tsx';
import { GalleryGrid } from './site-lists.tsx';
import { SiteFrame } from './site-frame.tsx';
import { SiteImage } from './site-image.tsx';
import { useGalleries, useGallery, useText } from './site-api.ts';
import { NotPublished, Shell } from './site-page-shell.tsx';
import { useSiteHref } from './site-language.ts';

// The galleries' pages of the public site (site-pages.tsx gathers them): every gallery, and one with its images.

/** `gallery-list`: every published gallery. */
export function GalleryListPage() {
  const local = useSiteHref();
  const { t } = useTranslation();
  const text = useText();
  const { data } = useGalleries();
  return (
    <Shell title={t('site.galleries')}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {(data?.items ?? []).map((g) => (
          <Card
            key={g.slug}
            withBorder
            radius="md"
            padding="lg"
            component={Link}
            to={local(`/gallery-detail/${g.slug}`)}
          >
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

/** `gallery-detail` without a gallery: the list of galleries. */
export const GalleryDetailIndex = () => <Navigate to="/gallery-list" replace />;
