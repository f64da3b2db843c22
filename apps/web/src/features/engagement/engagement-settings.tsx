import { Alert, Button, Group, NumberInput, Paper, Stack, Switch, Text } from '@mantine/core';
import type { EngagementSettings } from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api/index.ts';
import { showSuccessToast } from '../../ui/toast.tsx';
import { useEngagementSettings, useSaveEngagementSettings } from './engagement-api.ts';

function SettingsForm({ saved }: { saved: EngagementSettings }) {
  const { t } = useTranslation();
  const save = useSaveEngagementSettings();
  const [days, setDays] = useState<number | string>(saved.expiry_days);
  const [hold, setHold] = useState(saved.hold_at_open_until_signed);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setError(null);
    try {
      await save.mutateAsync({ expiry_days: Number(days), hold_at_open_until_signed: hold });
      showSuccessToast(t('engagement.settings.saved'));
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <Stack gap="sm">
      <NumberInput
        label={t('engagement.settings.expiryDays')}
        min={1}
        max={365}
        allowDecimal={false}
        allowNegative={false}
        value={days}
        onChange={setDays}
        maw={320}
        data-testid="settings-expiry"
      />
      <Switch
        label={t('engagement.settings.hold')}
        description={t('engagement.settings.holdHint')}
        checked={hold}
        onChange={(e) => setHold(e.currentTarget.checked)}
        data-testid="settings-hold"
      />
      {error && (
        <Alert color="red" data-testid="settings-error">
          {error}
        </Alert>
      )}
      <Group>
        <Button onClick={() => void submit()} loading={save.isPending} data-testid="settings-save">
          {t('engagement.settings.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Admin's engagement letter settings, under the templates (docs/decisions/0036): expiry days, the hold at Open. */
export function EngagementSettingsCard() {
  const { t } = useTranslation();
  const { data } = useEngagementSettings();
  return (
    <Paper withBorder p="md" data-testid="engagement-settings">
      <Text fw={600} mb="sm">
        {t('engagement.settings.title')}
      </Text>
      {data && <SettingsForm key={JSON.stringify(data)} saved={data} />}
    </Paper>
  );
}
