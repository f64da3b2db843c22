import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconId, IconMail, IconPhone } from '@tabler/icons-react';
import { LANGUAGES, type Language, type Profile } from '@taxportal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadPhoneVerification, useSignInMethods } from '../auth/index.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { Fact } from '../../ui/fact.tsx';
import { PasswordField } from '../../ui/password-field.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { showSuccessToast } from '../../ui/toast.tsx';
import { ToneBadge } from '../../ui/tone-badge.tsx';
import { chooseLanguage, currentLanguage } from '../../lib/language.ts';
import { useSession } from '../../lib/session/index.ts';
import { useRefreshProfile, useRequestEmailChange, useUpdateProfile } from './profile-api.ts';

const PhoneVerification = lazy(() => loadPhoneVerification().then((m) => ({ default: m.PhoneVerification })));

/** Each language named in itself, as a language picker shows it. */
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' };

function NameAndLanguage({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateProfile();
  const [name, setName] = useState(profile.full_name);
  const client = useQueryClient();
  // What the person reads in now: the language saved on the profile, else the one they read the portal in.
  const shown = useSession().data?.language ?? currentLanguage();
  const [language, setLanguage] = useState<Language>(shown);
  const dirty = name.trim() !== profile.full_name;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    update.mutate({ full_name: name }, { onSuccess: () => showSuccessToast(t('profile.saved')) });
  };
  // A language is taken at once, as a picker of languages is: saved on the profile (every device), kept for this
  // browser's next pages, and drawn in now; the name waits for Save.
  const pick = (next: Language) => {
    setLanguage(next);
    void chooseLanguage(client, next, true).then(
      () => showSuccessToast(i18n.t('profile.saved')), // in the language just chosen
      () => setLanguage(shown),
    );
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
          onChange={(v) => v && v !== language && pick(v as Language)}
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

/**
 * The phone, and changing it: a new number is texted a code and becomes the phone only once the code is verified;
 * until then the old number stays, and signs in (docs/decisions/0019-b, 0020-b).
 */
function PhoneChange({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const methods = useSignInMethods();
  const refresh = useRefreshProfile();
  // null: closed; else the number the form starts with ('' for a new one).
  const [editing, setEditing] = useState<string | null>(null);
  const canText = methods.data?.phone === true;
  return (
    <Stack gap="sm">
      <Fact label={t('profile.phone')} testId="profile-phone">
        <Group gap="xs">
          <span>{profile.phone ?? t('profile.noPhone')}</span>
          {profile.phone && (
            <ToneBadge tone={profile.phone_verified ? 'success' : 'neutral'} data-testid="profile-phone-status">
              {profile.phone_verified ? t('profile.phoneVerified') : t('profile.phoneUnverified')}
            </ToneBadge>
          )}
        </Group>
      </Fact>
      {editing !== null ? (
        <Suspense fallback={<PageLoader />}>
          <PhoneVerification
            initialPhone={editing}
            onVerified={() => {
              setEditing(null);
              void refresh();
            }}
            footer={
              <Button variant="default" onClick={() => setEditing(null)}>
                {t('common.cancel')}
              </Button>
            }
          />
        </Suspense>
      ) : canText ? (
        <Group gap="sm">
          <Button variant="light" leftSection={<IconPhone size={16} />} onClick={() => setEditing('')}>
            {profile.phone ? t('profile.changePhone') : t('profile.addPhone')}
          </Button>
          {profile.phone && !profile.phone_verified && (
            <Button variant="default" onClick={() => setEditing(profile.phone!)}>
              {t('profile.verifyPhone')}
            </Button>
          )}
        </Group>
      ) : null}
      <Text size="xs" c="dimmed">
        {t('profile.phoneHint')}
      </Text>
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
          <PhoneChange profile={profile} />
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
