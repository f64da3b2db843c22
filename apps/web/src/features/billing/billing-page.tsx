import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLogin, IconReceipt } from '@tabler/icons-react';
import { isStaffRole } from '@taxportal/contract';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { signInThenReturn, useSession } from '../../lib/session/index.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { useInvoiceList } from './billing-api.ts';
import { InvoiceDetail } from './invoice-detail.tsx';
import { InvoiceResults } from './invoice-results.tsx';

// The chart (recharts) is for staff only: customers never download it.
const StaffBilling = lazy(() => import('./staff-billing.tsx').then((m) => ({ default: m.StaffBilling })));

/** SPEC lists /billing as public: a signed-out visitor is asked to sign in, and comes back here after it. */
function SignInPrompt() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <Paper withBorder shadow="xs" p="xl" maw={520} mx="auto" mt="xl" data-testid="billing-sign-in">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconReceipt size={32} aria-hidden />
        </ThemeIcon>
        <Title order={1} size="h3">
          {t('billing.title')}
        </Title>
        <Text c="dimmed">{t('billing.signInPrompt')}</Text>
        <Button
          component={Link}
          to={signInThenReturn(pathname + search)}
          leftSection={<IconLogin size={18} aria-hidden />}
        >
          {t('billing.signIn')}
        </Button>
      </Stack>
    </Paper>
  );
}

function CustomerBilling() {
  const { t } = useTranslation();
  const list = useInvoiceList({});
  return <InvoiceResults list={list} isStaff={false} empty={t('billing.emptyCustomer')} />;
}

/** /billing (the caller's invoices, or every invoice for staff) and /billing/:id (one invoice). */
export function BillingPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const session = useSession();
  if (session.isPending) return <PageLoader />;
  if (!session.data) return <SignInPrompt />;
  if (id) return <InvoiceDetail key={id} id={id} session={session.data} />;
  const isStaff = isStaffRole(session.data.login_role);
  return (
    <Stack gap="lg" data-testid="billing-page">
      <PageTitle title={t('billing.title')} subtitle={isStaff ? t('billing.staffIntro') : t('billing.customerIntro')} />
      {isStaff ? (
        <Suspense fallback={<PageLoader />}>
          <StaffBilling />
        </Suspense>
      ) : (
        <CustomerBilling />
      )}
    </Stack>
  );
}
