import { Button, Checkbox, Group, NativeSelect, NumberInput, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import {
  DEFAULT_MAX_ITEMS,
  entryKey,
  localText,
  type AnswerValue,
  type FieldQuestion,
  type GroupItem,
  type GroupQuestion,
  type LocalText,
  type Question,
  type Scalar,
} from '@taxportal/contract';
import { useTranslation } from 'react-i18next';
import classes from './organizer-builder.module.css';

/** One question of the preview, answered with sample values as a client would (nothing is sent anywhere). */

type Answer = AnswerValue | undefined;
const textIn = (t: LocalText, language: string, fallback: string) => localText(t, language).trim() || fallback;
let entries = 0;

function FieldInput({
  q,
  value,
  onChange,
  language,
}: {
  q: FieldQuestion;
  value: Scalar | string[] | undefined;
  onChange: (v: Scalar | string[]) => void;
  language: string;
}) {
  const { t } = useTranslation();
  const label = textIn(q.label, language, q.id);
  const description = q.help ? localText(q.help, language) : undefined;
  const common = { label, description, withAsterisk: q.required !== false };
  switch (q.type) {
    case 'yes_no':
      return (
        <Radio.Group
          {...common}
          value={value === true ? 'yes' : value === false ? 'no' : ''}
          onChange={(v) => onChange(v === 'yes')}
        >
          <Group gap="md" mt={4}>
            <Radio value="yes" label={t('organizerBuilder.yes')} />
            <Radio value="no" label={t('organizerBuilder.no')} />
          </Group>
        </Radio.Group>
      );
    case 'choice':
      if (q.multiple)
        return (
          <Checkbox.Group {...common} value={Array.isArray(value) ? value : []} onChange={onChange}>
            <Stack gap={4} mt={4}>
              {q.options.map((o) => (
                <Checkbox key={o.value} value={o.value} label={textIn(o.label, language, o.value)} />
              ))}
            </Stack>
          </Checkbox.Group>
        );
      return (
        <NativeSelect
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.currentTarget.value || null)}
          data={[
            { value: '', label: t('organizerBuilder.preview.choose') },
            ...q.options.map((o) => ({ value: o.value, label: textIn(o.label, language, o.value) })),
          ]}
        />
      );
    case 'number':
    case 'money':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : ''}
          onChange={(v) => onChange(typeof v === 'number' ? v : null)}
          decimalScale={q.type === 'money' ? 2 : undefined}
          thousandSeparator=","
          // The question's rules, as the client's page holds them.
          min={q.min ?? (q.type === 'money' ? 0 : undefined)}
          max={q.max}
          clampBehavior="blur"
          allowDecimal={!(q.type === 'number' && q.integer)}
        />
      );
    case 'file':
      return (
        <Checkbox
          label={`${label}: ${t('organizerBuilder.preview.fileChosen')}`}
          checked={typeof value === 'string'}
          onChange={(e) => onChange(e.currentTarget.checked ? 'sample-document' : null)}
        />
      );
    default:
      if (q.type === 'text' && q.multiline && !q.format)
        return (
          <Textarea
            {...common}
            autosize
            minRows={2}
            value={typeof value === 'string' ? value : ''}
            onChange={(e) => onChange(e.currentTarget.value)}
          />
        );
      return (
        <TextInput
          {...common}
          type={q.type === 'date' ? 'date' : 'text'}
          placeholder={
            q.type === 'tax_id'
              ? '123-45-6789'
              : q.type === 'text' && q.format === 'routing_number'
                ? '021000021'
                : undefined
          }
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}

function GroupInput({
  g,
  value,
  onChange,
  shown,
  language,
}: {
  g: GroupQuestion;
  value: Answer;
  onChange: (v: GroupItem[]) => void;
  shown: ReadonlySet<string>;
  language: string;
}) {
  const { t } = useTranslation();
  const items = Array.isArray(value) ? (value as GroupItem[]).filter((x) => x && typeof x === 'object') : [];
  const max = g.max_items ?? DEFAULT_MAX_ITEMS;
  const label = textIn(g.label, language, g.id);
  const setItem = (id: string, field: string, v: Scalar | string[]) =>
    onChange(items.map((x) => (x.id === id ? { ...x, [field]: v } : x)));
  return (
    <fieldset className={classes.fieldset}>
      <legend className={classes.legend}>{label}</legend>
      <Stack gap="sm">
        {items.map((item, i) => {
          const name = g.item_label_field ? item[g.item_label_field] : null;
          const heading =
            t('organizerBuilder.preview.entry', { n: i + 1 }) +
            (typeof name === 'string' && name.trim() ? `: ${name}` : '');
          return (
            <fieldset key={item.id} className={classes.fieldset} data-testid="preview-entry">
              <legend className={classes.legend}>{heading}</legend>
              <Stack gap="xs">
                {g.fields
                  .filter((f) => shown.has(entryKey(g.id, item.id, f.id)))
                  .map((f) => (
                    <div key={f.id} data-testid={`preview-question-${g.id}.${f.id}`}>
                      <FieldInput
                        q={f}
                        value={item[f.id] as Scalar | string[] | undefined}
                        onChange={(v) => setItem(item.id, f.id, v)}
                        language={language}
                      />
                    </div>
                  ))}
                <Group>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    onClick={() => onChange(items.filter((x) => x.id !== item.id))}
                  >
                    {t('organizerBuilder.preview.removeEntry', { heading })}
                  </Button>
                </Group>
              </Stack>
            </fieldset>
          );
        })}
        <Group>
          <Button
            size="xs"
            variant="light"
            disabled={items.length >= max}
            onClick={() => onChange([...items, { id: `e${(entries += 1)}` }])}
            data-testid={`preview-add-entry-${g.id}`}
          >
            {t('organizerBuilder.preview.addEntry', { label })}
          </Button>
        </Group>
      </Stack>
    </fieldset>
  );
}

export function PreviewQuestion({
  q,
  value,
  onChange,
  shown,
  language,
}: {
  q: Question;
  value: Answer;
  onChange: (v: AnswerValue) => void;
  shown: ReadonlySet<string>;
  language: string;
}) {
  return (
    <div data-testid={`preview-question-${q.id}`}>
      {q.type === 'group' ? (
        <GroupInput g={q} value={value} onChange={onChange} shown={shown} language={language} />
      ) : (
        <FieldInput q={q} value={value as Scalar | string[] | undefined} onChange={onChange} language={language} />
      )}
    </div>
  );
}
