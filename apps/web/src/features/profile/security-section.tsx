import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconDevices, IconKey, IconTrash } from '@tabler/icons-react';
import type { DeviceSession } from '@taxportal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { setSession } from '../../lib/session/index.ts';
import { loadSecurityPanel } from '../auth/index.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { formatDateTime, formatRelative } from '../../ui/format.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { showSuccessToast } from '../../ui/toast.tsx';
import {
  useApiTokens,
  useCreateApiToken,
  useDeviceSessions,
  useRevokeApiToken,
  useRevokeOtherSessions,
  useRevokeSession,
} from './profile-api.ts';

function SessionRow({ s, onEnd }: { s: DeviceSession; onEnd: (s: DeviceSession) => void }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" data-testid="device-session" data-current={s.current}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>{s.device}</Text>
            {s.current && (
              <Badge color="green" variant="light">
                {t('profile.thisDevice')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {s.place} · {t('profile.lastSeen', { when: formatRelative(s.last_seen_at) })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('profile.signedInAt', { when: formatDateTime(s.created_at) })}
          </Text>
        </div>
        <Button size="xs" variant="light" color="red" onClick={() => onEnd(s)} data-testid="end-session">
          {s.current ? t('profile.signOutHere') : t('profile.endSession')}
        </Button>
      </Group>
    </Paper>
  );
}

export function SessionsPanel() {
  const { t } = useTranslation();
  const list = useDeviceSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [ending, setEnding] = useState<DeviceSession | null>(null);
  const items = list.data?.items ?? [];
  const confirmEnd = () => {
    if (!ending) return;
    const wasCurrent = ending.current;
    revoke.mutate(ending.id, {
      onSuccess: () => {
        setEnding(null);
        if (wasCurrent) {
          client.clear();
          setSession(client, null);
          navigate('/register', { replace: true });
        } else showSuccessToast(t('profile.sessionEnded'));
      },
    });
  };
  return (
    <SectionCard
      title={t('profile.sessionsTitle')}
      icon={IconDevices}
      description={t('profile.sessionsHint')}
      data-testid="sessions-panel"
      actions={
        items.length > 1 && (
          <Button
            size="xs"
            variant="default"
            loading={revokeOthers.isPending}
            onClick={() =>
              revokeOthers.mutate(undefined, {
                onSuccess: (r) => showSuccessToast(t('profile.othersEnded', { count: r.revoked })),
              })
            }
            data-testid="end-other-sessions"
          >
            {t('profile.endOthers')}
          </Button>
        )
      }
    >
      {list.isPending ? (
        <PageLoader />
      ) : (
        <Stack gap="xs">
          {items.map((s) => (
            <SessionRow key={s.id} s={s} onEnd={setEnding} />
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={!!ending}
        label={t('profile.endSession')}
        message={
          ending?.current ? t('profile.confirmSignOutHere') : t('profile.confirmEnd', { device: ending?.device })
        }
        busy={revoke.isPending}
        onCancel={() => setEnding(null)}
        onConfirm={confirmEnd}
        testId="confirm-end-session"
      />
    </SectionCard>
  );
}

function NewTokenForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const { t } = useTranslation();
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<'read' | 'write'>('read');
  const [days, setDays] = useState<number>(30);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      { name, scope, expires_in_days: days },
      {
        onSuccess: (tok) => {
          setName('');
          onCreated(`${tok.key}:${tok.secret}`);
        },
      },
    );
  };
  return (
    <form onSubmit={onSubmit} data-testid="new-token-form">
      <Stack gap="sm">
        <TextInput
          label={t('profile.tokenName')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          required
          maxLength={80}
        />
        <div>
          <Text size="sm" fw={500} mb={4}>
            {t('profile.tokenScope')}
          </Text>
          <SegmentedControl
            value={scope}
            onChange={(v) => setScope(v as 'read' | 'write')}
            data={[
              { value: 'read', label: t('profile.scopeRead') },
              { value: 'write', label: t('profile.scopeWrite') },
            ]}
          />
        </div>
        <NumberInput
          label={t('profile.tokenDays')}
          value={days}
          onChange={(v) => setDays(typeof v === 'number' ? v : 30)}
          min={1}
          max={365}
          allowDecimal={false}
          maw={200}
        />
        <Group>
          <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
            {t('profile.createToken')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function ApiTokensPanel() {
  const { t } = useTranslation();
  const list = useApiTokens();
  const revoke = useRevokeApiToken();
  const [secret, setSecret] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);
  const items = list.data?.items ?? [];
  return (
    <SectionCard
      title={t('profile.tokensTitle')}
      icon={IconKey}
      description={t('profile.tokensHint')}
      data-testid="tokens-panel"
    >
      <Stack gap="md">
        {items.length === 0 && !list.isPending && (
          <Text size="sm" c="dimmed">
            {t('profile.noTokens')}
          </Text>
        )}
        {items.map((tok) => (
          <Paper key={tok.id} withBorder p="sm" data-testid="api-token">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {tok.name}
                  </Text>
                  <Badge variant="light" color={tok.scope === 'write' ? 'orange' : 'gray'}>
                    {tok.scope === 'write' ? t('profile.scopeWrite') : t('profile.scopeRead')}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  <Code>{tok.key}</Code> · {t('profile.expires', { when: formatDateTime(tok.expires_at) })} ·{' '}
                  {tok.last_used_at
                    ? t('profile.lastUsed', { when: formatRelative(tok.last_used_at) })
                    : t('profile.neverUsed')}
                </Text>
              </div>
              {/* In the page, not a portal: shown on focus (the secret's dialog returns it here), it stays within
                  the main landmark (axe: region). */}
              <Tooltip label={t('profile.revokeToken')} withinPortal={false}>
                <ActionIcon
                  variant="light"
                  color="red"
                  aria-label={t('profile.revokeTokenNamed', { name: tok.name })}
                  onClick={() => setRevoking(tok.id)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Paper>
        ))}
        <NewTokenForm onCreated={setSecret} />
      </Stack>
      <Modal opened={!!secret} onClose={() => setSecret(null)} title={t('profile.tokenCreated')} centered>
        <Stack gap="sm">
          <Alert color="yellow" variant="light">
            {t('profile.tokenOnce')}
          </Alert>
          <Code block data-testid="new-token-secret" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {secret}
          </Code>
          <Group justify="space-between">
            <CopyButton value={secret ?? ''}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  onClick={copy}
                >
                  {copied ? t('profile.copied') : t('profile.copy')}
                </Button>
              )}
            </CopyButton>
            <Button onClick={() => setSecret(null)}>{t('profile.done')}</Button>
          </Group>
        </Stack>
      </Modal>
      <ConfirmDialog
        opened={!!revoking}
        label={t('profile.revokeToken')}
        message={t('profile.confirmRevokeToken')}
        busy={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate(revoking, { onSuccess: () => setRevoking(null) })}
      />
    </SectionCard>
  );
}

// The second factors (TOTP, recovery codes, passkeys) are the auth feature's: its own chunk.
const SecondFactorsPanel = lazy(() => loadSecurityPanel().then((m) => ({ default: m.SecurityPanel })));

/**
 * API tokens are for staff's programmatic clients (API.md); a taxpayer is not offered them (issue 29: "taxpayers
 * see an API tokens section"), though one who made a token before still sees it, to revoke it.
 */
function CustomerApiTokens() {
  const list = useApiTokens();
  return list.data && list.data.items.length > 0 ? <ApiTokensPanel /> : null;
}

export function SecuritySection({ isCustomer }: { isCustomer: boolean }) {
  return (
    <Stack gap="lg">
      <Suspense fallback={<PageLoader />}>
        <SecondFactorsPanel />
      </Suspense>
      <SessionsPanel />
      {isCustomer ? <CustomerApiTokens /> : <ApiTokensPanel />}
    </Stack>
  );
}
