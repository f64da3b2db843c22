import { Alert, Button, Checkbox, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { consentLastDay, endpoints, SHARE_DEFAULT_DAYS, SHARE_MAX_DAYS, type ShareConsent } from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, errorMessage } from '../../lib/api/index.ts';
import { formatDay } from '../../ui/format.ts';
import { showSuccessToast } from '../../ui/toast.tsx';
import { useCheckShareConsent, useCreateShare } from './third-party-api.ts';

/**
 * Staff send documents of the ticket to an outside e-mail. The consent is checked first (its purpose shown); the
 * server checks it again on sending and refuses without it, whatever this form shows.
 */
export function ShareForm({ ticketId, onDone }: { ticketId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const docs = useQuery({
    queryKey: ['documents', 'ticket', ticketId, 'share'],
    queryFn: ({ signal }) => call(endpoints.listDocuments, { query: { ticket_id: ticketId, limit: 100 }, signal }),
  });
  const check = useCheckShareConsent(ticketId);
  const create = useCreateShare(ticketId);
  const [email, setEmail] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [days, setDays] = useState<number | string>(SHARE_DEFAULT_DAYS);
  const [consent, setConsent] = useState<ShareConsent | null>(null);

  const send = () =>
    create.mutate(
      { recipient_email: email, document_ids: chosen, ...(typeof days === 'number' ? { days } : {}) },
      {
        onSuccess: (share) => {
          showSuccessToast(t('thirdParty.form.sent', { email: share.recipient_email }));
          onDone();
        },
      },
    );

  return (
    <Stack gap="sm" data-testid="share-form">
      <Text fw={600}>{t('thirdParty.form.title')}</Text>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <TextInput
          label={t('thirdParty.form.recipient')}
          description={t('thirdParty.form.recipientHint')}
          type="email"
          value={email}
          onChange={(e) => {
            setEmail(e.currentTarget.value);
            setConsent(null);
          }}
          style={{ flex: '1 1 16rem' }}
          maxLength={254}
        />
        <Button
          variant="default"
          loading={check.isPending}
          disabled={!email.includes('@')}
          onClick={() => check.mutate(email.trim(), { onSuccess: setConsent })}
        >
          {t('thirdParty.form.check')}
        </Button>
      </Group>
      {consent?.consent && (
        <Alert color="green" variant="light" data-testid="share-consent">
          {t('thirdParty.form.consentFound', {
            date: formatDay(consentLastDay(consent.consent.expires_at)),
            purpose: consent.consent.purpose,
          })}
        </Alert>
      )}
      {consent && !consent.consent && (
        <Alert color="red" variant="light" data-testid="share-consent-missing">
          {consent.reason}
        </Alert>
      )}
      <Checkbox.Group label={t('thirdParty.form.documents')} value={chosen} onChange={setChosen}>
        <Stack gap={6} mt={6}>
          {docs.data?.items.length === 0 && <Text c="dimmed">{t('thirdParty.form.noDocuments')}</Text>}
          {docs.data?.items.map((d) => (
            <Checkbox key={d.id} value={d.id} label={d.file_name} />
          ))}
        </Stack>
      </Checkbox.Group>
      <NumberInput
        label={t('thirdParty.form.days')}
        description={t('thirdParty.form.daysHint')}
        min={1}
        max={SHARE_MAX_DAYS}
        value={days}
        onChange={setDays}
        maw={220}
      />
      {create.isError && (
        <Alert color="red" variant="light" data-testid="share-refused">
          {errorMessage(create.error)}
        </Alert>
      )}
      <Group>
        <Button onClick={send} loading={create.isPending} disabled={!email || chosen.length === 0}>
          {t('thirdParty.form.send')}
        </Button>
      </Group>
    </Stack>
  );
}
