import { NumberInput, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { TFunction } from 'i18next';

/** What document types and service types share in their dialogs: a name, a description, a place in the list. */
interface NamedEntry {
  name: string;
  description: string;
  position: number;
}

/** The shared fields of the edit dialog. */
export function NamedEntryFields<V extends NamedEntry>({ form, t }: { form: UseFormReturnType<V>; t: TFunction }) {
  return (
    <>
      <TextInput label={t('catalog.name')} withAsterisk {...form.getInputProps('name')} />
      <Textarea label={t('catalog.description')} autosize minRows={2} {...form.getInputProps('description')} />
      <NumberInput label={t('catalog.position')} min={0} max={10000} {...form.getInputProps('position')} />
    </>
  );
}
