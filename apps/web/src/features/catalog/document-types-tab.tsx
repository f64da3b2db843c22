import { NumberInput, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { DocumentType } from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCatalogList, useCatalogSave } from './catalog-api.ts';
import { CatalogTable, EditModal, saveWithErrors } from './catalog-table.tsx';

interface Values {
  name: string;
  description: string;
  position: number;
}

/** Tax Document Types: what an uploaded document is (W-2, 1099-INT...). */
export function DocumentTypesTab() {
  const { t } = useTranslation();
  const list = useCatalogList('document-types');
  const save = useCatalogSave('document-types');
  const [editing, setEditing] = useState<DocumentType | 'new' | null>(null);
  const form = useForm<Values>({
    initialValues: { name: '', description: '', position: 0 },
    validate: { name: (v) => (v.trim() ? null : t('catalog.nameRequired')) },
  });

  const open = (row: DocumentType | 'new') => {
    form.setValues(
      row === 'new'
        ? { name: '', description: '', position: list.data?.items.length ?? 0 }
        : { name: row.name, description: row.description, position: row.position },
    );
    form.clearErrors();
    setEditing(row);
  };
  const submit = form.onSubmit(async (values) => {
    const ok = await saveWithErrors(
      form,
      () => save.mutateAsync({ key: editing === 'new' ? undefined : editing?.id, body: { ...values } }),
      { saved: t('catalog.saved') },
    );
    if (ok) setEditing(null);
  });

  return (
    <>
      <CatalogTable
        rows={list.data?.items}
        rowKey={(r) => r.id}
        testId="document-types"
        addLabel={t('catalog.addDocumentType')}
        onAdd={() => open('new')}
        onEdit={open}
        columns={[
          { label: t('catalog.name'), render: (r) => r.name },
          { label: t('catalog.description'), render: (r) => r.description },
          { label: t('catalog.position'), render: (r) => r.position },
        ]}
      />
      <EditModal
        opened={editing !== null}
        title={editing === 'new' ? t('catalog.addDocumentType') : t('catalog.editDocumentType')}
        onClose={() => setEditing(null)}
        onSubmit={() => submit()}
        busy={save.isPending}
      >
        <Stack gap="sm">
          <TextInput label={t('catalog.name')} withAsterisk {...form.getInputProps('name')} />
          <Textarea label={t('catalog.description')} autosize minRows={2} {...form.getInputProps('description')} />
          <NumberInput label={t('catalog.position')} min={0} max={10000} {...form.getInputProps('position')} />
        </Stack>
      </EditModal>
    </>
  );
}
