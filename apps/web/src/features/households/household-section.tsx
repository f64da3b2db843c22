import { Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconHeartHandshake, IconLogout, IconMailForward } from '@tabler/icons-react';
import type { Household, HouseholdMember, ReceivedInvitation, SentInvitation } from '@taxportal/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isApiError } from '../../lib/api/index.ts';
import { useSession } from '../../lib/session/index.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { formatDate } from '../../ui/format.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { showErrorToast, showSuccessToast } from '../../ui/toast.tsx';
import { useSingleFlight } from '../../ui/use-single-flight.ts';
import {
  useAcceptInvitation,
  useDeclineInvitation,
  useHousehold,
  useInviteSpouse,
  useLeaveHousehold,
  useRevokeInvitation,
} from './households-api.ts';
import { addHouseholdsTexts } from './i18n.ts';

addHouseholdsTexts();

function Member({ member, isMe }: { member: HouseholdMember; isMe: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" radius="md" data-testid="household-member">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {member.full_name}
            {isMe ? ` (${t('households.you')})` : ''}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {member.email}
          </Text>
        </div>
        <Badge variant="light">{t(`households.role.${member.role}`)}</Badge>
      </Group>
    </Paper>
  );
}

function Received({ invitation }: { invitation: ReceivedInvitation }) {
  const { t } = useTranslation();
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  // Answered: the buttons stay off until the refreshed household takes the card away.
  const [answered, setAnswered] = useState(false);
  const busy = accept.isPending || decline.isPending || answered;
  // One answer per invitation: a double tap sends one request (the error toast is the mutation's own).
  const answer = useSingleFlight(async (kind: 'accept' | 'decline') => {
    if (busy) return;
    const m = kind === 'accept' ? accept : decline;
    await m.mutateAsync(invitation.id).then(
      () => {
        setAnswered(true);
        showSuccessToast(t(kind === 'accept' ? 'households.received.accepted' : 'households.received.declined'));
      },
      () => undefined,
    );
  });
  return (
    <Paper withBorder p="sm" radius="md" bg="brand.0" data-testid="household-received">
      <Stack gap="xs">
        <Text style={{ overflowWrap: 'anywhere' }}>
          {t('households.received.text', { name: invitation.from.full_name, email: invitation.from.email })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('households.received.expires', { date: formatDate(invitation.expires_at) })}
        </Text>
        <Group gap="xs">
          <Button
            loading={accept.isPending}
            disabled={busy}
            onClick={() => void answer('accept')}
            data-testid="household-accept"
          >
            {t('households.received.accept')}
          </Button>
          <Button
            variant="default"
            loading={decline.isPending}
            disabled={busy}
            onClick={() => void answer('decline')}
            data-testid="household-decline"
          >
            {t('households.received.decline')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function Sent({ invitation }: { invitation: SentInvitation }) {
  const { t } = useTranslation();
  const revoke = useRevokeInvitation();
  return (
    <Paper withBorder p="sm" radius="md" data-testid="household-sent">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {t('households.sent.title', { name: invitation.full_name })}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t('households.sent.expires', { email: invitation.email, date: formatDate(invitation.expires_at) })}
          </Text>
        </div>
        <Button
          variant="default"
          size="xs"
          loading={revoke.isPending}
          onClick={() =>
            revoke.mutate(invitation.id, { onSuccess: () => showSuccessToast(t('households.sent.withdrawn')) })
          }
          data-testid="household-withdraw"
        >
          {t('households.sent.withdraw')}
        </Button>
      </Group>
    </Paper>
  );
}

type Field = 'full_name' | 'email';

function InviteForm() {
  const { t } = useTranslation();
  const invite = useInviteSpouse();
  const [values, setValues] = useState<Record<Field, string>>({ full_name: '', email: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    invite.mutate(values, {
      onSuccess: () => {
        setValues({ full_name: '', email: '' });
        showSuccessToast(t('households.invite.sent'));
      },
      onError: (err) => {
        const named = isApiError(err) ? err.errors : [];
        setErrors(Object.fromEntries(named.map((f) => [f.field, f.message])));
        if (!named.length) showErrorToast(errorMessage(err));
      },
    });
  };
  const field = (name: Field) => ({
    value: values[name],
    error: errors[name],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate data-testid="household-invite-form">
      <Stack gap="sm">
        <Text fw={600}>{t('households.invite.title')}</Text>
        <Text size="sm" c="dimmed">
          {t('households.invite.hint')}
        </Text>
        <TextInput
          label={t('households.invite.name')}
          autoComplete="off"
          maxLength={140}
          withAsterisk
          {...field('full_name')}
          data-testid="household-invite-name"
        />
        <TextInput
          label={t('households.invite.email')}
          type="email"
          autoComplete="off"
          maxLength={254}
          withAsterisk
          {...field('email')}
          data-testid="household-invite-email"
        />
        <Group>
          <Button
            type="submit"
            loading={invite.isPending}
            leftSection={<IconMailForward size={16} aria-hidden />}
            data-testid="household-invite-submit"
          >
            {t('households.invite.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** What the section shows, from the household as the server sent it. */
export function HouseholdView({ household, me }: { household: Household; me: string }) {
  const { t } = useTranslation();
  const leave = useLeaveHousehold();
  const [leaving, setLeaving] = useState(false);
  const confirmLeave = useSingleFlight(() =>
    leave.mutateAsync(undefined).then(
      () => {
        setLeaving(false);
        showSuccessToast(t('households.left'));
      },
      () => undefined,
    ),
  );
  const inHousehold = household.members.length > 0;
  return (
    <SectionCard
      title={t('households.title')}
      icon={IconHeartHandshake}
      description={t('households.hint')}
      actions={
        inHousehold && (
          <Button
            variant="default"
            color="red"
            leftSection={<IconLogout size={16} aria-hidden />}
            onClick={() => setLeaving(true)}
            data-testid="household-leave"
          >
            {t('households.leave')}
          </Button>
        )
      }
      data-testid="household"
    >
      <Stack gap="sm">
        {household.received.map((i) => (
          <Received key={i.id} invitation={i} />
        ))}
        {household.members.map((m) => (
          <Member key={m.id} member={m} isMe={m.id === me} />
        ))}
        {!inHousehold && household.sent.map((i) => <Sent key={i.id} invitation={i} />)}
        {/* An invitation received does not stop them inviting their own spouse (it may be from someone else). */}
        {!inHousehold && <InviteForm />}
      </Stack>
      <ConfirmDialog
        opened={leaving}
        label={t('households.leave')}
        message={t('households.leaveQuestion')}
        details={t('households.leaveDetails')}
        confirmLabel={t('households.leave')}
        danger
        busy={leave.isPending}
        onCancel={() => setLeaving(false)}
        onConfirm={() => void confirmLeave()}
        testId="household-leave-confirm"
      />
    </SectionCard>
  );
}

/**
 * Profile → Household (issue 32 item 5, docs/decisions/0032): the household's members, the invitation the customer
 * sent (withdraw it) or received (accept or decline it), and, outside a household, the form to invite their spouse.
 */
export function HouseholdSection() {
  const session = useSession();
  const household = useHousehold();
  if (!household.data || !session.data) return <PageLoader />;
  return <HouseholdView household={household.data} me={session.data.user.id} />;
}
