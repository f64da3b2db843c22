import { Stack, Tabs } from '@mantine/core';
import { IconBell, IconDatabase, IconHome, IconId, IconShieldLock } from '@tabler/icons-react';
import { isStaffRole } from '@taxportal/contract';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { signInThenReturn, useSession } from '../../lib/session/index.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { ChangePasswordModal } from '../auth/index.ts';
import { loadDependentsSection } from '../household-dependents/index.ts';
import { loadHouseholdSection } from '../households/index.ts';
import { DataSection } from './data-section.tsx';
import { DetailsSection } from './details-section.tsx';
import { NotificationsSection } from './notifications-section.tsx';
import { useProfile } from './profile-api.ts';
import { SecuritySection } from './security-section.tsx';

const TABS = ['details', 'household', 'notifications', 'security', 'data'] as const;
type Tab = (typeof TABS)[number];
const ICONS = {
  details: IconId,
  household: IconHome,
  notifications: IconBell,
  security: IconShieldLock,
  data: IconDatabase,
} as const;
/** A customer's household (issue 32 item 5): their spouse, and the dependents both keep once. Staff have none. */
const CUSTOMER_TABS: readonly Tab[] = ['household'];

const DependentsSection = lazy(() => loadDependentsSection().then((m) => ({ default: m.DependentsSection })));
const HouseholdSection = lazy(() => loadHouseholdSection().then((m) => ({ default: m.HouseholdSection })));

/**
 * /my-profile/{tab}: SPEC §2 keeps the route and its optional ids; the first names the tab (details by default).
 * A signed-out visitor is sent to sign in and back here after it (the route itself is not guarded, as in SPEC).
 */
export function ProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id_1 } = useParams();
  const { data: session, isPending } = useSession();
  const { pathname, search } = useLocation();
  const profile = useProfile(!!session);
  const [changingPassword, setChangingPassword] = useState(false);
  if (isPending) return <PageLoader />;
  if (!session) return <Navigate to={signInThenReturn(pathname + search)} replace />;
  if (!profile.data) return <PageLoader />;
  const isCustomer = !session.roles.some(isStaffRole);
  const tabs = TABS.filter((k) => isCustomer || !CUSTOMER_TABS.includes(k));
  const tab: Tab = tabs.includes(id_1 as Tab) ? (id_1 as Tab) : 'details';
  return (
    <Stack gap="lg" maw={880}>
      <PageTitle title={t('profile.title')} subtitle={profile.data.email} />
      <Tabs
        value={tab}
        onChange={(v) => v && navigate(v === 'details' ? '/my-profile' : `/my-profile/${v}`)}
        keepMounted={false}
      >
        {/* The tabs wrap on a phone rather than scroll: a tab off-screen with no hint was never found (issue 29). */}
        <Tabs.List>
          {tabs.map((k) => {
            const Icon = ICONS[k];
            return (
              <Tabs.Tab key={k} value={k} leftSection={<Icon size={16} />} data-testid={`profile-tab-${k}`}>
                {t(`profile.tab.${k}`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        <Tabs.Panel value="details" pt="lg">
          <DetailsSection profile={profile.data} onChangePassword={() => setChangingPassword(true)} />
        </Tabs.Panel>
        {isCustomer && (
          <Tabs.Panel value="household" pt="lg">
            <Suspense fallback={<PageLoader />}>
              <Stack gap="lg">
                <HouseholdSection />
                <DependentsSection />
              </Stack>
            </Suspense>
          </Tabs.Panel>
        )}
        <Tabs.Panel value="notifications" pt="lg">
          <NotificationsSection roles={session.roles} />
        </Tabs.Panel>
        <Tabs.Panel value="security" pt="lg">
          <SecuritySection isCustomer={isCustomer} />
        </Tabs.Panel>
        <Tabs.Panel value="data" pt="lg">
          <DataSection isCustomer={isCustomer} />
        </Tabs.Panel>
      </Tabs>
      <ChangePasswordModal opened={changingPassword} onClose={() => setChangingPassword(false)} />
    </Stack>
  );
}
