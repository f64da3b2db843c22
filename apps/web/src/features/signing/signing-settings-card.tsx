import { Switch, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../ui/section-card.tsx';
import { showSuccessToast } from '../../ui/toast.tsx';
import { useSigningSettings, useUpdateSigningSettings } from './signing-api.ts';

/**
 * Admin: the firm's identity check at signing Form 8879 (docs/decisions/0021-a). On by default; off, a password
 * and an e-mailed code are enough and every signed form's audit page says the firm turned the check off.
 */
export function SigningSettingsCard() {
  const { t } = useTranslation();
  const settings = useSigningSettings();
  const update = useUpdateSigningSettings();
  const strict = settings.data?.strict_identity ?? true;
  return (
    <SectionCard title={t('signing.settingsTitle')} icon={IconShieldLock} data-testid="signing-settings">
      <Switch
        label={t('signing.settingsStrict')}
        // What the switch does in the state it is in now (issue 29: one fixed text read as its opposite when on).
        description={t(strict ? 'signing.settingsStrictOn' : 'signing.settingsStrictOff')}
        checked={strict}
        disabled={!settings.data || update.isPending}
        onChange={(e) =>
          update.mutate(
            { strict_identity: e.currentTarget.checked },
            { onSuccess: () => showSuccessToast(t('signing.settingsSaved')) },
          )
        }
        data-testid="signing-strict-switch"
      />
      {settings.isError && (
        <Text size="sm" c="red">
          {t('common.somethingWentWrong')}
        </Text>
      )}
    </SectionCard>
  );
}
