import { useForm, type FormValidateInput } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCatalogSave, type CatalogResource, type CatalogResources } from './catalog-api.ts';
import { saveWithErrors } from './catalog-table.tsx';

/** The catalogue lists edited in a dialog: each row has an `id` (years are switched in place instead). */
type EditedResource = Exclude<CatalogResource, 'years'>;

export interface CatalogEditorOptions<R extends EditedResource, V extends Record<string, unknown>> {
  initialValues: V;
  validate: FormValidateInput<V>;
  /** The form's values for a new entry or for an existing row. */
  valuesOf: (row: CatalogResources[R] | 'new') => V;
  /** What is sent; the values as they are unless a field needs converting (a price to cents). */
  bodyOf?: (values: V) => Record<string, unknown>;
  titles: { add: string; edit: string };
}

/**
 * The add/edit pattern the catalogue's tabs share: a form, the row being edited ('new' for an addition), a
 * save that puts the server's field errors on the form's fields and closes on success. A tab keeps its
 * fields and columns: it renders `<EditModal {...editor.modal}>` around its inputs bound to `editor.form`.
 */
export function useCatalogEditor<R extends EditedResource, V extends Record<string, unknown>>(
  resource: R,
  options: CatalogEditorOptions<R, V>,
) {
  const { t } = useTranslation();
  const save = useCatalogSave(resource);
  const [editing, setEditing] = useState<CatalogResources[R] | 'new' | null>(null);
  const form = useForm<V>({ initialValues: options.initialValues, validate: options.validate });

  const open = (row: CatalogResources[R] | 'new') => {
    form.setValues(options.valuesOf(row));
    form.clearErrors();
    setEditing(row);
  };
  const submit = form.onSubmit(async (values) => {
    const body = options.bodyOf ? options.bodyOf(values) : { ...values };
    const ok = await saveWithErrors(
      form,
      () => save.mutateAsync({ key: editing === 'new' ? undefined : editing?.id, body }),
      { saved: t('catalog.saved'), failed: t('common.somethingWentWrong') },
    );
    if (ok) setEditing(null);
  });

  return {
    form,
    open,
    modal: {
      opened: editing !== null,
      title: editing === 'new' ? options.titles.add : options.titles.edit,
      onClose: () => setEditing(null),
      onSubmit: () => submit(),
      busy: save.isPending,
    },
  };
}
