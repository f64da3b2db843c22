import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { RequestDocumentsModal } from './requests-form.tsx';

const types = ['W-2', '1099-INT', '1099-K', 'K-1', 'Other'].map((name, i) => ({
  id: `type-${name}`,
  name,
  description: '',
  position: i,
}));

afterEach(() => vi.restoreAllMocks());

describe('requesting documents by free text', () => {
  it('preselects each line’s document type from its text, until staff choose one by hand', async () => {
    const calls = mockApi({
      'GET /catalog/document-types': () => json(200, { items: types }),
      'POST /tickets/t1/document-requests': () => json(201, { items: [] }),
    });
    const onClose = vi.fn();
    renderWithProviders(<RequestDocumentsModal ticketId="t1" opened onClose={onClose} />);
    const user = userEvent.setup();
    const typed = await screen.findByLabelText('Other documents (one per line)');
    const typeOf = (label: string) => screen.getByRole('combobox', { name: `Document type of “${label}”` });

    // Typed line by line (a change at a time: typing key by key is slow in jsdom and tells no more).
    const typeLines = (...lines: string[]) => fireEvent.change(typed, { target: { value: lines.join('\n') } });
    await user.type(typed, 'Form 1099-K');
    await waitFor(() => expect(typeOf('Form 1099-K')).toHaveValue('1099-K'));
    typeLines('Form 1099-K from PayPal', 'W2');
    expect(typeOf('Form 1099-K from PayPal')).toHaveValue('1099-K');
    expect(typeOf('W2')).toHaveValue('W-2');

    // Staff change the second line's type by hand: typing on keeps their choice.
    await user.click(typeOf('W2'));
    const list = await waitFor(() => document.getElementById(typeOf('W2').getAttribute('aria-controls') ?? '')!);
    await user.click(within(list).getByRole('option', { name: 'Other', hidden: true }));
    typeLines('Form 1099-K from PayPal', 'W2 from employer');
    expect(typeOf('W2 from employer')).toHaveValue('Other');
    // A line naming no type has none, and the first line still follows its text.
    typeLines('Form 1099-K from PayPal', 'W2 from employer', 'Daycare provider letter');
    expect(typeOf('Daycare provider letter')).toHaveValue('');
    expect(typeOf('Form 1099-K from PayPal')).toHaveValue('1099-K');

    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      custom: [
        { label: 'Form 1099-K from PayPal', document_type_id: 'type-1099-K' },
        { label: 'W2 from employer', document_type_id: 'type-Other' },
        { label: 'Daycare provider letter', document_type_id: null },
      ],
    });
  });

  it('says how many lines it takes before sending, rather than the schema’s words (outside tester)', async () => {
    const calls = mockApi({ 'GET /catalog/document-types': () => json(200, { items: types }) });
    renderWithProviders(<RequestDocumentsModal ticketId="t1" opened onClose={vi.fn()} />);
    const typed = await screen.findByLabelText('Other documents (one per line)');
    fireEvent.change(typed, { target: { value: Array.from({ length: 15 }, (_, i) => `Letter ${i + 1}`).join('\n') } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send request' }));
    expect(
      await screen.findByText('Describe at most 10 other documents at a time (one per line): there are 15.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});
