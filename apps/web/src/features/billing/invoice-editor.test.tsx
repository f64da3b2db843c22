import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { useState } from 'react';
import { InvoiceEditorDialog } from './invoice-editor-dialog.tsx';

const ticket = {
  id: 't1',
  name: 'TD.0042',
  service: { id: 's1', name: 'Individual Tax Return', price_cents: 24_900, currency: 'USD' },
};
const templates = { items: [{ id: 'tx1', name: 'NY Sales Tax', rate_bp: 888 }] };

describe('InvoiceEditor (staff invoice a ticket)', () => {
  it("starts from the ticket's service and price, adds a line and a tax template, and sends whole cents", async () => {
    const calls = mockApi({
      'GET /admin/catalog/tax-templates': () => json(200, templates),
      'POST /invoices': () => json(201, { id: 'inv1', name: 'SINV-2026-00001' }),
    });
    const onClose = vi.fn();
    renderWithProviders(<InvoiceEditorDialog opened onClose={onClose} ticket={ticket} />);
    const user = userEvent.setup();
    // Loaded when first opened (invoice-editor-dialog.tsx).
    expect((await screen.findAllByTestId('line-description'))[0]).toHaveValue('Individual Tax Return');
    expect(screen.getAllByTestId('line-unit')[0]).toHaveValue('249.00');

    await user.click(screen.getByTestId('add-line'));
    await user.type(screen.getAllByTestId('line-description')[1]!, 'State return');
    await user.clear(screen.getAllByTestId('line-quantity')[1]!);
    await user.type(screen.getAllByTestId('line-quantity')[1]!, '2');
    await user.type(screen.getAllByTestId('line-unit')[1]!, '49.95');
    await user.click(screen.getByTestId('tax-template'));
    await user.click(await screen.findByRole('option', { name: 'NY Sales Tax (8.88%)', hidden: true }));
    // 249.00 + 2 × 49.95 = 348.90; tax 8.88% = 30.98 (half-up on the subtotal) → 379.88
    expect(screen.getByTestId('editor-total')).toHaveTextContent('$379.88');

    await user.click(screen.getByTestId('issue-invoice'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST' && c.path === '/invoices')!.body).toEqual({
      ticket_id: 't1',
      issue: true,
      tax_template_id: 'tx1',
      lines: [
        { description: 'Individual Tax Return', quantity: 1, unit_amount_cents: 24_900, service_id: 's1' },
        { description: 'State return', quantity: 2, unit_amount_cents: 4_995 },
      ],
    });
  });

  it("shows the server's message when issuing is refused, and stays open", async () => {
    mockApi({
      'GET /admin/catalog/tax-templates': () => json(200, templates),
      'POST /invoices': () =>
        json(409, {
          type: 'about:blank',
          title: 'Conflict',
          status: 409,
          detail: 'Move the ticket to Ready For Invoice before issuing its invoice.',
        }),
    });
    const onClose = vi.fn();
    renderWithProviders(<InvoiceEditorDialog opened onClose={onClose} ticket={ticket} />);
    await userEvent.setup().click(await screen.findByTestId('issue-invoice'));
    expect(await screen.findByTestId('editor-error')).toHaveTextContent(
      'Move the ticket to Ready For Invoice before issuing its invoice.',
    );
    expect(onClose).not.toHaveBeenCalled();
  });

  it('saves a draft without issuing', async () => {
    const calls = mockApi({
      'GET /admin/catalog/tax-templates': () => json(200, templates),
      'POST /invoices': () => json(201, { id: 'inv1', name: 'SINV-2026-00002' }),
    });
    renderWithProviders(<InvoiceEditorDialog opened onClose={() => {}} ticket={ticket} />);
    await userEvent.setup().click(await screen.findByTestId('save-draft'));
    await waitFor(() => expect(calls.some((c) => c.path === '/invoices')).toBe(true));
    expect(calls.find((c) => c.path === '/invoices')!.body).toMatchObject({ issue: false, tax_template_id: null });
  });

  it('loads when first opened, gives the focus back to its button on close, and starts afresh when opened again', async () => {
    mockApi({ 'GET /admin/catalog/tax-templates': () => json(200, templates) });
    function Opener() {
      const [opened, setOpened] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpened(true)}>
            Create invoice
          </button>
          <InvoiceEditorDialog opened={opened} onClose={() => setOpened(false)} ticket={ticket} />
        </>
      );
    }
    renderWithProviders(<Opener />);
    expect(screen.queryByTestId('invoice-editor')).toBeNull(); // nothing drawn, open or closed, before it is opened
    const user = userEvent.setup();
    const opener = screen.getByRole('button', { name: 'Create invoice' });
    await user.click(opener);
    const first = (await screen.findAllByTestId('line-description'))[0]!;
    await user.clear(first);
    await user.type(first, 'Changed');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('line-description')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());

    await user.click(opener);
    expect((await screen.findAllByTestId('line-description'))[0]).toHaveValue('Individual Tax Return');
  });
});
