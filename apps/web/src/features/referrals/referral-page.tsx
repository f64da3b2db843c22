import {
  Anchor,
  Button,
  CopyButton,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconBinaryTree, IconCheck, IconCopy, IconGift, IconMail, IconSend, IconShare } from '@tabler/icons-react';
import { isStaffRole, type ReferralDashboard } from '@taxportal/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../lib/session/index.ts';
import { formatDate, formatMoney } from '../../ui/format.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { showSuccessToast } from '../../ui/toast.tsx';
import { ToneBadge } from '../../ui/tone-badge.tsx';
import {
  useReferralDashboard,
  useReferralSettings,
  useSaveReferralSettings,
  useSendInvitation,
} from './referrals-api.ts';

/** '/referral': a customer's link (copy, share, e-mail), counts and first-level referrals; staff: the program. */
export function ReferralPage() {
  const session = useSession();
  const roles = session.data?.roles ?? [];
  const staff = roles.some(isStaffRole);
  if (session.isPending) return <PageLoader />;
  return staff ? <StaffReferralPage isAdmin={roles.includes('Admin')} /> : <CustomerReferralPage />;
}

function CustomerReferralPage() {
  const { t } = useTranslation();
  const dashboard = useReferralDashboard(true);
  if (!dashboard.data) return <PageLoader />;
  const d = dashboard.data;
  return (
    <Stack gap="lg" data-testid="referral-page">
      <PageTitle
        title={t('referrals.title')}
        subtitle={t('referrals.intro')}
        actions={
          <Button component={Link} to="/grid/me" variant="default" leftSection={<IconBinaryTree size={16} />}>
            {t('referrals.seeTree')}
          </Button>
        }
      />
      {d.reward && (
        <Paper withBorder p="md" data-testid="referral-reward">
          <Group gap="sm" wrap="nowrap">
            <IconGift size={20} aria-hidden />
            <Text size="sm">
              {t('referrals.rewardOffer', { amount: formatMoney(d.reward.amount_cents, d.reward.currency) })}
            </Text>
          </Group>
        </Paper>
      )}
      <ShareCard d={d} />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        {(['invited', 'registered', 'paying'] as const).map((k) => (
          <Paper key={k} withBorder shadow="xs" p="md" data-testid={`referral-count-${k}`}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              {t(`referrals.counts.${k}`)}
            </Text>
            <Text fz={28} fw={700} lh={1.2} mt={4}>
              {d.counts[k]}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <InviteCard />
      <SectionCard title={t('referrals.listTitle')} data-testid="referral-list">
        {d.referrals.length === 0 ? (
          <Text c="dimmed">{t('referrals.listEmpty')}</Text>
        ) : (
          <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {d.referrals.map((r) => (
              <Group
                key={r.id}
                component="li"
                justify="space-between"
                py="xs"
                style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
                data-testid="referral-row"
              >
                <div>
                  <Text fw={600}>{r.name}</Text>
                  <Text size="xs" c="dimmed">
                    {t('referrals.joined', { date: formatDate(r.joined_at) })}
                  </Text>
                </div>
                <ToneBadge tone={r.paying ? 'success' : 'neutral'}>
                  {r.paying ? t('referrals.paying') : t('referrals.registered')}
                </ToneBadge>
              </Group>
            ))}
          </Stack>
        )}
      </SectionCard>
    </Stack>
  );
}

function ShareCard({ d }: { d: ReferralDashboard }) {
  const { t } = useTranslation();
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const shareText = t('referrals.shareText');
  const share = () => {
    navigator.share({ title: t('referrals.shareTitle'), text: shareText, url: d.link }).catch(() => {
      // The person closed the share sheet: nothing to tell.
    });
  };
  const mailto = `mailto:?subject=${encodeURIComponent(t('referrals.mailSubject'))}&body=${encodeURIComponent(
    `${shareText}\n${d.link}`,
  )}`;
  return (
    <SectionCard title={t('referrals.linkTitle')} data-testid="referral-link-card">
      <TextInput
        label={t('referrals.linkLabel')}
        value={d.link}
        readOnly
        onFocus={(e) => e.currentTarget.select()}
        data-testid="referral-link"
      />
      <Text size="sm" c="dimmed">
        {t('referrals.codeLabel', { code: d.code })}
      </Text>
      <Group gap="sm">
        <CopyButton value={d.link} timeout={2500}>
          {({ copied, copy }) => (
            <Button
              onClick={copy}
              // The confirmation is the icon and the label, in the button's own colours: a teal "copied" shade
              // fell under 4.5:1 against white text in its hover shade (teal.8, 3.9:1), where the pointer stays.
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              data-testid="referral-copy"
            >
              {copied ? t('referrals.copied') : t('referrals.copy')}
            </Button>
          )}
        </CopyButton>
        {canShare && (
          <Button variant="default" onClick={share} leftSection={<IconShare size={16} />}>
            {t('referrals.share')}
          </Button>
        )}
        <Button component="a" href={mailto} variant="default" leftSection={<IconMail size={16} />}>
          {t('referrals.mail')}
        </Button>
      </Group>
    </SectionCard>
  );
}

function InviteCard() {
  const { t } = useTranslation();
  const send = useSendInvitation();
  const [email, setEmail] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) return;
    send.mutate(email.trim(), {
      onSuccess: () => {
        showSuccessToast(t('referrals.inviteSent'));
        setEmail('');
      },
    });
  };
  return (
    <SectionCard title={t('referrals.inviteTitle')} description={t('referrals.inviteHint')}>
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t('referrals.inviteLabel')}
            placeholder={t('referrals.invitePlaceholder')}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            style={{ flex: '1 1 220px' }}
          />
          <Button type="submit" loading={send.isPending} leftSection={<IconSend size={16} />}>
            {t('referrals.inviteButton')}
          </Button>
        </Group>
      </form>
    </SectionCard>
  );
}

