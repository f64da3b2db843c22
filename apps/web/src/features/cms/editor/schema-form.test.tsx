import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { faqBlockSchema, pricingPlansBlockSchema, siteSettingsSchema } from '@taxportal/contract';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { renderWithProviders } from '../../../test/render.tsx';
import { addEditorTexts } from './i18n.ts';
import { ObjectFields } from './schema-form.tsx';
import { centsOfAmount, rowTitleOf } from './schema-reading.ts';

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
function renderForm(schema: z.ZodType, initial: Record<string, unknown>) {
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
  renderWithProviders(<Form />);
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
