import { Checkbox, NumberInput, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { DOCUMENT_SECTIONS, type DocumentSection } from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../ui/format.ts';
import { ToneBadge } from '../../ui/tone-badge.tsx';
import { useCatalogList } from './catalog-api.ts';
import { useCatalogEditor } from './catalog-editor.ts';
import { CatalogTable, EditModal } from './catalog-table.tsx';

type Values = {
  service_type_id: string;
  name: string;
  description: string;
  /** Edited in currency units; sent as integer cents. */
  price: number | string;
  currency: string;
  active: boolean;
  document_sections: DocumentSection[];
};

/** A new service of a type: free, in dollars, active, asking for every section's documents. */
const blankService = (serviceTypeId: string): Values => ({
  service_type_id: serviceTypeId,
  name: '',
  description: '',
  price: 0,
  currency: 'USD',
  active: true,
  document_sections: [...DOCUMENT_SECTIONS],
});

/** Services (Item): each of a type, with its price. */
export function ServicesTab() {
  const { t } = useTranslation();
  const list = useCatalogList('services');
  const types = useCatalogList('service-types');
  const [typeFilter, setTypeFilter] = useState<string | null>(null);
  const editor = useCatalogEditor<'services', Values>('services', {
    initialValues: blankService(''),
    validate: {
      service_type_id: (v) => (v ? null : t('catalog.typeRequired')),
      name: (v) => (v.trim() ? null : t('catalog.nameRequired')),
      price: (v) => (typeof v === 'number' && v >= 0 ? null : t('catalog.priceRequired')),
      currency: (v) => (/^[A-Z]{3}$/.test(v) ? null : t('catalog.currencyInvalid')),
    },
    valuesOf: (row) =>
      row === 'new'
        ? blankService(typeFilter ?? '')
        : {
            service_type_id: row.service_type_id,
            name: row.name,
            description: row.description,
            price: row.price_cents / 100,
            currency: row.currency,
            active: row.active,
            document_sections: row.document_sections,
          },
    bodyOf: ({ price, ...values }) => ({ ...values, price_cents: Math.round(Number(price) * 100) }),
    titles: { add: t('catalog.addService'), edit: t('catalog.editService') },
  });
  const { form } = editor;
  const typeOptions = (types.data?.items ?? []).map((s) => ({ value: s.id, label: s.name }));
  const rows = list.data?.items.filter((s) => !typeFilter || s.service_type_id === typeFilter);

  return (
    <>
      <CatalogTable
        rows={rows}
        rowKey={(r) => r.id}
        testId="services"
        addLabel={t('catalog.addService')}
        onAdd={() => editor.open('new')}
        onEdit={editor.open}
        toolbar={
          <Select
            aria-label={t('catalog.filterType')}
            placeholder={t('catalog.allTypes')}
            clearable
            data={typeOptions}
            value={typeFilter}
            onChange={setTypeFilter}
            w={240}
          />
        }
        columns={[
          { label: t('catalog.name'), render: (r) => r.name },
          { label: t('catalog.serviceType'), render: (r) => r.service_type_name },
          { label: t('catalog.price'), render: (r) => formatMoney(r.price_cents, r.currency) },
          {
            label: t('catalog.active'),
            render: (r) => (
              <ToneBadge tone={r.active ? 'success' : 'neutral'}>
                {r.active ? t('catalog.yes') : t('catalog.no')}
              </ToneBadge>
            ),
          },
        ]}
      />
      <EditModal {...editor.modal}>
        <Stack gap="sm">
          <Select
            label={t('catalog.serviceType')}
            withAsterisk
            data={typeOptions}
            {...form.getInputProps('service_type_id')}
            data-testid="service-type-field"
          />
          <TextInput label={t('catalog.name')} withAsterisk {...form.getInputProps('name')} />
          <Textarea label={t('catalog.description')} autosize minRows={2} {...form.getInputProps('description')} />
          <NumberInput
            label={t('catalog.price')}
            withAsterisk
            min={0}
            decimalScale={2}
            fixedDecimalScale
            thousandSeparator=","
            {...form.getInputProps('price')}
          />
          <TextInput label={t('catalog.currency')} maxLength={3} {...form.getInputProps('currency')} />
          <Checkbox.Group
            label={t('catalog.documentSections')}
            description={t('catalog.documentSectionsHint')}
            {...form.getInputProps('document_sections')}
          >
            <Stack gap={6} mt={6}>
              {DOCUMENT_SECTIONS.map((s) => (
                <Checkbox key={s} value={s} label={t(`catalog.documentSection.${s}`)} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Switch label={t('catalog.active')} {...form.getInputProps('active', { type: 'checkbox' })} />
        </Stack>
      </EditModal>
    </>
  );
}
