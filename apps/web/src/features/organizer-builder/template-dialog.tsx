import { Button, Group, Modal, NativeSelect, Radio, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isApiError } from '../../lib/api/index.ts';
import { showErrorToast } from '../../ui/toast.tsx';
import { useCatalogChoices, type TemplateFields } from './organizers-api.ts';

/** What a new organizer starts from: nothing, or a copy of the standard questionnaire (STANDARD_ORGANIZER). */
export type TemplateStart = 'empty' | 'standard';

/**
 * A template's name, service (or any) and tax year (or any): for a new organizer (`offerStart`: and what it starts
 * from), and to change them later. The server's word on a field shows under it.
 */
export function TemplateDialog({
  opened,
  title,
  submitLabel,
  initial,
  offerStart = false,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  title: string;
  submitLabel: string;
  initial: TemplateFields;
  offerStart?: boolean;
  onClose: () => void;
  onSubmit: (fields: TemplateFields, start: TemplateStart) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const { services, years } = useCatalogChoices();
  const [values, setValues] = useState(initial);
  const [start, setStart] = useState<TemplateStart>('empty');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<keyof TemplateFields, string>>>({});
  // Opened again: what it shows starts from what it was given.
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) {
      setValues(initial);
      setStart('empty');
      setErrors({});
    }
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const name = values.name.trim();
    if (!name) return setErrors({ name: t('organizerBuilder.template.nameRequired') });
    setBusy(true);
    try {
      await onSubmit({ ...values, name }, start);
    } catch (err) {
      if (isApiError(err) && err.errors.length) {
        setErrors({
          name: err.fieldMessage('name'),
          service_id: err.fieldMessage('service_id'),
          tax_year: err.fieldMessage('tax_year'),
        });
      } else showErrorToast(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const yearOptions = [...years].sort((a, b) => b.year - a.year).map((y) => String(y.year));
  if (values.tax_year !== null && !yearOptions.includes(String(values.tax_year)))
    yearOptions.unshift(String(values.tax_year));

  return (
    <Modal opened={opened} onClose={onClose} title={title} centered radius="md">
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="template-form">
        <Stack gap="sm">
          <TextInput
            label={t('organizerBuilder.template.name')}
            withAsterisk
            maxLength={120}
            value={values.name}
            error={errors.name}
            onChange={(e) => setValues({ ...values, name: e.currentTarget.value })}
            data-autofocus
            data-testid="template-name"
          />
          <NativeSelect
            label={t('organizerBuilder.template.service')}
            value={values.service_id ?? ''}
            error={errors.service_id}
            onChange={(e) => setValues({ ...values, service_id: e.currentTarget.value || null })}
            data={[
              { value: '', label: t('organizerBuilder.template.anyService') },
              ...services.map((s) => ({
                value: s.id,
                label: s.active ? s.name : t('organizerBuilder.template.inactive', { name: s.name }),
              })),
            ]}
            data-testid="template-service"
          />
          <NativeSelect
            label={t('organizerBuilder.template.year')}
            value={values.tax_year === null ? '' : String(values.tax_year)}
            error={errors.tax_year}
            onChange={(e) =>
              setValues({ ...values, tax_year: e.currentTarget.value ? Number(e.currentTarget.value) : null })
            }
            data={[{ value: '', label: t('organizerBuilder.template.anyYear') }, ...yearOptions]}
            data-testid="template-year"
          />
          {offerStart && (
            <Radio.Group
              label={t('organizerBuilder.template.startFrom')}
              value={start}
              onChange={(v) => setStart(v as TemplateStart)}
              data-testid="template-start"
            >
              <Stack gap={6} mt={6}>
                <Radio value="empty" label={t('organizerBuilder.template.startEmpty')} />
                <Radio
                  value="standard"
                  label={t('organizerBuilder.template.startStandard')}
                  description={t('organizerBuilder.template.startStandardHint')}
                  data-testid="template-start-standard"
                />
              </Stack>
            </Radio.Group>
          )}
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('organizerBuilder.cancel')}
            </Button>
            <Button type="submit" loading={busy} data-testid="template-submit">
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
