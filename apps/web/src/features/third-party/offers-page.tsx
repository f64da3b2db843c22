import {
  Alert,
  Badge,
  Button,
  Group,
  MultiSelect,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  endpoints,
  OFFER_BODY_MAX,
  OFFER_RECIPIENT_STATES,
  OFFER_SUBJECT_MAX,
  type OfferAudience,
  type OfferPreview,
} from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, errorMessage } from '../../lib/api/index.ts';
import { formatDateTime } from '../../ui/format.ts';
import { showSuccessToast } from '../../ui/toast.tsx';
import { addThirdPartyTexts } from './i18n.ts';
import { useOffers, usePreviewOffer, useSendOffer } from './third-party-api.ts';

addThirdPartyTexts();

/**
 * /admin/offers — Admin writes an offer or a newsletter and sends it to all clients or those chosen. A preview says
 * who gets it and who is skipped for want of a consent to use (before anything is sent); the send goes on in the
 * background, and the list below shows each offer's counts.
 */
export function OffersPage() {
  const { t } = useTranslation();
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [audience, setAudience] = useState<OfferAudience>('all');
  const [chosen, setChosen] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const [preview, setPreview] = useState<OfferPreview | null>(null);
  // The names of clients chosen under an earlier search, so their chips keep their labels.
  const [labels, setLabels] = useState<Record<string, string>>({});
  const contacts = useQuery({
    queryKey: ['contacts', 'offers', search],
    queryFn: ({ signal }) => call(endpoints.listContacts, { query: search ? { q: search } : {}, signal }),
    enabled: audience === 'selected',
  });
  const doPreview = usePreviewOffer();
  const send = useSendOffer();
  const offers = useOffers();
  const target = audience === 'all' ? { audience } : { audience, customer_ids: chosen };
  const ready = audience === 'all' || chosen.length > 0;
  const found: Record<string, string> = Object.fromEntries(
    (contacts.data?.items ?? []).map((c) => [c.id, `${c.full_name} <${c.email}>`]),
  );
  const all = { ...labels, ...found };
  const options = Object.entries(all).map(([value, label]) => ({ value, label }));

  return (
    <Stack gap="md" maw={900} data-testid="offers-page">
      <Title order={1} size="h2">
        {t('thirdParty.offers.title')}
      </Title>
      <Text c="dimmed">{t('thirdParty.offers.intro')}</Text>
      <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="sm">
          <TextInput
            label={t('thirdParty.offers.subject')}
            value={subject}
            maxLength={OFFER_SUBJECT_MAX}
            onChange={(e) => setSubject(e.currentTarget.value)}
          />
          <Textarea
            label={t('thirdParty.offers.body')}
            value={body}
            maxLength={OFFER_BODY_MAX}
            autosize
            minRows={5}
            onChange={(e) => setBody(e.currentTarget.value)}
          />
          <Text size="sm" c="dimmed">
            {t('thirdParty.offers.unsubscribe')}
          </Text>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="offer-audience">
              {t('thirdParty.offers.audience')}
            </Text>
            <SegmentedControl
              aria-labelledby="offer-audience"
              value={audience}
              onChange={(v) => {
                setAudience(v as OfferAudience);
                setPreview(null);
              }}
              data={[
                { value: 'all', label: t('thirdParty.offers.all') },
                { value: 'selected', label: t('thirdParty.offers.selected') },
              ]}
              maw={420}
            />
          </Stack>
          {audience === 'selected' && (
            <MultiSelect
              label={t('thirdParty.offers.clients')}
              placeholder={t('thirdParty.offers.clientsPlaceholder')}
              data={options}
              value={chosen}
              onChange={(v) => {
                setChosen(v);
                setLabels(Object.fromEntries(v.map((id) => [id, all[id] ?? id])));
                setPreview(null);
              }}
              searchable
              searchValue={search}
              onSearchChange={setSearch}
              filter={({ options: o }) => o}
            />
          )}
          <Group>
            <Button
              variant="default"
              disabled={!ready}
              loading={doPreview.isPending}
              onClick={() => doPreview.mutate(target, { onSuccess: setPreview })}
            >
              {t('thirdParty.offers.preview')}
            </Button>
          </Group>
          {preview && (
            <Alert color={preview.eligible ? 'blue' : 'orange'} variant="light" data-testid="offer-preview">
              <Stack gap={4}>
                <Text size="sm">{t('thirdParty.offers.eligible', { count: preview.eligible })}</Text>
                {preview.skipped > 0 && (
                  <Text size="sm">
                    {t('thirdParty.offers.skipped', { count: preview.skipped })}{' '}
                    {preview.skipped_clients.map((c) => c.full_name).join(', ')}
                    {preview.skipped > preview.skipped_clients.length
                      ? ` ${t('thirdParty.offers.andMore', { count: preview.skipped - preview.skipped_clients.length })}`
                      : ''}
                  </Text>
                )}
              </Stack>
            </Alert>
          )}
          {send.isError && (
            <Alert color="red" variant="light" data-testid="offer-refused">
              {errorMessage(send.error)}
            </Alert>
          )}
          <Group>
            <Button
              disabled={!ready || !subject.trim() || !body.trim() || !preview || preview.eligible === 0}
              loading={send.isPending}
              onClick={() =>
                send.mutate(
                  { ...target, subject, body },
                  {
                    onSuccess: () => {
                      showSuccessToast(t('thirdParty.offers.sent'));
                      setPreview(null);
                    },
                  },
                )
              }
            >
              {t('thirdParty.offers.send')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Title order={2} size="h3">
        {t('thirdParty.offers.recent')}
      </Title>
      {offers.data?.items.length === 0 && <Text c="dimmed">{t('thirdParty.offers.none')}</Text>}
      {offers.data?.items.map((o) => (
        <Paper key={o.id} withBorder p="md" data-testid="offer-item">
          <Stack gap={4}>
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {o.subject}
            </Text>
            <Text size="sm" c="dimmed">
              {formatDateTime(o.created_at)}
              {o.created_by_name ? ` · ${o.created_by_name}` : ''}
            </Text>
            <Group gap="xs">
              {OFFER_RECIPIENT_STATES.map((s) => (
                <Badge key={s} variant="light" color={s === 'failed' ? 'red' : s === 'skipped' ? 'orange' : 'blue'}>
                  {t(`thirdParty.offers.state.${s}`)}: {o.counts[s] ?? 0}
                </Badge>
              ))}
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
