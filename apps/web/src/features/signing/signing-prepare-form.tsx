import { Button, Checkbox, FileInput, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import type { SigningState, TicketDetail } from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/index.ts';
import { showSuccessToast } from '../../ui/toast.tsx';
import { useIsPhone } from '../../ui/use-is-phone.ts';
import { usePrepareSigning } from './signing-api.ts';
import { useSingleFlight } from '../../ui/use-single-flight.ts';

/**
 * Staff prepare Form 8879: generated from the ticket or the firm's PDF; a joint return names the spouse. A joint
 * ticket's form is joint with the ticket's spouse, who signs with their own login (docs/decisions/0032): no spouse
 * fields to fill then.
 */
export function SigningPrepareForm({
  ticket,
  suggestion,
  onDone,
}: {
  ticket: TicketDetail;
  suggestion: SigningState['suggestion'];
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const prepare = usePrepareSigning(ticket.id);
  const [source, setSource] = useState<'generate' | 'upload'>('generate');
  const [file, setFile] = useState<File | null>(null);
  const [joint, setJoint] = useState(suggestion?.joint ?? false);
  const [spouseName, setSpouseName] = useState(suggestion?.spouse_name ?? '');
  const [spouseEmail, setSpouseEmail] = useState('');
  const [spousePhone, setSpousePhone] = useState('');
  const [error, setError] = useState<{ field: string; text: string } | null>(null);
  // The server takes a joint ticket's form as joint with its spouse whatever is sent: nothing to ask here.
  const spouseAccount = ticket.spouse ?? null;

  // One form per press: a double click prepares (and notifies the signers) once.
  const submit = useSingleFlight(async () => {
    setError(null);
    if (source === 'upload' && !file) return setError({ field: 'file', text: t('signing.filePlaceholder') });
    try {
      await prepare.mutateAsync({
        body: spouseAccount
          ? { joint: false }
          : joint
            ? {
                joint,
                spouse_name: spouseName.trim(),
                spouse_email: spouseEmail.trim(),
                ...(spousePhone.trim() ? { spouse_phone: spousePhone.trim() } : {}),
              }
            : { joint: false },
        file: source === 'upload' ? file : null,
      });
      showSuccessToast(t('signing.prepared'));
      onDone?.();
    } catch (err) {
      setError(
        isApiError(err)
          ? { field: err.errors[0]?.field ?? 'form', text: err.errors[0]?.message ?? err.detail }
          : { field: 'form', text: t('common.somethingWentWrong') },
      );
    }
  });
  const errorFor = (f: string) => (error?.field === f ? error.text : null);

  return (
    <Paper withBorder p="sm" radius="md" data-testid="signing-prepare-form">
      <Stack gap="xs">
        <Title order={4} size="h6">
          {t('signing.prepareHeading')}
        </Title>
        {/* The two choices fill the card's width, one under the other on a phone, and their words wrap: "Upload
            the firm's PDF" was cut off at 390 px (issue 29 item 13.4; a segment never wraps by itself). */}
        <SegmentedControl
          size="xs"
          fullWidth
          orientation={isPhone ? 'vertical' : 'horizontal'}
          styles={{ label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip' } }}
          value={source}
          onChange={(v) => setSource(v as 'generate' | 'upload')}
          data={[
            { value: 'generate', label: t('signing.sourceGenerate') },
            { value: 'upload', label: t('signing.sourceUpload') },
          ]}
          data-testid="signing-source"
        />
        {source === 'upload' && (
          <FileInput
            size="sm"
            label={t('signing.file')}
            placeholder={t('signing.filePlaceholder')}
            accept="application/pdf"
            value={file}
            onChange={setFile}
            error={errorFor('file')}
            clearable
            data-testid="signing-file"
          />
        )}
        {spouseAccount && (
          <Text size="sm" data-testid="signing-joint-account">
            {t('signing.jointAccount', { name: spouseAccount.full_name })}
          </Text>
        )}
        {!spouseAccount && suggestion?.joint && (
          <Text size="xs" c="dimmed">
            {t('signing.suggested')}
          </Text>
        )}
        {!spouseAccount && (
          <Checkbox
            label={t('signing.joint')}
            checked={joint}
            onChange={(e) => setJoint(e.currentTarget.checked)}
            data-testid="signing-joint"
          />
        )}
        {!spouseAccount && joint && (
          <>
            <TextInput
              size="sm"
              label={t('signing.spouseName')}
              value={spouseName}
              onChange={(e) => setSpouseName(e.currentTarget.value)}
              error={errorFor('spouse_name')}
              data-testid="signing-spouse-name"
            />
            <TextInput
              size="sm"
              type="email"
              label={t('signing.spouseEmail')}
              value={spouseEmail}
              onChange={(e) => setSpouseEmail(e.currentTarget.value)}
              error={errorFor('spouse_email')}
              data-testid="signing-spouse-email"
            />
            <TextInput
              size="sm"
              type="tel"
              autoComplete="off"
              label={t('signing.spousePhone')}
              description={t('signing.spousePhoneHint')}
              placeholder={t('common.phonePlaceholder')}
              value={spousePhone}
              onChange={(e) => setSpousePhone(e.currentTarget.value)}
              error={errorFor('spouse_phone')}
              data-testid="signing-spouse-phone"
            />
          </>
        )}
        {error && !['file', 'spouse_name', 'spouse_email', 'spouse_phone'].includes(error.field) && (
          <Text size="sm" c="red">
            {error.text}
          </Text>
        )}
        <Button
          onClick={() => void submit()}
          loading={prepare.isPending}
          style={{ alignSelf: 'flex-end' }}
          data-testid="signing-prepare-submit"
        >
          {t('signing.prepare')}
        </Button>
      </Stack>
    </Paper>
  );
}
