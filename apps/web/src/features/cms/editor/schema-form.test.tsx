import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  categoryDataSchema,
  faqBlockSchema,
  pageDataSchema,
  postDataSchema,
  pricingPlansBlockSchema,
  siteSettingsSchema,
} from '@taxportal/contract';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { renderWithProviders } from '../../../test/render.tsx';
import { EntryEditor, type EntryActions } from './entry-editor.tsx';
import type { EntryData } from './editor-api.ts';
import { addEditorTexts } from './i18n.ts';
import { ObjectFields } from './schema-form.tsx';
import { countMissingSpanish, hasSpanish, SpanishContext } from './schema-form-shared.ts';
import { centsOfAmount, firstIssue, rowTitleOf } from './schema-reading.ts';

beforeAll(addEditorTexts);

const plan = (name: string, price_cents: number) =>
  ({
    name: { en: name },
    price_cents,
    currency: 'USD',
    period: 'year',
    features: [],
    highlighted: false,
    cta: null,
  }) as const;

/** The form of a schema over a value it keeps, like the editor; `latest()` is the value as the form last set it. */
function renderForm(schema: z.ZodType, initial: Record<string, unknown>, { spanish = false } = {}) {
  let latest = initial;
  function Form() {
    const [value, setValue] = useState(initial);
    return (
      <ObjectFields
        schema={schema}
        value={value}
        onChange={(v) => {
          latest = v as Record<string, unknown>;
          setValue(latest);
        }}
        path="blocks.0"
      />
    );
  }
  renderWithProviders(
    <SpanishContext value={spanish}>
      <Form />
    </SpanishContext>,
  );
  return () => latest;
}

const pricing = (plans: ReturnType<typeof plan>[]) => ({
  id: 'b-1',
  type: 'pricing_plans',
  heading: { en: 'Prices' },
  plans,
});

describe("the site editor's money fields (issue 29 item 13.1)", () => {
  it('asks for a price in dollars and cents, not in cents, and shows the stored cents as money', () => {
    renderForm(pricingPlansBlockSchema, pricing([plan('Basic', 19_900)]));
    const price = screen.getByTestId('field-blocks.0.plans.0.price_cents');
    expect(price).toHaveAccessibleName('Price');
    expect(screen.queryByText(/cents/i)).toBeNull();
    expect(price).toHaveValue('$199.00');
  });

  it('stores what is typed as whole cents, exactly (199.99 → 19999, 1,234.56 → 123456)', async () => {
    const user = userEvent.setup();
    const latest = renderForm(pricingPlansBlockSchema, pricing([plan('Basic', 0)]));
    const price = screen.getByTestId('field-blocks.0.plans.0.price_cents');
    const priceOf = () => (latest().plans as { price_cents: number }[])[0]!.price_cents;

    await user.clear(price);
    await user.type(price, '199.99');
    expect(priceOf()).toBe(19_999);

    await user.clear(price);
    await user.type(price, '1234.56');
    expect(priceOf()).toBe(123_456);
    expect(price).toHaveValue('$1,234.56');

    await user.clear(price);
    await user.type(price, '0.29');
    expect(priceOf()).toBe(29);
  });

  it('converts amounts to cents without floating-point drift', () => {
    expect(centsOfAmount(199.99)).toBe(19_999);
    expect(centsOfAmount(0.29)).toBe(29); // 0.29 * 100 is 28.999999999999996
    expect(centsOfAmount(1_000_000)).toBe(100_000_000);
    expect(centsOfAmount('1,234.5')).toBe(123_450);
    expect(centsOfAmount('19.')).toBe(1_900);
    expect(centsOfAmount('')).toBeNull();
    expect(centsOfAmount('abc')).toBeNull();
  });
});

describe("the site editor's rows of a list (issue 29 item 13.2)", () => {
  it('titles each plan by its name, and a plan without one as "Plan" and its position, once', () => {
    renderForm(pricingPlansBlockSchema, pricing([plan('Basic', 9_900), plan('', 19_900), plan('Premium', 29_900)]));
    const plans = screen.getByTestId('field-blocks.0.plans');
    expect(within(plans).getByTestId('field-blocks.0.plans.0-title')).toHaveTextContent(/^Basic$/);
    expect(within(plans).getByTestId('field-blocks.0.plans.1-title')).toHaveTextContent(/^Plan 2$/);
    expect(within(plans).getByTestId('field-blocks.0.plans.2-title')).toHaveTextContent(/^Premium$/);
    // Before: "Plans 1" in the row's card and again as the legend of its fields.
    expect(within(plans).queryByText(/Plans \d/)).toBeNull();
    expect(within(plans).getAllByText('Plan 2')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Move up: Premium' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Add a plan' })).toBeInTheDocument();
  });

  it("follows the row's name as it is typed", async () => {
    const user = userEvent.setup();
    renderForm(pricingPlansBlockSchema, pricing([plan('Basic', 9_900), plan('', 19_900)]));
    await user.type(screen.getByTestId('field-blocks.0.plans.1.name'), 'Family');
    expect(screen.getByTestId('field-blocks.0.plans.1-title')).toHaveTextContent(/^Family$/);
  });

  it("titles FAQ items by their question and menu entries by their label, in the editor's language", () => {
    const faq = faqBlockSchema.parse({
      id: 'b-2',
      type: 'faq',
      heading: { en: 'Questions' },
      items: [{ question: { en: 'Do I need an appointment?', es: '¿Necesito cita?' }, answer: { en: 'No.' } }],
    });
    const english = (t: { en: string; es?: string | undefined }) => t.en;
    const spanish = (t: { en: string; es?: string | undefined }) => t.es || t.en;
    const item = faqBlockSchema.shape.items.element;
    expect(rowTitleOf(item, faq.items[0], english)).toBe('Do I need an appointment?');
    expect(rowTitleOf(item, faq.items[0], spanish)).toBe('¿Necesito cita?');
    const entry = siteSettingsSchema.shape.header_menu.element;
    expect(rowTitleOf(entry, { label: { en: 'Services' }, href: '/p/services', children: [] }, english)).toBe(
      'Services',
    );
    // A social link has no text of its own (a network and an address): its row is "Social link n".
    const social = siteSettingsSchema.shape.social_links.element;
    expect(rowTitleOf(social, { network: 'x', url: 'https://x.example/firm' }, english)).toBe('');
  });
});

