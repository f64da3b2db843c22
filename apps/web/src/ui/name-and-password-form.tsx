import { Button, Stack, TextInput } from '@mantine/core';
import { PASSWORD_MIN } from '@taxportal/contract';
import { type FormEvent, useState } from 'react';
import { PasswordField } from './password-field.tsx';

/** The form's texts, translated by the page that draws it (each page words its own step). */
export interface NameAndPasswordTexts {
  fullName: string;
  password: string;
  passwordHint: string;
  confirmPassword: string;
  passwordShort: string;
  passwordsDiffer: string;
  submit: string;
}

/**
 * A new login's name and password, typed twice (a staff invitation accepted, a spouse joining from their link): the
 * password's length and the two copies are checked here, the rest by the server. `initialName` fills the name until
 * it is typed over. No maxLength: the browser counts UTF-16 units, so a name of 140 emoji the server takes could not be
 * typed back; the server's answer says when a name is too long.
 */
export function NameAndPasswordForm({
  texts,
  initialName = '',
  pending,
  onSubmit,
  testId,
}: {
  texts: NameAndPasswordTexts;
  initialName?: string;
  pending: boolean;
  onSubmit: (values: { full_name: string; password: string }) => void;
  testId: string;
}) {
  const [typedName, setName] = useState<string | null>(null);
  const name = typedName ?? initialName;
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    if (password.length < PASSWORD_MIN) return setError(texts.passwordShort);
    if (password !== again) return setError(texts.passwordsDiffer);
    setError(null);
    onSubmit({ full_name: name, password });
  };
  return (
    <form onSubmit={submit} noValidate data-testid={testId}>
      <Stack gap="md">
        <TextInput
          label={texts.fullName}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          required
          autoComplete="name"
        />
        <PasswordField
          label={texts.password}
          description={texts.passwordHint}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          required
          autoComplete="new-password"
        />
        <PasswordField
          label={texts.confirmPassword}
          value={again}
          onChange={(e) => setAgain(e.currentTarget.value)}
          required
          autoComplete="new-password"
          error={error}
        />
        <Button type="submit" loading={pending} disabled={!name.trim() || !password}>
          {texts.submit}
        </Button>
      </Stack>
    </form>
  );
}
