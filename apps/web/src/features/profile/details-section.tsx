import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconId, IconMail } from '@tabler/icons-react';
import { LANGUAGES, type Language, type Profile } from '@taxportal/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Fact } from '../../ui/fact.tsx';
import { PasswordField } from '../../ui/password-field.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { showSuccessToast } from '../../ui/toast.tsx';
import { useRequestEmailChange, useUpdateProfile } from './profile-api.ts';

/** Each language named in itself, as a language picker shows it. */
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English' };

function NameAndLanguage({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const [name, setName] = useState(profile.full_name);
  const [language, setLanguage] = useState<Language>(profile.language);
  const dirty = name.trim() !== profile.full_name || language !== profile.language;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    update.mutate({ full_name: name, language }, { onSuccess: () => showSuccessToast(t('profile.saved')) });
  };
  return (
    <form onSubmit={onSubmit} data-testid="profile-details-form">
      <Stack gap="md">
        <TextInput
          label={t('profile.fullName')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          required
          maxLength={140}
          autoComplete="name"
        />
        <Select
          label={t('profile.language')}
          description={t('profile.languageHint')}
          data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
          value={language}
          onChange={(v) => v && setLanguage(v as Language)}
          allowDeselect={false}
        />
        <Group>
          <Button type="submit" disabled={!dirty || !name.trim()} loading={update.isPending}>
            {t('profile.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function EmailChange({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const request = useRequestEmailChange();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    request.mutate(
      { new_email: email, password },
      {
        onSuccess: (res) => {
          showSuccessToast(res.message);
          setOpen(false);
          setEmail('');
          setPassword('');
        },
      },
    );
  };
  return (
    <Stack gap="sm">
      <Fact label={t('profile.email')} testId="profile-email">
        {profile.email}
      </Fact>
      {profile.pending_email && (
        <Alert variant="light" color="yellow" data-testid="pending-email">
          {t('profile.pendingEmail', { email: profile.pending_email })}
        </Alert>
      )}
      {open ? (
        <form onSubmit={onSubmit} data-testid="email-change-form">
          <Stack gap="sm">
            <TextInput
              type="email"
              label={t('profile.newEmail')}
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              required
              autoComplete="email"
            />
            <PasswordField
              label={t('profile.currentPassword')}
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              required
              autoComplete="current-password"
            />
            <Group gap="sm">
              <Button type="submit" loading={request.isPending} disabled={!email || !password}>
                {t('profile.sendLink')}
              </Button>
              <Button variant="default" onClick={() => setOpen(false)}>
                {t('common.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Group>
          <Button variant="light" leftSection={<IconMail size={16} />} onClick={() => setOpen(true)}>
            {t('profile.changeEmail')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

export function DetailsSection({ profile, onChangePassword }: { profile: Profile; onChangePassword: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <SectionCard title={t('profile.detailsTitle')} icon={IconId}>
        <NameAndLanguage profile={profile} />
      </SectionCard>
      <SectionCard title={t('profile.contactTitle')} icon={IconMail}>
        <Stack gap="md">
          <EmailChange profile={profile} />
          <div>
            <Fact label={t('profile.phone')}>{profile.phone ?? t('profile.noPhone')}</Fact>
            {/* Changing the phone needs its verification by code (issue 12 item 1), added with the phone flow. */}
            <Text size="xs" c="dimmed" mt={4}>
              {t('profile.phoneHint')}
            </Text>
          </div>
          <Group>
            <Button variant="default" onClick={onChangePassword} data-testid="profile-change-password">
              {t('menu.changePassword')}
            </Button>
          </Group>
        </Stack>
      </SectionCard>
    </Stack>
  );
}
