import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Contact } from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomerSearch } from './create-ticket-api.ts';

export interface CustomerPickerProps {
  value: Contact | null;
  onChange: (contact: Contact | null) => void;
  error?: string | undefined;
}

/** Staff pick the customer a ticket is for; the list is searched on the server as they type. */
export function CustomerPicker({ value, onChange, error }: CustomerPickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const query = debounced === value?.full_name ? '' : debounced;
  const { data, isFetching } = useCustomerSearch(query.trim(), true);

  const found = data?.items ?? [];
  const contacts = value && !found.some((c) => c.id === value.id) ? [value, ...found] : found;
  const options = contacts.map((c) => ({ value: c.id, label: `${c.full_name} · ${c.email}` }));

  return (
    <Select
      label={t('createTicket.customer')}
      placeholder={t('createTicket.customerPlaceholder')}
      description={t('createTicket.customerHint')}
      searchable
      clearable
      withAsterisk
      data={options}
      value={value?.id ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered; do not filter its answer again by the label.
      filter={({ options: all }) => all}
      nothingFoundMessage={isFetching ? t('app.loading') : t('createTicket.noCustomer')}
      onChange={(id) => onChange(contacts.find((c) => c.id === id) ?? null)}
      error={error}
      data-testid="customer-picker"
    />
  );
}
