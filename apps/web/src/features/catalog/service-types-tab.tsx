import { NumberInput, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ServiceType } from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ToneBadge } from '../../ui/tone-badge.tsx';
import { useCatalogList, useCatalogSave } from './catalog-api.ts';
import { CatalogTable, EditModal, saveWithErrors } from './catalog-table.tsx';

interface Values {
  name: string;
  description: string;
  show_in_website: boolean;
  position: number;
}

/** Service types (Item Group): name, description, shown on the website, order. */
export function ServiceTypesTab() {
  const { t } = useTranslation();
  const list = useCatalogList('service-types');
  const save = useCatalogSave('service-types');
  const [editing, setEditing] = useState<ServiceType | 'new' | null>(null);
  const form = useForm<Values>({
    initialValues: { name: '', description: '', show_in_website: true, position: 0 },
    validate: { name: (v) => (v.trim() ? null : t('catalog.nameRequired')) },
  });

  const open = (row: ServiceType | 'new') => {
    form.setValues(
      row === 'new'
        ? { name: '', description: '', show_in_website: true, position: list.data?.items.length ?? 0 }
        : {
            name: row.name,
            description: row.description,
            show_in_website: row.show_in_website,
            position: row.position,
          },
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
        testId="service-types"
        addLabel={t('catalog.addServiceType')}
        onAdd={() => open('new')}
        onEdit={open}
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
      <EditModal
        opened={editing !== null}
        title={editing === 'new' ? t('catalog.addServiceType') : t('catalog.editServiceType')}
        onClose={() => setEditing(null)}
        onSubmit={() => submit()}
        busy={save.isPending}
      >
        <Stack gap="sm">
          <TextInput label={t('catalog.name')} withAsterisk {...form.getInputProps('name')} />
          <Textarea label={t('catalog.description')} autosize minRows={2} {...form.getInputProps('description')} />
          <NumberInput label={t('catalog.position')} min={0} max={10000} {...form.getInputProps('position')} />
          <Switch label={t('catalog.onWebsite')} {...form.getInputProps('show_in_website', { type: 'checkbox' })} />
        </Stack>
      </EditModal>
    </>
  );
}
