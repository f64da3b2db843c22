import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconMapPin, IconVideo } from '@tabler/icons-react';
import { isTimeZone } from '@taxportal/contract';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { PageLoader } from '../../ui/page-loader.tsx';
import { RichText } from './site-blocks.tsx';
import { SiteFrame } from './site-frame.tsx';
import { useEvent, useEvents, useJob, useJobs, useText } from './site-api.ts';
import { NotPublished, Shell } from './site-page-shell.tsx';
import { SocialShare } from './social-share.tsx';
import { WebForm } from './web-form.tsx';
import { useSiteHref, useSiteLocale } from './site-language.ts';

// The careers pages of the public site (site-pages.tsx gathers them): the job openings with the firm's upcoming
// events, an opening, and an event, each opening and event with its web form.

/** `seeker`: the firm's job openings (and its upcoming events). */
export function JobsPage() {
  const local = useSiteHref();
  const locale = useSiteLocale();
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
                <Anchor component={Link} to={local(`/seeker/${j.slug}`)}>
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
            <Anchor key={e.slug} component={Link} to={local(`/events/${e.slug}`)}>
              {text(e.title)} — {when(e.starts_at, e.time_zone, locale)}
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
    <Shell title={text(data.title)} content={data}>
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

/** `job-detail` (SPEC §2, no parameter): `?route={slug}` is that opening, otherwise every opening (`seeker`). */
export function JobDetailPage() {
  const [params] = useSearchParams();
  const route = params.get('route');
  const safe = route && /^[a-z0-9][a-z0-9-]{0,119}$/.test(route) ? route : null;
  return <Navigate to={safe ? `/seeker/${safe}` : '/seeker'} replace />;
}

// Spelled out: dateStyle and timeStyle cannot be combined with timeZoneName (a RangeError in every browser).
/** An event's time in its zone; in UTC where the zone stored is one Intl does not know (the contract refuses new ones). */
const when = (iso: string, zone: string, locale: string) =>
  new Intl.DateTimeFormat(locale, {
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
  const locale = useSiteLocale();
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
    <Shell title={text(data.title)} content={data}>
      <Stack gap="md">
        <Group gap="xs">
          <IconCalendarEvent aria-hidden />
          <Text fw={600}>{when(data.starts_at, data.time_zone, locale)}</Text>
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