function StaffReferralPage({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" data-testid="referral-page">
      <PageTitle title={t('referrals.staffTitle')} subtitle={t('referrals.staffIntro')} />
      <Group>
        <Button component={Link} to="/grid/all" leftSection={<IconBinaryTree size={16} />}>
          {t('referrals.seeWholeTree')}
        </Button>
      </Group>
      {isAdmin && <RewardSettings />}
    </Stack>
  );
}

/** Admin's reward rule: a credit in cents, entered as money; 0 switches rewards off. */
function RewardSettings() {
  const { t } = useTranslation();
  const settings = useReferralSettings(true);
  const save = useSaveReferralSettings();
  const [amount, setAmount] = useState<number | string | null>(null);
  if (!settings.data) return <PageLoader />;
  const s = settings.data;
  const value = amount ?? s.reward_cents / 100;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const cents = Math.round(Number(value) * 100);
    if (!Number.isFinite(cents)) return;
    save.mutate(
      { reward_cents: cents },
      {
        onSuccess: () => {
          setAmount(null);
          showSuccessToast(t('referrals.rewardSaved'));
        },
      },
    );
  };
  return (
    <SectionCard
      title={t('referrals.rewardTitle')}
      icon={IconGift}
      description={t('referrals.rewardDescription')}
      data-testid="referral-reward-settings"
    >
      <Text size="sm">
        {s.reward_cents > 0
          ? t('referrals.rewardOn', { amount: formatMoney(s.reward_cents, s.currency) })
          : t('referrals.rewardOff')}
      </Text>
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" gap="sm">
          <NumberInput
            label={t('referrals.rewardLabel', { currency: s.currency })}
            value={value}
            onChange={setAmount}
            min={0}
            max={1_000_000}
            decimalScale={2}
            fixedDecimalScale
            step={5}
            style={{ flex: '0 1 220px' }}
          />
          <Button type="submit" loading={save.isPending}>
            {t('referrals.rewardSave')}
          </Button>
        </Group>
      </form>
      <Anchor component={Link} to="/grid/all" size="sm">
        {t('referrals.seeWholeTree')}
      </Anchor>
    </SectionCard>
  );
}
