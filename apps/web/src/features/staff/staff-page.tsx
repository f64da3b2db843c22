import { Alert, Anchor, Badge, Button, Center, Group, List, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMailForward, IconSearch, IconUserCog } from '@tabler/icons-react';
import { STAFF_ROLES, type StaffMember } from '@taxportal/contract';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../lib/session/index.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { ForbiddenNotice } from '../../ui/forbidden-notice.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { showSuccessToast } from '../../ui/toast.tsx';
import { loadSigningSettingsCard } from '../signing/index.ts';
import { useResetFactors, useSetSiteEditor, useSiteEditors, useStaff, useUpdateStaff } from './staff-api.ts';
import { InviteModal, RolesModal, type StaffRole } from './staff-dialogs.tsx';
import { PendingInvitations } from './staff-invitations.tsx';
import { MemberRow } from './staff-member-row.tsx';

const SigningSettingsCard = lazy(() => loadSigningSettingsCard().then((m) => ({ default: m.SigningSettingsCard })));

/**
 * /admin/staff: Admin lists staff, invites by e-mail with roles (and resends or revokes a pending invitation),
 * changes roles, deactivates, and resets a person's second factors (a lost phone: docs/decisions/0019-a).
 */
export function StaffPage() {
  const { t } = useTranslation();
  const { data: session } = useSession();
  const isAdmin = !!session?.roles.includes('Admin');
  const [query, setQuery] = useState('');
  const [role, setRole] = useState<StaffRole | null>(null);
  const [searched] = useDebouncedValue(query.trim(), 250);
  const list = useStaff(isAdmin, searched, role);
  const update = useUpdateStaff();
  const editors = useSiteEditors(isAdmin);
  const setEditor = useSetSiteEditor();
  const editorIds = new Set((editors.data?.items ?? []).map((e) => e.user_id));
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<StaffMember | null>(null);
  const [deactivating, setDeactivating] = useState<StaffMember | null>(null);
  const resetFactors = useResetFactors();
  const [resetting, setResetting] = useState<StaffMember | null>(null);
  const [leftOver, setLeftOver] = useState<{
    name: string;
    tickets: { id: string; name: string; status: string }[];
  } | null>(null);
  if (!session) return <PageLoader />;
  if (!isAdmin) return <ForbiddenNotice />;
  if (!list.data) return <PageLoader />;
  const deactivate = () => {
    if (!deactivating) return;
    const name = deactivating.full_name;
    update.mutate(
      { id: deactivating.id, body: { active: false } },
      {
        onSuccess: (res) => {
          setDeactivating(null);
          showSuccessToast(t('staff.deactivatedToast', { name }));
          setLeftOver(res.open_tickets.length ? { name, tickets: res.open_tickets } : null);
        },
      },
    );
  };
  const members = list.data.pages.flatMap((p) => p.items);
  const { total, invitations } = list.data.pages[0]!;
  const reset = () => {
    if (!resetting) return;
    const name = resetting.full_name;
    resetFactors.mutate(resetting.id, {
      onSuccess: () => {
        setResetting(null);
        showSuccessToast(t('staff.resetFactorsDone', { name }));
      },
    });
  };
  return (
    <Stack gap="lg" maw={960}>
      <PageTitle
        title={t('staff.title')}
        subtitle={t('staff.subtitle')}
        actions={
          <Button
            leftSection={<IconMailForward size={16} />}
            onClick={() => setInviting(true)}
            data-testid="invite-staff"
          >
            {t('staff.invite')}
          </Button>
        }
      />
      {leftOver && (
        <Alert
          color="yellow"
          variant="light"
          title={t('staff.reassignTitle', { name: leftOver.name })}
          withCloseButton
          onClose={() => setLeftOver(null)}
          data-testid="reassign-tickets"
        >
          <List size="sm">
            {leftOver.tickets.map((x) => (
              <List.Item key={x.id}>
                <Anchor component={Link} to={`/form/message/${encodeURIComponent(x.name)}`}>
                  {x.name}
                </Anchor>{' '}
                · {x.status}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      <SectionCard
        title={t('staff.members')}
        icon={IconUserCog}
        badge={
          <Badge variant="light" data-testid="staff-total">
            {total}
          </Badge>
        }
      >
        <Stack gap="xs">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              style={{ flex: '3 1 220px' }}
              aria-label={t('staff.search')}
              placeholder={t('staff.searchPlaceholder')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={query}
              onChange={(e) => setQuery(e.currentTarget.value)}
              data-testid="staff-search"
            />
            <Select
              style={{ flex: '1 1 180px' }}
              aria-label={t('staff.roleFilter')}
              placeholder={t('staff.allRoles')}
              data={STAFF_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
              value={role}
              onChange={(v) => setRole(v as StaffRole | null)}
              clearable
              data-testid="staff-role-filter"
            />
          </Group>
          {members.length === 0 && (
            <Text c="dimmed" ta="center" py="md" data-testid="staff-no-match">
              {t('staff.noMatch')}
            </Text>
          )}
          {members.map((m) => (
            <MemberRow
              key={m.id}
              m={m}
              isMe={m.id === session.user.id}
              onRoles={() => setEditing(m)}
              siteEditor={editorIds.has(m.id)}
              onSiteEditor={(editor) => setEditor.mutate({ userId: m.id, editor })}
              onDeactivate={() => setDeactivating(m)}
              onResetFactors={() => setResetting(m)}
              onReactivate={() =>
                update.mutate(
                  { id: m.id, body: { active: true } },
                  { onSuccess: () => showSuccessToast(t('staff.reactivated')) },
                )
              }
            />
          ))}
          {list.hasNextPage && (
            <Center>
              <Button
                variant="default"
                loading={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
                data-testid="staff-load-more"
              >
                {t('common.loadMore')}
              </Button>
            </Center>
          )}
        </Stack>
      </SectionCard>
      <PendingInvitations invitations={invitations} />
      <Suspense fallback={null}>
        <SigningSettingsCard />
      </Suspense>
      <InviteModal opened={inviting} onClose={() => setInviting(false)} />
      <RolesModal member={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={!!deactivating}
        label={t('staff.deactivate')}
        message={t('staff.confirmDeactivate', { name: deactivating?.full_name ?? '' })}
        busy={update.isPending}
        onCancel={() => setDeactivating(null)}
        onConfirm={deactivate}
        testId="confirm-deactivate"
      />
      <ConfirmDialog
        opened={!!resetting}
        label={t('staff.resetFactors')}
        message={t('staff.resetFactorsQuestion', { name: resetting?.full_name ?? '' })}
        details={
          <List size="sm" mt="sm" spacing={4}>
            <List.Item>{t('staff.resetFactorsRemoved')}</List.Item>
            <List.Item>{t('staff.resetFactorsSessions')}</List.Item>
            <List.Item>{t('staff.resetFactorsNext')}</List.Item>
          </List>
        }
        confirmLabel={t('staff.resetFactors')}
        danger
        busy={resetFactors.isPending}
        onCancel={() => setResetting(null)}
        onConfirm={reset}
        testId="confirm-reset-factors"
      />
    </Stack>
  );
}
