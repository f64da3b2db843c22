import { Stack, Tabs } from '@mantine/core';
import { hasAnyRole } from '@taxportal/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../lib/session/index.ts';
import { ForbiddenNotice } from '../../ui/forbidden-notice.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { DocumentTypesTab } from './document-types-tab.tsx';
import { ServiceTypesTab } from './service-types-tab.tsx';
import { ServicesTab } from './services-tab.tsx';
import { YearsTab } from './years-tab.tsx';

const TABS = ['service-types', 'services', 'years', 'document-types'] as const;
type Tab = (typeof TABS)[number];

/** /admin/catalog (Admin): service types, services with prices, tax years and document types. */
export function CatalogAdminPage() {
  const { t } = useTranslation();
  const { data: session } = useSession();
  const [params, setParams] = useSearchParams();
  if (!session) return <PageLoader />;
  if (!hasAnyRole(session.roles, ['Admin'])) return <ForbiddenNotice />;
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'service-types';

  return (
    <Stack gap="lg">
      <PageTitle title={t('catalog.title')} subtitle={t('catalog.intro')} />
      <Tabs
        value={tab}
        onChange={(v) => setParams({ tab: v ?? 'service-types' }, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          <Tabs.Tab value="service-types">{t('catalog.serviceTypes')}</Tabs.Tab>
          <Tabs.Tab value="services">{t('catalog.services')}</Tabs.Tab>
          <Tabs.Tab value="years">{t('catalog.years')}</Tabs.Tab>
          <Tabs.Tab value="document-types">{t('catalog.documentTypes')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="service-types" pt="md">
          <ServiceTypesTab />
        </Tabs.Panel>
        <Tabs.Panel value="services" pt="md">
          <ServicesTab />
        </Tabs.Panel>
        <Tabs.Panel value="years" pt="md">
          <YearsTab />
        </Tabs.Panel>
        <Tabs.Panel value="document-types" pt="md">
          <DocumentTypesTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