const faq = (heading: { en: string; es?: string }, items: { question: object; answer: object }[]) => ({
  id: 'b-3',
  type: 'faq',
  heading,
  items,
});

describe("the site editor's Spanish side (issue 31 item 5)", () => {
  it('draws each text in English and Spanish together, English first, and marks the ones with no Spanish', () => {
    renderForm(
      faqBlockSchema,
      faq({ en: 'Questions' }, [
        { question: { en: 'Do I need an appointment?', es: '¿Necesito cita?' }, answer: { en: 'No.' } },
        { question: { en: '' }, answer: { en: '' } },
      ]),
      { spanish: true },
    );
    // English then Spanish, in one pair: two columns on a desk, stacked English first on a phone (editor.module.css).
    const pair = screen.getByTestId('field-blocks.0.heading-languages');
    expect([...pair.querySelectorAll('input')].map((i) => i.dataset.testid)).toEqual([
      'field-blocks.0.heading',
      'field-blocks.0.heading-es',
    ]);
    expect(screen.getByTestId('field-blocks.0.heading-es')).toHaveAccessibleName('Heading (Spanish)');

    // Marked, and the mark is read with the Spanish input: English written, Spanish empty.
    expect(screen.getByTestId('field-blocks.0.heading-es')).toHaveAccessibleDescription('No Spanish yet');
    expect(screen.getByTestId('field-blocks.0.items.0.answer-es')).toHaveAccessibleDescription('No Spanish yet');
    // Not marked: Spanish written; nothing written in English yet.
    expect(screen.getByTestId('field-blocks.0.items.0.question-es')).toHaveAccessibleDescription('');
    expect(screen.getByTestId('field-blocks.0.items.1.question-es')).toHaveAccessibleDescription('');
    expect(screen.getByTestId('field-blocks.0.items.1.answer-es')).toHaveAccessibleDescription('');
    expect(screen.getAllByText('No Spanish yet')).toHaveLength(2);
  });

  it('takes the mark off as the Spanish is written, and puts it on as the English is', async () => {
    const user = userEvent.setup();
    const latest = renderForm(
      faqBlockSchema,
      faq({ en: 'Questions' }, [{ question: { en: '' }, answer: { en: '' } }]),
      { spanish: true },
    );
    await user.type(screen.getByTestId('field-blocks.0.heading-es'), 'Preguntas');
    expect(screen.getByTestId('field-blocks.0.heading-es')).toHaveAccessibleDescription('');
    expect(latest().heading).toEqual({ en: 'Questions', es: 'Preguntas' });

    await user.type(screen.getByTestId('field-blocks.0.items.0.question'), 'Can I file online?');
    expect(screen.getByTestId('field-blocks.0.items.0.question-es')).toHaveAccessibleDescription('No Spanish yet');
    expect(screen.getAllByText('No Spanish yet')).toHaveLength(1);
  });

  it('marks rich text with no Spanish too, beside its English', () => {
    renderForm(
      postDataSchema,
      { slug: 'news', title: { en: 'News', es: 'Noticias' }, excerpt: { en: '' }, body: { en: '<p>Hello</p>' } },
      { spanish: true },
    );
    const pair = screen.getByTestId('field-blocks.0.body-languages');
    expect(within(pair).getAllByRole('textbox')).toHaveLength(2);
    const [english, spanish] = within(pair).getAllByRole('textbox');
    expect(english).toHaveAccessibleName('Body');
    expect(english).toHaveAccessibleDescription('');
    expect(spanish).toHaveAccessibleName('Body (Spanish)');
    expect(spanish).toHaveAccessibleDescription('No Spanish yet');
    expect(screen.getByTestId('field-blocks.0.title-es')).toHaveAccessibleDescription('');
  });

  it("follows a rich text's Spanish set from outside (a restored revision): marked once it is gone", async () => {
    const user = userEvent.setup();
    const body = { en: '<p>Hello</p>', es: '<p>Hola</p>' };
    function Restorable() {
      const [value, setValue] = useState<Record<string, unknown>>({ slug: 'news', title: { en: 'News' }, body });
      return (
        <SpanishContext value>
          <ObjectFields schema={postDataSchema} value={value} onChange={(v) => setValue(v as typeof value)} path="p" />
          <button onClick={() => setValue({ ...value, body: { en: body.en } })}>Restore</button>
        </SpanishContext>
      );
    }
    renderWithProviders(<Restorable />);
    const spanish = () => within(screen.getByTestId('field-p.body-languages')).getAllByRole('textbox')[1]!;
    expect(spanish()).toHaveAccessibleDescription('');
    expect(spanish()).not.toHaveAttribute('aria-describedby');
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    expect(spanish()).toHaveAccessibleDescription('No Spanish yet');
  });

  it('shows only the English, unmarked, with the Spanish side off', () => {
    renderForm(faqBlockSchema, faq({ en: 'Questions' }, [{ question: { en: 'Q' }, answer: { en: 'A' } }]));
    expect(screen.getByTestId('field-blocks.0.heading')).toBeInTheDocument();
    expect(screen.queryByTestId('field-blocks.0.heading-es')).toBeNull();
    expect(screen.queryByText('No Spanish yet')).toBeNull();
  });

  it("counts the texts with English and no Spanish, however deep, rich text's bare markup as nothing", () => {
    const page = {
      route: 'services',
      variant: 'web',
      title: { en: 'Services', es: 'Servicios' },
      description: { en: 'What we do' },
      blocks: [
        { id: 'b-1', type: 'rich_text', html: { en: '<p>Individual returns</p>', es: '<p></p>' } },
        faq({ en: '' }, [{ question: { en: 'Q', es: '¿P?' }, answer: { en: 'A', es: '  ' } }]),
        { id: 'b-4', type: 'rich_text', html: { en: '<p></p>' } },
      ],
    };
    expect(countMissingSpanish(page)).toBe(3);
    expect(hasSpanish(page)).toBe(true);
    expect(hasSpanish({ title: { en: 'Services' }, blocks: [] })).toBe(false);
    // Publishing needs no Spanish: a page without any is valid as it is.
    expect(firstIssue(pageDataSchema, { ...page, title: { en: 'Services' } })).toBeNull();
  });
});

