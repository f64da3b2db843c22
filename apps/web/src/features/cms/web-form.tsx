import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Checkbox,
  FileInput,
  Group,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { UPLOAD_ACCEPT, type FormField } from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/index.ts';
import { useSubmitWebForm, useText, useWebForm } from './site-api.ts';

type Value = string | boolean | File;
type Values = Record<string, Value>;

function FieldInput({
  field,
  value,
  onChange,
  error,
}: {
  field: FormField;
  value: Value | undefined;
  onChange: (v: Value) => void;
  error?: string | undefined;
}) {
  const text = useText();
  const { t } = useTranslation();
  const common = {
    label: text(field.label),
    required: field.required,
    error,
    description: field.help ? text(field.help) : undefined,
  };
  switch (field.type) {
    case 'checkbox':
      return (
        <Checkbox
          label={common.label}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
          error={error}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          data={field.options.map((o) => ({ value: o.value, label: text(o.label) }))}
          value={(value as string) || null}
          onChange={(v) => onChange(v ?? '')}
        />
      );
    case 'textarea':
      return (
        <Textarea
          {...common}
          autosize
          minRows={3}
          value={(value as string) ?? ''}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'file':
      return (
        <FileInput
          {...common}
          clearable
          accept={UPLOAD_ACCEPT.join(',')}
          placeholder={t('site.form.chooseFile')}
          value={value instanceof File ? value : null}
          onChange={(file) => onChange(file ?? '')}
        />
      );
    default: {
      const type = { email: 'email', phone: 'tel', number: 'number', date: 'date' }[field.type as string] ?? 'text';
      return (
        <TextInput
          {...common}
          type={type}
          value={(value as string) ?? ''}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    }
  }
}

/** A web form from its published definition, with its repeatable child rows (webform-child). */
export function WebForm({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const text = useText();
  const { data: form, isError } = useWebForm(slug);
  const submit = useSubmitWebForm(slug);
  const [startedAt] = useState(() => Date.now());
  const [values, setValues] = useState<Values>({});
  const [rows, setRows] = useState<Values[]>([]);
  if (isError) return <Alert color="gray">{t('site.notFound')}</Alert>;
  if (!form) return null;
  if (submit.isSuccess)
    return (
      <Alert color="green" title={submit.data.message} role="status" data-testid="web-form-sent">
        {text(form.success_message)}
      </Alert>
    );
  const errorOf = (path: string) => (isApiError(submit.error) ? submit.error.fieldMessage(path) : undefined);
  const group = form.child_group;
  return (
    <form
      data-testid="web-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        // Files go as parts of their own, named by their field's path; the answers carry none.
        const files: Record<string, File> = {};
        const answers = (row: Values, prefix: string) =>
          Object.fromEntries(
            Object.entries(row).map(([k, v]) => {
              if (!(v instanceof File)) return [k, v];
              files[`${prefix}.${k}`] = v;
              return [k, null];
            }),
          );
        const body = {
          values: answers(values, 'values'),
          rows: rows.map((r, i) => answers(r, `rows.${i}`)),
          started_at: startedAt,
        };
        submit.mutate({ body, files });
      }}
    >
      <Stack gap="sm">
        <Title order={2}>{text(form.title)}</Title>
        {text(form.description) && <Text>{text(form.description)}</Text>}
        {form.fields.map((f) => (
          <FieldInput
            key={f.name}
            field={f}
            value={values[f.name]}
            error={errorOf(`values.${f.name}`)}
            onChange={(v) => setValues((s) => ({ ...s, [f.name]: v }))}
          />
        ))}
        {group && (
          <Stack gap="xs">
            <Title order={3} size="h4">
              {text(group.label)}
            </Title>
            {rows.map((row, i) => (
              <Card key={i} withBorder padding="sm" data-testid="web-form-row">
                <Group align="flex-end" wrap="nowrap">
                  <Stack gap="xs" style={{ flex: 1 }}>
                    {group.fields.map((f) => (
                      <FieldInput
                        key={f.name}
                        field={f}
                        value={row[f.name]}
                        error={errorOf(`rows.${i}.${f.name}`)}
                        onChange={(v) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, [f.name]: v } : r)))}
                      />
                    ))}
                  </Stack>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('site.form.removeRow', { n: i + 1 })}
                    onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              </Card>
            ))}
            {rows.length < group.max_rows && (
              <Group>
                <Button
                  variant="light"
                  leftSection={<IconPlus size={16} />}
                  onClick={() => setRows((rs) => [...rs, {}])}
                >
                  {t('site.form.addRow')}
                </Button>
              </Group>
            )}
          </Stack>
        )}
        <Group>
          <Button type="submit" loading={submit.isPending}>
            {text(form.submit_label) || t('site.form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
