import { Stack, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ToneBadge } from '../../ui/tone-badge.tsx';
import { useCatalogList } from './catalog-api.ts';
import { useCatalogEditor } from './catalog-editor.ts';
import { CatalogTable, EditModal } from './catalog-table.tsx';
import { NamedEntryFields } from './named-entry.tsx';

/** Service types (Item Group): name, description, shown on the website, order. */
export function ServiceTypesTab() {
  const { t } = useTranslation();
  const list = useCatalogList('service-types');
  const editor = useCatalogEditor('service-types', {
    initialValues: { name: '', description: '', show_in_website: true, position: 0 },
    validate: { name: (v) => (v.trim() ? null : t('catalog.nameRequired')) },
    valuesOf: (row) =>
      row === 'new'
        ? { name: '', description: '', show_in_website: true, position: list.data?.items.length ?? 0 }
        : {
            name: row.name,
            description: row.description,
            show_in_website: row.show_in_website,
            position: row.position,
          },
    titles: { add: t('catalog.addServiceType'), edit: t('catalog.editServiceType') },
  });
  const { form } = editor;

  return (
    <>
      <CatalogTable
        rows={list.data?.items}
        rowKey={(r) => r.id}
        testId="service-types"
        addLabel={t('catalog.addServiceType')}
        onAdd={() => editor.open('new')}
        onEdit={editor.open}
        columns={[
          { label: t('catalog.name'), render: (r) => r.name },
          { label: t('catalog.description'), render: (r) => r.description },
          {
            label: t('catalog.onWebsite'),
            render: (r) => (
              <ToneBadge tone={r.show_in_website ? 'success' : 'neutral'}>
                {r.show_in_website ? t('catalog.yes') : t('catalog.no')}
              </ToneBadge>
            ),
          },
          { label: t('catalog.position'), render: (r) => r.position },
        ]}
      />
      <EditModal {...editor.modal}>
        <Stack gap="sm">
          <NamedEntryFields form={form} t={t} />
          <Switch label={t('catalog.onWebsite')} {...form.getInputProps('show_in_website', { type: 'checkbox' })} />
        </Stack>
      </EditModal>
    </>
  );
}