describe("the site editor's count of texts with no Spanish (issue 31 item 5)", () => {
  const actions: EntryActions = {
    save: () => Promise.reject(new Error('not here')),
    publish: () => Promise.reject(new Error('not here')),
    busy: false,
  };
  const category = (name: { en: string; es?: string }, description: { en: string; es?: string }): EntryData => ({
    slug: 'individual',
    name,
    description,
    parent: null,
  });
  const renderEntry = (initial: EntryData) =>
    renderWithProviders(
      <EntryEditor
        kind="categories"
        schema={categoryDataSchema as unknown as z.ZodType}
        entry={null}
        initial={initial}
        actions={actions}
      />,
    );

  it('says how many texts lack Spanish, and keeps the Spanish side off for an entry with none', async () => {
    const user = userEvent.setup();
    renderEntry(category({ en: 'Individual returns' }, { en: 'Form 1040 and its schedules' }));
    expect(screen.getByTestId('spanish-missing')).toHaveTextContent(/^2 texts have no Spanish yet$/);
    expect(screen.getByRole('status')).toHaveTextContent('2 texts have no Spanish yet');
    expect(screen.getByRole('switch', { name: 'Show Spanish fields' })).not.toBeChecked();
    expect(screen.queryByTestId('field-name-es')).toBeNull();

    await user.click(screen.getByRole('switch', { name: 'Show Spanish fields' }));
    expect(screen.getByTestId('field-name-es')).toHaveAccessibleDescription('No Spanish yet');
    await user.type(screen.getByTestId('field-name-es'), 'Declaraciones individuales');
    expect(screen.getByTestId('spanish-missing')).toHaveTextContent(/^1 text has no Spanish yet$/);
  });

  it('shows the Spanish side by itself for an entry with any Spanish, and says when every text has it', async () => {
    const user = userEvent.setup();
    renderEntry(category({ en: 'Individual returns', es: 'Declaraciones individuales' }, { en: 'Form 1040' }));
    expect(screen.getByRole('switch', { name: 'Show Spanish fields' })).toBeChecked();
    expect(screen.getByTestId('field-name-es')).toHaveValue('Declaraciones individuales');
    expect(screen.getByTestId('spanish-missing')).toHaveTextContent(/^1 text has no Spanish yet$/);

    await user.type(screen.getByTestId('field-description-es'), 'Formulario 1040');
    expect(screen.getByTestId('spanish-missing')).toHaveTextContent(/^Every text has its Spanish$/);
    expect(screen.queryByText('No Spanish yet')).toBeNull();
  });

  it('counts nothing for an entry with nothing written yet', () => {
    renderEntry(category({ en: '' }, { en: '' }));
    expect(screen.getByTestId('spanish-missing')).toHaveTextContent(/^$/);
  });
});
