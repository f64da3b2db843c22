import {
  ActionIcon,
  Box,
  Button,
  Card,
  ColorInput,
  Fieldset,
  Group,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { imageUrlSchema, longTextSchema, richTextSchema, type SiteImage } from '@taxportal/contract';
import { createContext, use, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useText } from '../site-api.ts';
import { ImageSourceInput } from './media-library.tsx';
import {
  centsOfAmount,
  checkOf,
  def,
  emptyOf,
  isLocalized,
  rowTitleOf,
  shapeOf,
  unwrapped,
  type Checks,
  type Def,
} from './schema-reading.ts';
import { RichTextEditor } from './rich-text-editor.tsx';

/*
 * Forms drawn from the contract's zod schemas: each block type, each kind of content and the settings get their
 * inputs from the schema the server checks them with, so a new field in the contract shows up here by itself.
 * Only what the contract's site schemas use is drawn: objects, arrays, texts in every language ({en, es}), rich
 * text, strings, numbers, booleans, enums, nullable and defaulted values. A number whose key ends in `_cents` is
 * money: typed in dollars and cents, stored in whole cents. A row of a list is titled by its own first short text
 * (a plan's name), else by what one row is called and its position ("Plan 2").
 */

type Schema = z.ZodType;

/** Whether the Spanish version of every text is shown beside the English one. */
export const SpanishContext = createContext(false);

export function useFieldLabel() {
  const { t, i18n } = useTranslation();
  return (key: string) => {
    const k = `siteEditor.field.${key}`;
    return i18n.exists(k) ? t(k as 'siteEditor.field.title') : key;
  };
}

function useOptionLabel() {
  const { t, i18n } = useTranslation();
  return (value: string) => {
    const k = `siteEditor.option.${value}`;
    return i18n.exists(k) ? t(k as 'siteEditor.option.web') : value;
  };
}

export interface FieldProps {
  schema: Schema;
  value: unknown;
  onChange: (value: unknown) => void;
  /** The field's key in its object (labels come from it). */
  name: string;
  /** Where the field sits in the document, for test ids: `blocks.0.heading`. */
  path: string;
  label?: string;
  /** An object drawn inside a frame that already names it (a row's card): its fields without a legend of their own. */
  bare?: boolean;
  /** The currency of the object the field is in (its sibling `currency`), for money fields. */
  currency?: string | undefined;
}

const testIdOf = (path: string) => `field-${path}`;

function LocalizedField({ schema, value, onChange, name, path, label }: FieldProps) {
  const { t } = useTranslation();
  const spanish = use(SpanishContext);
  const v = (value ?? { en: '' }) as { en: string; es?: string };
  const set = (lang: 'en' | 'es', text: string) => {
    const next = { ...v, [lang]: text };
    if (lang === 'es' && !text) delete next.es;
    onChange(next);
  };
  const required =
    name !== '' &&
    (def(shapeOf(def(schema)).en!).checks as Checks | undefined)?.some(
      (c) => c._zod.def.check === 'min_length' && (c._zod.def.minimum ?? 0) > 0,
    );
  const input = (lang: 'en' | 'es') => {
    const l = lang === 'en' ? label! : t('siteEditor.spanishSuffix', { label });
    const text = (lang === 'en' ? v.en : v.es) ?? '';
    const id = `${testIdOf(path)}${lang === 'es' ? '-es' : ''}`;
    if (schema === richTextSchema)
      return <RichTextEditor key={lang} label={l} value={text} onChange={(h) => set(lang, h)} testId={id} />;
    if (schema === longTextSchema)
      return (
        <Textarea
          key={lang}
          label={l}
          value={text}
          autosize
          minRows={2}
          onChange={(e) => set(lang, e.currentTarget.value)}
          data-testid={id}
        />
      );
    return (
      <TextInput
        key={lang}
        label={l}
        value={text}
        withAsterisk={lang === 'en' && required}
        onChange={(e) => set(lang, e.currentTarget.value)}
        data-testid={id}
      />
    );
  };
  return (
    <Stack gap={4}>
      {input('en')}
      {spanish && input('es')}
    </Stack>
  );
}

/** What one row of a list is called ("Plan"), and its add button ("Add a plan"); the list's label otherwise. */
function useRowNames() {
  const { t, i18n } = useTranslation();
  return (name: string, label: string) => {
    const row = `siteEditor.row.${name}`;
    const add = `siteEditor.addRow.${name}`;
    return {
      row: i18n.exists(row) ? t(row as 'siteEditor.row.plans') : label,
      add: i18n.exists(add) ? t(add as 'siteEditor.addRow.plans') : t('siteEditor.addItem', { label }),
    };
  };
}

function ArrayField({ schema, value, onChange, name, path, label }: FieldProps) {
  const { t } = useTranslation();
  const text = useText();
  const names = useRowNames()(name, label ?? name);
  const d = def(schema);
  const element = d.element as Schema;
  const items = Array.isArray(value) ? value : [];
  const max = checkOf(d, 'max_length')?.maximum;
  const min = checkOf(d, 'min_length')?.minimum ?? 0;
  const set = (next: unknown[]) => onChange(next);
  const move = (i: number, by: number) => {
    const next = [...items];
    const [it] = next.splice(i, 1);
    next.splice(i + by, 0, it);
    set(next);
  };
  const scalar = !['object'].includes(def(unwrapped(element)).type) || isLocalized(def(unwrapped(element)));
  return (
    <Fieldset legend={label} data-testid={testIdOf(path)} p="sm">
      <Stack gap="sm">
        {items.map((item, i) => {
          const itemLabel =
            (scalar ? '' : rowTitleOf(element, item, text)) || t('siteEditor.item', { label: names.row, n: i + 1 });
          const controls = (
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                aria-label={`${t('siteEditor.moveUp')}: ${itemLabel}`}
                disabled={i === 0}
                onClick={() => move(i, -1)}
              >
                <IconArrowUp size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                aria-label={`${t('siteEditor.moveDown')}: ${itemLabel}`}
                disabled={i === items.length - 1}
                onClick={() => move(i, 1)}
              >
                <IconArrowDown size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`${t('siteEditor.removeItem')}: ${itemLabel}`}
                disabled={items.length <= min}
                onClick={() => set(items.filter((_, j) => j !== i))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          );
          const field = (
            <Field
              schema={element}
              value={item}
              onChange={(v) => set(items.map((x, j) => (j === i ? v : x)))}
              name={name}
              path={`${path}.${i}`}
              label={itemLabel}
              bare={!scalar}
            />
          );
          return scalar ? (
            <Group key={i} align="flex-end" wrap="nowrap" gap="xs">
              <div style={{ flex: 1, minWidth: 0 }}>{field}</div>
              {controls}
            </Group>
          ) : (
            <Card key={i} withBorder padding="sm">
              <Group justify="space-between" mb={4} wrap="nowrap">
                <Text size="sm" fw={600} truncate style={{ minWidth: 0 }} data-testid={`${testIdOf(path)}.${i}-title`}>
                  {itemLabel}
                </Text>
                {controls}
              </Group>
              {field}
            </Card>
          );
        })}
        {(max === undefined || items.length < max) && (
          <Group>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => set([...items, emptyOf(element)])}
              data-testid={`${testIdOf(path)}-add`}
            >
              {names.add}
            </Button>
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}

/** Keys drawn by the surrounding editor, never as inputs: a block's id and type; what the server fills in an image
 * from the media library. */
const HIDDEN = new Set(['id', 'media_id', 'width', 'height', 'srcset']);
/** An image (the contract's `imageSchema`, or one extended with a caption): recognised by its `src`. */
const isImage = (d: Def) => d.type === 'object' && shapeOf(d).src === imageUrlSchema;

export function ObjectFields({
  schema,
  value,
  onChange,
  path,
  overrides = {},
}: Omit<FieldProps, 'name' | 'label'> & { overrides?: Record<string, ReactNode> }) {
  const label = useFieldLabel();
  const obj = (value ?? {}) as Record<string, unknown>;
  return (
    <Stack gap="sm">
      {Object.entries(shapeOf(def(schema))).map(([key, s]) => {
        if (key in overrides) return <div key={key}>{overrides[key]}</div>;
        if (HIDDEN.has(key) || def(s).type === 'literal') return null;
        return (
          <Field
            key={key}
            schema={s}
            value={obj[key]}
            onChange={(v) => {
              const next = { ...obj };
              if (v === undefined) delete next[key];
              else next[key] = v;
              onChange(next);
            }}
            name={key}
            path={path ? `${path}.${key}` : key}
            label={label(key)}
            currency={typeof obj.currency === 'string' ? obj.currency : undefined}
          />
        );
      })}
    </Stack>
  );
}

/** One input (or group of inputs) for a value of the schema. */
export function Field(props: FieldProps) {
  const { t } = useTranslation();
  const option = useOptionLabel();
  const { schema, value, onChange, name, path, label } = props;
  const d = def(schema);
  const id = testIdOf(path);
  switch (d.type) {
    case 'default':
      return <Field {...props} schema={d.innerType as Schema} />;
    case 'pipe':
      return <Field {...props} schema={d.in as Schema} />;
    case 'optional': {
      const inner = d.innerType as Schema;
      return <Field {...props} schema={inner} value={value ?? emptyOf(unwrapped(inner))} />;
    }
    case 'nullable': {
      const inner = d.innerType as Schema;
      const on = value !== null && value !== undefined;
      return (
        <Stack gap={6}>
          <Switch
            label={t('siteEditor.include', { label })}
            checked={on}
            onChange={(e) => onChange(e.currentTarget.checked ? emptyOf(unwrapped(inner)) : null)}
            data-testid={`${id}-include`}
          />
          {on && <Field {...props} schema={inner} />}
        </Stack>
      );
    }
    case 'object': {
      if (isLocalized(d)) return <LocalizedField {...props} />;
      // In a row's card, the card's title names the object: a legend would say it again.
      const frame = (children: ReactNode) =>
        props.bare ? (
          <Box data-testid={id}>{children}</Box>
        ) : (
          <Fieldset legend={label} p="sm" data-testid={id}>
            {children}
          </Fieldset>
        );
      if (isImage(d))
        return frame(
          <ObjectFields
            schema={schema}
            value={value}
            onChange={onChange}
            path={path}
            overrides={{
              src: (
                <ImageSourceInput
                  value={value as Partial<SiteImage> | undefined}
                  onChange={onChange}
                  label={t('siteEditor.media.source')}
                  testId={`${id}.src`}
                />
              ),
            }}
          />,
        );
      return frame(<ObjectFields schema={schema} value={value} onChange={onChange} path={path} />);
    }
    case 'array':
      return <ArrayField {...props} />;
    case 'number':
      if (name.endsWith('_cents')) return <MoneyField {...props} />;
      return (
        <NumberInput
          label={label}
          value={typeof value === 'number' ? value : ''}
          onChange={(v) => onChange(typeof v === 'number' ? v : Number(v) || 0)}
          allowDecimal={false}
          data-testid={id}
        />
      );
    case 'boolean':
      return (
        <Switch
          label={label}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
          data-testid={id}
        />
      );
    case 'enum':
      return (
        <Select
          label={label}
          data={Object.values(d.entries as Record<string, string>).map((v) => ({ value: v, label: option(v) }))}
          value={typeof value === 'string' ? value : null}
          onChange={(v) => v !== null && onChange(v)}
          allowDeselect={false}
          data-testid={id}
        />
      );
    case 'literal':
      return null;
    case 'string':
    case 'union': {
      const text = typeof value === 'string' ? value : '';
      if (name === 'primary' || name === 'accent')
        return (
          <ColorInput
            label={label}
            value={text}
            onChange={onChange}
            format="hex"
            // The eyedropper is an icon button: named, for a screen reader (axe: button-name).
            eyeDropperButtonProps={{ 'aria-label': t('siteEditor.pickColour', { field: label }) }}
            data-testid={id}
          />
        );
      return (
        <TextInput label={label} value={text} onChange={(e) => onChange(e.currentTarget.value)} data-testid={id} />
      );
    }
    default:
      return null;
  }
}

/** The symbol an amount in a currency is written with ("$", "€"); "$" when the code is no currency. */
function currencySymbol(currency: string | undefined): string {
  try {
    const parts = new Intl.NumberFormat(undefined, {
      style: 'currency',
      currency: currency || 'USD',
      currencyDisplay: 'narrowSymbol',
    }).formatToParts(0);
    return parts.find((p) => p.type === 'currency')?.value ?? '$';
  } catch {
    return '$';
  }
}

/** Money: typed as an amount with cents ($1,234.56), kept in whole cents (123456) as the contract stores it. */
function MoneyField({ schema, value, onChange, path, label, currency }: FieldProps) {
  const d = def(schema);
  // A cleared field stores 0 (the contract wants a number) but stays empty while it is typed into, not "$0.00".
  const [cleared, setCleared] = useState(false);
  const bound = (check: string) => {
    const v = checkOf(d, check)?.value;
    return typeof v === 'number' ? v / 100 : undefined;
  };
  return (
    <NumberInput
      label={label}
      value={typeof value === 'number' && !(cleared && value === 0) ? value / 100 : ''}
      onChange={(v) => {
        const cents = centsOfAmount(v);
        setCleared(cents === null);
        onChange(cents ?? 0);
      }}
      prefix={currencySymbol(currency)}
      thousandSeparator=","
      decimalScale={2}
      fixedDecimalScale
      allowNegative={(bound('greater_than') ?? -1) < 0}
      min={bound('greater_than')}
      max={bound('less_than')}
      inputMode="decimal"
      data-testid={testIdOf(path)}
    />
  );
}
