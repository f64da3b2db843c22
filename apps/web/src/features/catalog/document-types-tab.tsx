import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCatalogList } from './catalog-api.ts';
import { useCatalogEditor } from './catalog-editor.ts';
import { CatalogTable, EditModal } from './catalog-table.tsx';
import { NamedEntryFields } from './named-entry.tsx';

/** Tax Document Types: what an uploaded document is (W-2, 1099-INT...). */
export function DocumentTypesTab() {
  const { t } = useTranslation();
  const list = useCatalogList('document-types');
  const editor = useCatalogEditor('document-types', {
    initialValues: { name: '', description: '', position: 0 },
    validate: { name: (v) => (v.trim() ? null : t('catalog.nameRequired')) },
    valuesOf: (row) =>
      row === 'new'
        ? { name: '', description: '', position: list.data?.items.length ?? 0 }
        : { name: row.name, description: row.description, position: row.position },
    titles: { add: t('catalog.addDocumentType'), edit: t('catalog.editDocumentType') },
  });
  const { form } = editor;

  return (
    <>
      <CatalogTable
        rows={list.data?.items}
        rowKey={(r) => r.id}
        testId="document-types"
        addLabel={t('catalog.addDocumentType')}
        onAdd={() => editor.open('new')}
        onEdit={editor.open}
        columns={[
          { label: t('catalog.name'), render: (r) => r.name },
          { label: t('catalog.description'), render: (r) => r.description },
          { label: t('catalog.position'), render: (r) => r.position },
        ]}
      />
      <EditModal {...editor.modal}>
        <Stack gap="sm">
          <NamedEntryFields form={form} t={t} />
        </Stack>
      </EditModal>
    </>
  );
}
