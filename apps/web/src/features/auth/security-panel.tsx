import {
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  Image,
  List,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconDeviceMobile, IconKey, IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MfaStatus, Passkey } from '@taxportal/contract';
import { errorMessage, isApiError } from '../../lib/api/index.ts';
import { PasswordField } from '../../ui/password-field.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { showSuccessToast } from '../../ui/toast.tsx';
import {
  useAddPasskey,
  useDisableTotp,
  useEnableTotp,
  useMfaStatus,
  useRemovePasskey,
  useRenamePasskey,
  useSetupTotp,
} from './mfa-api.ts';

const fieldMessage = (err: unknown, field: string) =>
  isApiError(err) ? (err.fieldMessage(field) ?? err.detail) : errorMessage(err);

/**
 * The caller's second factors: an authenticator app (QR code, first code, ten recovery codes shown once), and
 * passkeys (add, rename, remove). Staff keep at least one factor (the server refuses the last one's removal).
 */
export function SecurityPanel() {
  const { t } = useTranslation();
  const status = useMfaStatus();
  if (!status.data) return <Text c="dimmed">{t('app.loading')}</Text>;
  return (
    <Stack gap="lg" data-testid="security-panel">
      <TotpCard status={status.data} />
      <PasskeysCard status={status.data} />
    </Stack>
  );
}

function TotpCard({ status }: { status: MfaStatus }) {
  const { t } = useTranslation();
  const setup = useSetupTotp();
  const enable = useEnableTotp();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [disabling, setDisabling] = useState(false);
  const pending = setup.data && !status.totp_enabled ? setup.data : null;
  const canTurnOff = !status.required || status.passkeys.length > 0;

  const confirm = async () => {
    setCodeError(null);
    try {
      const res = await enable.mutateAsync(code.replace(/\s/g, ''));
      setRecoveryCodes(res.recovery_codes);
      setCode('');
    } catch (err) {
      setCodeError(fieldMessage(err, 'code'));
    }
  };

  return (
    <SectionCard
      title={t('auth.mfa.totpTitle')}
      icon={IconDeviceMobile}
      badge={
        <Badge color={status.totp_enabled ? 'green' : 'gray'} variant="light">
          {status.totp_enabled ? t('auth.mfa.on') : t('auth.mfa.off')}
        </Badge>
      }
      description={t('auth.mfa.totpText')}
      data-testid="totp-card"
    >
      {status.totp_enabled ? (
        <Stack gap="sm">
          <Text size="sm">{t('auth.mfa.recoveryLeft', { count: status.recovery_codes_left })}</Text>
          {canTurnOff && (
            <Group>
              <Button variant="default" color="red" onClick={() => setDisabling(true)}>
                {t('auth.mfa.turnOff')}
              </Button>
            </Group>
          )}
        </Stack>
      ) : pending ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Stack gap="xs" align="center">
            <Image src={pending.qr_data_url} alt={t('auth.mfa.qrAlt')} w={200} h={200} />
            <Text size="xs" c="dimmed">
              {t('auth.mfa.secretLabel')}
            </Text>
            <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all' }} data-testid="totp-secret">
              {pending.secret}
            </Text>
          </Stack>
          <Stack gap="sm">
            <List size="sm" type="ordered" spacing={4}>
              <List.Item>{t('auth.mfa.step1')}</List.Item>
              <List.Item>{t('auth.mfa.step2')}</List.Item>
            </List>
            <TextInput
              label={t('auth.mfa.code')}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={8}
              value={code}
              error={codeError}
              onChange={(e) => setCode(e.currentTarget.value)}
            />
            <Button onClick={() => void confirm()} loading={enable.isPending} disabled={!code}>
              {t('auth.mfa.turnOn')}
            </Button>
          </Stack>
        </SimpleGrid>
      ) : (
        <Group>
          <Button
            leftSection={<IconShieldLock size={18} aria-hidden />}
            onClick={() => setup.mutate(undefined)}
            loading={setup.isPending}
          >
            {t('auth.mfa.setUpApp')}
          </Button>
        </Group>
      )}
      <RecoveryCodesModal codes={recoveryCodes} onClose={() => setRecoveryCodes(null)} />
      <DisableTotpModal opened={disabling} onClose={() => setDisabling(false)} />
    </SectionCard>
  );
}

