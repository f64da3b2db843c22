import { ActionIcon, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconEraser, IconEye, IconEyeOff, IconPencil } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { showErrorToast } from './toast.tsx';

/** The words a secret field says, from its feature's catalogue. */
export interface SecretInputTexts {
  show: string;
  hide: string;
  change: string;
  clear: string;
  /** Under a value shown in clear. */
  revealed: string;
  clearTitle: string;
  clearConfirm: string;
}

const isMasked = (v: string) => v.startsWith('***');

/**
 * An SSN, ITIN or account number the server holds sealed (the questionnaire's and the organizer's): it only ever
 * sends it masked (`***-**-1234`). "Show" asks for it in clear (audited on the server; absent where the reader may
 * not), "Change" types a new one, "Clear" (after a confirmation) saves it empty, which deletes the sealed value. A
 * typed value is checked (`check`: the contract's rule, in the feature's words) before anything is sent; leaving an
 * untouched field changes nothing.
 */
export function SecretInput({
  label,
  description,
  stored,
  error,
  testId,
  clearTestId,
  check,
  texts,
  reveal,
  onSave,
}: {
  label: string;
  description?: ReactNode;
  /** What the form holds: the server's mask, a value typed and not yet saved, or ''. */
  stored: string;
  error?: ReactNode;
  testId: string;
  clearTestId: string;
  /** What is wrong with a typed value (shown under the field, nothing sent), or null. */
  check: (typed: string) => string | null;
  texts: SecretInputTexts;
  /** The value in clear, from the server; null: this reader may not reveal it. */
  reveal: (() => Promise<string>) | null;
  onSave: (value: string | null) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const [revealed, setRevealed] = useState<string | null>(null);
  const [revealing, setRevealing] = useState(false);
  const [confirmingClear, setConfirmingClear] = useState(false);
  const masked = stored !== '' && isMasked(stored);
  const editing = draft !== null || !masked;

  const commit = (typed: string) => {
    const v = typed.trim();
    if (v === '' && masked) {
      setDraft(null);
      setLocalError(null);
      return;
    }
    const problem = v === '' ? null : check(v);
    if (problem) {
      setLocalError(problem);
      return;
    }
    setLocalError(null);
    setDraft(null);
    if (v !== stored) onSave(v === '' ? null : v);
  };

  if (editing)
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

  const showLabel = revealed ? texts.hide : texts.show;
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
        rightSectionWidth={reveal ? 100 : 68}
        rightSection={
          <Group gap={2} wrap="nowrap">
            {reveal && (
              <Tooltip label={showLabel}>
                <ActionIcon
                  variant="subtle"
                  aria-label={`${showLabel}: ${label}`}
                  loading={revealing}
                  onClick={() => {
                    if (revealed) return setRevealed(null);
                    setRevealing(true);
                    reveal()
                      .then(setRevealed, (err: Error) => showErrorToast(err.message))
                      .finally(() => setRevealing(false));
                  }}
                >
                  {revealed ? <IconEyeOff size={16} /> : <IconEye size={16} />}
                </ActionIcon>
              </Tooltip>
            )}
            <Tooltip label={texts.change}>
              <ActionIcon
                variant="subtle"
                aria-label={`${texts.change}: ${label}`}
                onClick={() => {
                  setRevealed(null);
                  setDraft('');
                }}
              >
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={texts.clear}>
              <ActionIcon
                variant="subtle"
                color="red.8"
                aria-label={`${texts.clear}: ${label}`}
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
          {texts.revealed}
        </Text>
      )}
      <ConfirmDialog
        opened={confirmingClear}
        label={texts.clearTitle}
        message={texts.clearConfirm}
        onCancel={() => setConfirmingClear(false)}
        onConfirm={() => {
          setConfirmingClear(false);
          setRevealed(null);
          setLocalError(null);
          // Saved at once like any answer; the server then holds nothing for this field.
          onSave(null);
        }}
        testId={clearTestId}
      />
    </Stack>
  );
}
