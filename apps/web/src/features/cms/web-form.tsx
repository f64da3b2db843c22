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
import { UPLOAD_ACCEPT, type FormField, type MySubmission } from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/index.ts';
import { SentNotice } from './sent-notice.tsx';
import { useEditMySubmission, useSubmitWebForm, useText, useWebForm } from './site-api.ts';
import { addSitePageTexts } from './site-texts.ts';

addSitePageTexts();

/** A file already sent with a submission being edited: kept by naming its id (docs/decisions/0021-c). */
type StoredFile = { storedId: string; name: string };
type Value = string | boolean | File | StoredFile;
type Values = Record<string, Value>;
const isStored = (v: Value | undefined): v is StoredFile => typeof v === 'object' && v !== null && 'storedId' in v;

/** A stored submission's answers as the form's inputs hold them; a file field holds the file sent with it. */
function prefill(submission: MySubmission) {
  const fileAt = (path: string): Value => {
    const f = submission.files.find((x) => x.field === path);
    return f ? { storedId: f.id, name: f.file_name } : '';
  };
  const toInputs = (answers: Record<string, string | number | boolean | null>, prefix: string): Values =>
    Object.fromEntries(
      Object.entries(answers).map(([k, v]) => {
        const file = fileAt(`${prefix}.${k}`);
        if (file) return [k, file];
        return [k, typeof v === 'boolean' ? v : v === null ? '' : String(v)];
      }),
    );
  return {
    values: toInputs(submission.values, 'values'),
    rows: submission.rows.map((r, i) => toInputs(r, `rows.${i}`)),
  };
}

/** An edit sends no new file: a file field shows the file it keeps, which the visitor may remove. */
function StoredFileField({ field, value, onChange, error }: FieldProps) {
  const text = useText();
  const { t } = useTranslation();
  const label = text(field.label);
  return (
    <Stack gap={4} role="group" aria-label={label}>
      <Text size="sm" fw={700}>
        {label}
      </Text>
      {isStored(value) ? (
        <Group gap="xs">
          <Text size="sm">{value.name}</Text>
          <Button variant="subtle" color="red" size="compact-sm" onClick={() => onChange('')}>
            {t('site.form.removeFile', { name: value.name })}
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {t('site.form.noFileInEdit')}
        </Text>
      )}
      {error && (
        <Text size="xs" c="red">
          {error}
        </Text>
      )}
    </Stack>
  );
}

type FieldProps = {
  field: FormField;
  value: Value | undefined;
  onChange: (v: Value) => void;
  error?: string | undefined;
};

function FieldInput({ field, value, onChange, error, editing }: FieldProps & { editing: boolean }) {
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
      if (editing) return <StoredFileField field={field} value={value} onChange={onChange} error={error} />;
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

/**
 * A web form from its published definition, with its repeatable child rows (webform-child). With `edit`, the
 * signed-in sender's own submission prefilled (edit-webformchild): it sends the answers again, the files it keeps
 * by id, and hands the saved submission to `onSaved`.
 */
export function WebForm({
  slug,
  edit,
}: {
  slug: string;
  edit?: { submission: MySubmission; onSaved: (saved: MySubmission) => void; onCancel: () => void };
}) {
  const { t } = useTranslation();
  const text = useText();
  const { data: form, isError } = useWebForm(slug);
  const submit = useSubmitWebForm(slug);
  const save = useEditMySubmission(edit?.submission.id ?? '');
  const [startedAt] = useState(() => Date.now());
  const [initial] = useState(() => (edit ? prefill(edit.submission) : { values: {}, rows: [] }));
  const [values, setValues] = useState<Values>(initial.values);
  const [rows, setRows] = useState<Values[]>(initial.rows);
  const editing = edit !== undefined;
  const sent = editing ? save : submit;
  if (isError) return <Alert color="gray">{t('site.notFound')}</Alert>;
  if (!form) return null;
  if (submit.isSuccess)
    return (
      <SentNotice title={submit.data.message} testId="web-form-sent">
        {text(form.success_message)}
      </SentNotice>
    );
  const errorOf = (path: string) => (isApiError(sent.error) ? sent.error.fieldMessage(path) : undefined);
  const group = form.child_group;
  return (
    <form
      data-testid="web-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        // Files go as parts of their own, named by their field's path; the answers carry none.
        const files: Record<string, File> = {};
        // Only the form's fields as published now: an edited submission may hold answers to fields since removed.
        const answers = (row: Values, prefix: string, fields = prefix === 'values' ? form.fields : group?.fields) =>
          Object.fromEntries(
            Object.entries(row)
              .filter(([k]) => fields?.some((f) => f.name === k))
              .map(([k, v]) => {
                if (isStored(v)) return [k, v.storedId];
                if (!(v instanceof File)) return [k, v];
                files[`${prefix}.${k}`] = v;
                return [k, null];
              }),
          );
        if (edit) {
          const body = { values: answers(values, 'values'), rows: rows.map((r, i) => answers(r, `rows.${i}`)) };
          save.mutate(body, { onSuccess: edit.onSaved });
          return;
        }
        const body = {
          values: answers(values, 'values'),
          rows: rows.map((r, i) => answers(r, `rows.${i}`)),
          started_at: startedAt,
        };
        submit.mutate({ body, files });
      }}
    >
      <Stack gap="sm">
        <Title order={2}>
          {editing ? t('sitePages.mine.editTitle', { form: text(form.title) }) : text(form.title)}
        </Title>
        {text(form.description) && <Text>{text(form.description)}</Text>}
        {form.fields.map((f) => (
          <FieldInput
            key={f.name}
            field={f}
            value={values[f.name]}
            editing={editing}
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
                        editing={editing}
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
        {isApiError(sent.error) && sent.error.status === 409 && (
          <Alert color="orange" role="alert">
            {sent.error.detail}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={sent.isPending}>
            {editing ? t('sitePages.mine.save') : text(form.submit_label) || t('site.form.submit')}
          </Button>
          {edit && (
            <Button variant="default" onClick={edit.onCancel}>
              {t('sitePages.mine.cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
