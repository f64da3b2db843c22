import { Box, ColorInput, Fieldset, NumberInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import { imageUrlSchema, type SiteImage } from '@taxportal/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageSourceInput } from './media-library.tsx';
import { LocalizedField, MoneyField } from './schema-form-inputs.tsx';
import { ArrayField } from './schema-form-rows.tsx';
import { testIdOf, type FieldProps, type Schema } from './schema-form-shared.ts';
import { def, emptyOf, isLocalized, shapeOf, unwrapped, type Def } from './schema-reading.ts';

/*
 * Forms drawn from the contract's zod schemas: each block type, each kind of content and the settings get their
 * inputs from the schema the server checks them with, so a new field in the contract shows up here by itself.
 * Only what the contract's site schemas use is drawn: objects, arrays, texts in every language ({en, es}), rich
 * text, strings, numbers, booleans, enums, nullable and defaulted values. A number whose key ends in `_cents` is
 * money: typed in dollars and cents, stored in whole cents. A row of a list is titled by its own first short text
 * (a plan's name), else by what one row is called and its position ("Plan 2").
 * This module is the form: an object's fields and the choice of input for each value. Texts in every language and
 * money are drawn by schema-form-inputs.tsx, a list's rows by schema-form-rows.tsx.
 */

// The editor sets it (entry-editor.tsx); it lives with the fields' props so that the inputs read it from there.
export { SpanishContext } from './schema-form-shared.ts';

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
      return <ArrayField {...props} Field={Field} />;
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