/** The ten recovery codes, shown this once: copy or download them. */
function RecoveryCodesModal({ codes, onClose }: { codes: string[] | null; onClose: () => void }) {
  const { t } = useTranslation();
  const text = (codes ?? []).join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'tax-portal-recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Modal opened={codes !== null} onClose={onClose} title={t('auth.mfa.recoveryTitle')} closeOnClickOutside={false}>
      <Stack gap="sm">
        <Text size="sm">{t('auth.mfa.recoveryText')}</Text>
        <Paper withBorder p="sm" data-testid="recovery-codes">
          <SimpleGrid cols={2} spacing={4}>
            {(codes ?? []).map((c) => (
              <Text key={c} ff="monospace" size="sm">
                {c}
              </Text>
            ))}
          </SimpleGrid>
        </Paper>
        <Group justify="space-between">
          <Group gap="xs">
            <CopyButton value={text}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? t('auth.mfa.copied') : t('auth.mfa.copy')}
                </Button>
              )}
            </CopyButton>
            <Button variant="default" onClick={download}>
              {t('auth.mfa.download')}
            </Button>
          </Group>
          <Button onClick={onClose}>{t('auth.mfa.savedThem')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function DisableTotpModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const disable = useDisableTotp();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});
  const submit = async () => {
    setErrors({});
    try {
      const res = await disable.mutateAsync({ password, code: code.replace(/\s/g, '') });
      showSuccessToast(res.message);
      onClose();
    } catch (err) {
      const pw = isApiError(err) ? err.fieldMessage('password') : undefined;
      setErrors(pw ? { password: pw } : { code: fieldMessage(err, 'code') });
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('auth.mfa.turnOffTitle')}>
      <Stack gap="sm">
        <PasswordField
          label={t('auth.password')}
          autoComplete="current-password"
          value={password}
          error={errors.password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <TextInput
          label={t('auth.mfa.codeOrRecovery')}
          autoComplete="one-time-code"
          maxLength={16}
          value={code}
          error={errors.code}
          onChange={(e) => setCode(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button color="red" onClick={() => void submit()} loading={disable.isPending} disabled={!password || !code}>
            {t('auth.mfa.turnOff')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function PasskeysCard({ status }: { status: MfaStatus }) {
  const { t } = useTranslation();
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const supported = typeof window !== 'undefined' && 'PublicKeyCredential' in window;
  return (
    <SectionCard
      title={t('auth.mfa.passkeysTitle')}
      icon={IconKey}
      badge={<Badge variant="light">{status.passkeys.length}</Badge>}
      description={t('auth.mfa.passkeysText')}
      data-testid="passkeys-card"
    >
      <Stack gap="sm">
        {status.passkeys.map((p) => (
          <PasskeyRow
            key={p.id}
            passkey={p}
            isLast={status.required && !status.totp_enabled && status.passkeys.length === 1}
          />
        ))}
        {!supported && <Alert color="yellow">{t('auth.mfa.passkeysUnsupported')}</Alert>}
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t('auth.mfa.passkeyName')}
            placeholder={t('auth.mfa.passkeyNamePlaceholder')}
            maxLength={80}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            style={{ flex: '1 1 200px' }}
          />
          <Button
            leftSection={<IconKey size={18} aria-hidden />}
            disabled={!supported}
            loading={add.isPending}
            onClick={() => add.mutate(name.trim(), { onSuccess: () => setName('') })}
          >
            {t('auth.mfa.addPasskey')}
          </Button>
        </Group>
      </Stack>
    </SectionCard>
  );
}

function PasskeyRow({ passkey, isLast }: { passkey: Passkey; isLast: boolean }) {
  const { t, i18n } = useTranslation();
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language, { timeZone: 'UTC' });
  return (
    <Paper withBorder p="sm" data-testid="passkey-row">
      <Group justify="space-between" wrap="wrap" gap="xs">
        {editing ? (
          <Group gap="xs" wrap="wrap" style={{ flex: 1 }}>
            <TextInput
              aria-label={t('auth.mfa.passkeyName')}
              value={name}
              maxLength={80}
              onChange={(e) => setName(e.currentTarget.value)}
              style={{ flex: '1 1 160px' }}
            />
            <Button
              size="xs"
              loading={rename.isPending}
              disabled={!name.trim()}
              onClick={() =>
                rename.mutate({ id: passkey.id, name: name.trim() }, { onSuccess: () => setEditing(false) })
              }
            >
              {t('auth.mfa.save')}
            </Button>
          </Group>
        ) : (
          <div style={{ minWidth: 0 }}>
            <Text fw={500}>{passkey.name}</Text>
            <Text size="xs" c="dimmed">
              {t('auth.mfa.passkeyDates', {
                created: date(passkey.created_at),
                used: passkey.last_used_at ? date(passkey.last_used_at) : t('auth.mfa.never'),
              })}
            </Text>
          </div>
        )}
        <Group gap="xs">
          {!editing && (
            <Button size="xs" variant="default" onClick={() => setEditing(true)}>
              {t('auth.mfa.rename')}
            </Button>
          )}
          <Button
            size="xs"
            variant="default"
            color="red"
            disabled={isLast}
            loading={remove.isPending}
            onClick={() => remove.mutate(passkey.id)}
          >
            {t('auth.mfa.remove')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
