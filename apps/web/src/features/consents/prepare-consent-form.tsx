import { Alert, Button, Checkbox, Group, SegmentedControl, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { CONSENT_LIMITS, type ConsentKind, type CreateConsentBody } from '@taxportal/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isApiError } from '../../lib/api/index.ts';
import { showErrorToast, showSuccessToast } from '../../ui/toast.tsx';
import { usePrepareConsent } from './consents-api.ts';

type Field =
  | 'kind'
  | 'purpose'
  | 'information'
  | 'recipient_name'
  | 'recipient_email'
  | 'recipient_in_us'
  | 'ends_on'
  | 'include_spouse';

/** Staff prepare a consent for one client (and their spouse) and send it (docs/decisions/0034). */
export function PrepareConsentForm({
  customerId,
  hasSpouse,
  onDone,
}: {
  customerId: string;
  hasSpouse: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const prepare = usePrepareConsent();
  const [kind, setKind] = useState<ConsentKind>('disclose');
  const [v, setV] = useState({ purpose: '', information: '', recipient_name: '', recipient_email: '', ends_on: '' });
  const [inUs, setInUs] = useState(false);
  const [spouse, setSpouse] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const text = (name: keyof typeof v) => ({
    value: v[name],
    error: errors[name],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setV((old) => ({ ...old, [name]: value }));
    },
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    const body: CreateConsentBody = {
      customer_id: customerId,
      kind,
      purpose: v.purpose,
      information: v.information,
      include_spouse: spouse,
      ...(v.ends_on ? { ends_on: v.ends_on } : {}),
      ...(kind === 'disclose'
        ? { recipient_name: v.recipient_name, recipient_email: v.recipient_email, recipient_in_us: inUs }
        : {}),
    };
    prepare.mutate(body, {
      onSuccess: () => {
        showSuccessToast(t('consents.prepare.done'));
        onDone();
      },
      onError: (err) => {
        const named = isApiError(err) ? err.errors : [];
        setErrors(Object.fromEntries(named.map((f) => [f.field, f.message])));
        if (!named.length) showErrorToast(errorMessage(err));
      },
    });
  };
  return (
    <form onSubmit={onSubmit} noValidate data-testid="consent-prepare-form">
      <Stack gap="sm">
        <Text size="sm" fw={500}>
          {t('consents.prepare.kind')}
        </Text>
        <SegmentedControl
          value={kind}
          onChange={(k) => setKind(k as ConsentKind)}
          data={[
            { value: 'disclose', label: t('consents.kind.disclose') },
            { value: 'use', label: t('consents.kind.use') },
          ]}
          aria-label={t('consents.prepare.kind')}
          data-testid="consent-kind"
        />
        <Textarea
          label={t('consents.prepare.purpose')}
          description={t('consents.prepare.purposeHint')}
          autosize
          minRows={2}
          maxLength={CONSENT_LIMITS.purpose}
          withAsterisk
          {...text('purpose')}
          data-testid="consent-purpose"
        />
        <Textarea
          label={t('consents.prepare.information')}
          description={t('consents.prepare.informationHint')}
          autosize
          minRows={2}
          maxLength={CONSENT_LIMITS.information}
          withAsterisk
          {...text('information')}
          data-testid="consent-information"
        />
        {kind === 'disclose' && (
          <>
            <TextInput
              label={t('consents.prepare.recipientName')}
              maxLength={CONSENT_LIMITS.recipientName}
              withAsterisk
              {...text('recipient_name')}
              data-testid="consent-recipient-name"
            />
            <TextInput
              label={t('consents.prepare.recipientEmail')}
              type="email"
              withAsterisk
              {...text('recipient_email')}
              data-testid="consent-recipient-email"
            />
            <Checkbox
              label={t('consents.prepare.recipientInUs')}
              description={t('consents.prepare.recipientInUsHint')}
              checked={inUs}
              onChange={(e) => {
                setInUs(e.currentTarget.checked);
                setErrors(({ recipient_in_us: _, ...rest }) => rest);
              }}
              error={errors.recipient_in_us}
              data-testid="consent-recipient-in-us"
            />
          </>
        )}
        <TextInput
          label={t('consents.prepare.endsOn')}
          description={t('consents.prepare.endsOnHint')}
          type="date"
          {...text('ends_on')}
          data-testid="consent-ends-on"
        />
        {hasSpouse && (
          <Checkbox
            label={t('consents.prepare.includeSpouse')}
            checked={spouse}
            onChange={(e) => setSpouse(e.currentTarget.checked)}
            error={errors.include_spouse}
          />
        )}
        <Alert color="blue" variant="light">
          {t('consents.prepare.notCondition')}
        </Alert>
        <Group>
          <Button type="submit" loading={prepare.isPending} data-testid="consent-prepare-submit">
            {t('consents.prepare.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
