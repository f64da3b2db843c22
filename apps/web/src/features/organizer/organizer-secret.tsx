import { ActionIcon, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconEraser, IconEye, IconEyeOff, IconPencil } from '@tabler/icons-react';
import { localText } from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { showErrorToast } from '../../ui/toast.tsx';
import { useRevealOrganizerField } from './organizer-api.ts';
import { useDescription } from './organizer-description.tsx';
import type { FieldProps } from './organizer-fields.tsx';

const TAX_ID = /^\d{3}-?\d{2}-?\d{4}$/;
const isMasked = (v: string) => v.startsWith('***');

/**
 * An SSN or ITIN, as the questionnaire's: the server only ever sends it masked (`***-**-1234`); "Show" asks for it
 * in clear (audited), "Change" types a new one, "Clear" (after a confirmation) saves it empty, which deletes the
 * sealed value. Nine digits are checked here before anything is sent.
 */
export function SecretField(props: FieldProps) {
  const { question, value, error, onChange, language, testId, path, ticketId, carriedYear } = props;
  const { t } = useTranslation();
  const label = localText(question.label, language);
  const description = useDescription(question, language, carriedYear);
  const stored = typeof value === 'string' ? value : '';
  const [draft, setDraft] = useState<string | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const [revealed, setRevealed] = useState<string | null>(null);
  const [confirmingClear, setConfirmingClear] = useState(false);
  const reveal = useRevealOrganizerField(ticketId);
  const masked = stored !== '' && isMasked(stored);
  const editing = draft !== null || !masked;

  const commit = (typed: string) => {
    const v = typed.trim();
    if (v === '' && masked) {
      setDraft(null);
      setLocalError(null);
      return;
    }
    if (v !== '' && !TAX_ID.test(v)) {
      setLocalError(t('organizer.secret.nineDigits'));
      return;
    }
    setLocalError(null);
    setDraft(null);
    if (v !== stored) onChange(v === '' ? null : v);
  };

  if (!editing) {
    const showLabel = t(revealed ? 'organizer.secret.hide' : 'organizer.secret.show');
    return (
      <Stack gap={4}>
        <TextInput
          label={label}
          description={description}
          value={revealed ?? stored}
          readOnly
          error={error}
          data-testid={testId}
          data-masked={revealed ? 'false' : 'true'}
          rightSectionWidth={100}
          rightSection={
            <Group gap={2} wrap="nowrap">
              <Tooltip label={showLabel}>
                <ActionIcon
                  variant="subtle"
                  aria-label={`${showLabel}: ${label}`}
                  loading={reveal.isPending}
                  onClick={() => {
                    if (revealed) return setRevealed(null);
                    reveal.mutate(path, {
                      onSuccess: (r) => setRevealed(r.value),
                      onError: (err) => showErrorToast(err.message),
                    });
                  }}
                >
                  {revealed ? <IconEyeOff size={16} /> : <IconEye size={16} />}
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('organizer.secret.change')}>
                <ActionIcon
                  variant="subtle"
                  aria-label={`${t('organizer.secret.change')}: ${label}`}
                  onClick={() => {
                    setRevealed(null);
                    setDraft('');
                  }}
                >
                  <IconPencil size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('organizer.secret.clear')}>
                <ActionIcon
                  variant="subtle"
                  color="red.8"
                  aria-label={`${t('organizer.secret.clear')}: ${label}`}
                  onClick={() => setConfirmingClear(true)}
                >
                  <IconEraser size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          }
        />
        {revealed && (
          <Text size="xs" c="dimmed">
            {t('organizer.secret.revealed')}
          </Text>
        )}
        <ConfirmDialog
          opened={confirmingClear}
          label={t('organizer.secret.clearTitle', { field: label })}
          message={t('organizer.secret.clearConfirm', { field: label })}
          onCancel={() => setConfirmingClear(false)}
          onConfirm={() => {
            setConfirmingClear(false);
            setRevealed(null);
            setLocalError(null);
            onChange(null);
          }}
          testId="organizer-secret-clear-dialog"
        />
      </Stack>
    );
  }
  return (
    <TextInput
      label={label}
      description={description}
      value={draft ?? stored}
      inputMode="numeric"
      autoComplete="off"
      autoFocus={draft !== null && masked}
      error={localError ?? error}
      data-testid={testId}
      onChange={(e) => setDraft(e.currentTarget.value)}
      // Leaving a field that was not typed in changes nothing.
      onBlur={(e) => draft !== null && commit(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && draft !== null) commit(e.currentTarget.value);
        if (e.key === 'Escape' && masked) {
          setDraft(null);
          setLocalError(null);
        }
      }}
    />
  );
}
