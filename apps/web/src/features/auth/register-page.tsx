import { Box, Card, List, Paper, SimpleGrid, Stack, Tabs, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconLogin2, IconUserPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { lazyComponent } from '../../lib/lazy-component.ts';
import { useReturnPath, useSession } from '../../lib/session/index.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { useFirmBrand } from '../cms/index.ts';
import { CreateAccountForm } from './create-account-form.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { SignInForm } from './sign-in-form.tsx';
import classes from './register-page.module.css';
import type * as Social from './social-sign-in.tsx';

type Tab = 'sign-in' | 'create';

// Phone and social sign-in's steps load when asked for: the page's first load stays within its budget.
const PhoneSignIn = lazy(() => import('./phone-sign-in.tsx').then((m) => ({ default: m.PhoneSignIn })));
const LinkAccountPanel = lazy(() => import('./link-account-panel.tsx').then((m) => ({ default: m.LinkAccountPanel })));
const VerifyPhonePanel = lazy(() => import('./verify-phone-panel.tsx').then((m) => ({ default: m.VerifyPhonePanel })));
// The phone and social buttons are on the page the server draws, so they are loaded with the page, before it
// hydrates (index.ts's loadRegisterPage): a React.lazy part would hydrate later than the rest, and a press on its
// button in between (held by public/boot.js, or made just after) would be lost.
const loadAlternatives = () => import('./social-sign-in.tsx');
const SignInAlternatives = lazyComponent<ComponentProps<typeof Social.SignInAlternatives>>(() =>
  loadAlternatives().then((m) => ({ default: m.SignInAlternatives })),
);
const SocialOutcome = lazyComponent<object>(() => loadAlternatives().then((m) => ({ default: m.SocialOutcome })));
/** Loads the parts the page draws at once (see above). */
export const preloadRegisterParts = (): Promise<unknown> =>
  Promise.all([SignInAlternatives.preload(), SocialOutcome.preload()]);

/** '/register': sign in and create account side by side as tabs; '?tab=create' opens the second. */
export function RegisterPage() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // '?forgot=1' (a dead invitation link's way forward) opens on the form that mails a reset link.
  const [forgot, setForgot] = useState(() => params.get('forgot') === '1');
  // The firm's name, as its website publishes it (issue 29: the welcome said "Tax Portal"); the portal's until then.
  const firm = useFirmBrand()?.name ?? t('app.name');
  const [byPhone, setByPhone] = useState(false);
  // A referral link (?ref=CODE) opens on Create account, and keeps its code when the tabs change.
  const ref = params.get('ref');
  // Where the visitor was going (a guarded page, a plan's service): kept across the tabs, gone to afterwards.
  const next = useReturnPath();
  const tab: Tab = params.get('tab') === 'create' || (ref && params.get('tab') !== 'sign-in') ? 'create' : 'sign-in';
  // After registration: prove the phone (verify-phone-panel.tsx); a social sign-in waiting for a password.
  // A state, not the URL: the session arrives before a navigation would (react-router's are transitions).
  const [registering, setRegistering] = useState(false);
  const verifyingPhone = registering || params.get('step') === 'verify-phone';
  const linking = params.get('social') === 'link';

  if (session.isPending) return <PageLoader />;
  if (session.data && !verifyingPhone) return <Navigate to={next ?? '/dashboard'} replace />;

  const selectTab = (value: string | null) => {
    setForgot(false);
    setByPhone(false);
    const query: Record<string, string> =
      value === 'create' ? { tab: 'create' } : ref || next ? { tab: 'sign-in' } : {};
    if (ref) query.ref = ref;
    if (next) query.next = next;
    setParams(query, { replace: true });
  };

  return (
    <Box className={classes.wrap}>
      <Paper className={classes.panel} shadow="md" withBorder>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={0}>
          <Box className={classes.aside} visibleFrom="md">
            <Stack gap="lg">
              <Title order={2} c="white">
                {t('auth.welcomeTitle', { firm })}
              </Title>
              <Text c="brand.0" size="md">
                {t('auth.welcomeText')}
              </Text>
              <List
                spacing="sm"
                c="white"
                icon={
                  <ThemeIcon size={22} radius="xl" color="white" variant="white">
                    <IconCheck size={14} color="var(--mantine-color-brand-7)" />
                  </ThemeIcon>
                }
              >
                <List.Item>{t('common.offer.requestTitle')}</List.Item>
                <List.Item>{t('common.offer.vaultTitle')}</List.Item>
                <List.Item>{t('common.offer.billingTitle')}</List.Item>
              </List>
            </Stack>
          </Box>
          <Card className={classes.forms} shadow="none" withBorder={false} radius={0}>
            <Title order={1} className={classes.srOnly}>
              {t('auth.welcomeTitle', { firm })}
            </Title>
            {session.data && verifyingPhone ? (
              <Suspense fallback={<PageLoader />}>
                <VerifyPhonePanel phone={session.data.user.phone ?? ''} onDone={() => navigate(next ?? '/dashboard')} />
              </Suspense>
            ) : linking ? (
              <Suspense fallback={<PageLoader />}>
                <LinkAccountPanel onCancel={() => setParams({}, { replace: true })} />
              </Suspense>
            ) : (
              <Tabs
                value={tab}
                onChange={selectTab}
                variant="pills"
                radius="md"
                // Both forms are on the rendered page, the other one hidden: a tap on the other tab before the app
                // has loaded is answered at once by the page itself (public/boot.js), and what is typed is kept.
                keepMounted
                keepMountedMode="display-none" // (React's Activity would leave the hidden one out of the rendered page)
                classNames={{ tab: classes.tab, tabLabel: classes.tabLabel }}
              >
                <Tabs.List grow mb="lg" className={classes.tabs}>
                  <Tabs.Tab value="sign-in" leftSection={<IconLogin2 size={16} />}>
                    {t('auth.signInTab')}
                  </Tabs.Tab>
                  <Tabs.Tab value="create" leftSection={<IconUserPlus size={16} />}>
                    {t('auth.createAccountTab')}
                  </Tabs.Tab>
                </Tabs.List>
                <Tabs.Panel value="sign-in">
                  <Title order={2} size="h3" mb="md">
                    {forgot ? t('auth.forgotTitle') : t('auth.signInTitle')}
                  </Title>
                  <Suspense fallback={null}>
                    <SocialOutcome />
                  </Suspense>
                  {forgot ? (
                    <ForgotPasswordForm onBack={() => setForgot(false)} />
                  ) : byPhone ? (
                    <Suspense fallback={<PageLoader />}>
                      <PhoneSignIn onBack={() => setByPhone(false)} />
                    </Suspense>
                  ) : (
                    <>
                      <SignInForm onForgotPassword={() => setForgot(true)} />
                      <Suspense fallback={null}>
                        <SignInAlternatives onPhone={() => setByPhone(true)} />
                      </Suspense>
                    </>
                  )}
                </Tabs.Panel>
                <Tabs.Panel value="create">
                  <Title order={2} size="h3" mb="md">
                    {t('auth.createAccountTitle')}
                  </Title>
                  <CreateAccountForm onRegistering={() => setRegistering(true)} />
                </Tabs.Panel>
              </Tabs>
            )}
          </Card>
        </SimpleGrid>
      </Paper>
    </Box>
  );
}
