import { Badge, NumberInput, Textarea, TextInput } from '@mantine/core';
import { longTextSchema, richTextSchema } from '@taxportal/contract';
import { use, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichTextEditor } from './rich-text-editor.tsx';
import classes from './editor.module.css';
import { lacksSpanish, SpanishContext, testIdOf, type FieldProps } from './schema-form-shared.ts';
import { centsOfAmount, checkOf, def, shapeOf, type Checks } from './schema-reading.ts';

/*
 * The schema form's inputs that are more than one Mantine input (schema-form.tsx draws the others): a text in
 * every language ({en, es}: short, long or rich, English and Spanish side by side), and money, typed in dollars and
 * cents and stored in whole cents.
 */

/**
 * A text in every language: its English, and with the Spanish side shown (the editor's switch) its Spanish beside it,
 * in two columns where the form is wide enough, stacked English first where it is not (a phone, a narrow card). A
 * text whose English is written and whose Spanish is not is marked "No Spanish yet": a badge under its Spanish
 * input, which describes that input (read with it by a screen reader).
 */
export function LocalizedField({ schema, value, onChange, name, path, label }: FieldProps) {
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
  const missing = spanish && lacksSpanish(v);
  const note = missing ? (
    <Badge
      component="span"
      size="xs"
      color="orange"
      variant="light"
      className={classes.noSpanish}
      data-testid={`${testIdOf(path)}-no-spanish`}
    >
      {t('siteEditor.noSpanish')}
    </Badge>
  ) : undefined;
  const input = (lang: 'en' | 'es') => {
    const l = lang === 'en' ? label! : t('siteEditor.spanishSuffix', { label });
    const text = (lang === 'en' ? v.en : v.es) ?? '';
    const id = `${testIdOf(path)}${lang === 'es' ? '-es' : ''}`;
    const described = lang === 'es' ? note : undefined;
    // The note under the input, so that the English and Spanish inputs stay level side by side.
    const order = ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[];
    if (schema === richTextSchema)
      return (
        <RichTextEditor
          key={lang}
          label={l}
          value={text}
          onChange={(h) => set(lang, h)}
          testId={id}
          description={described}
        />
      );
    if (schema === longTextSchema)
      return (
        <Textarea
          key={lang}
          label={l}
          value={text}
          autosize
          minRows={2}
          onChange={(e) => set(lang, e.currentTarget.value)}
          description={described}
          inputWrapperOrder={order}
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
        description={described}
        inputWrapperOrder={order}
        data-testid={id}
      />
    );
  };
  if (!spanish) return input('en');
  return (
    <div className={classes.pairBox}>
      <div className={classes.pair} data-testid={`${testIdOf(path)}-languages`}>
        {input('en')}
        {input('es')}
      </div>
    </div>
  );
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
export function MoneyField({ schema, value, onChange, path, label, currency }: FieldProps) {
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
