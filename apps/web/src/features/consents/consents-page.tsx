import { Alert, Stack, Text } from '@mantine/core';
import { isStaffRole } from '@taxportal/contract';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session/index.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { useConsents } from './consents-api.ts';
import { ConsentList } from './consent-list.tsx';
import { addConsentsTexts } from './i18n.ts';

addConsentsTexts();

/** /consents: a client's own consents (to read, sign, revoke); staff all clients' (docs/decisions/0034). */
export function ConsentsPage() {
  const { t } = useTranslation();
  const { data: session } = useSession();
  const list = useConsents();
  if (!session || list.isPending) return <PageLoader />;
  if (list.isError) return <Alert color="gray">{list.error.message}</Alert>;
  const staff = isStaffRole(session.login_role);
  return (
    <Stack gap="lg">
      <PageTitle title={t('consents.title')} />
      <Text size="sm" data-testid="consents-intro">
        {staff ? t('consents.introStaff') : t('consents.introCustomer')}
      </Text>
      <ConsentList items={list.data.items} showClient={staff} />
    </Stack>
  );
}
