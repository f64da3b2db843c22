import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { MessageComposer } from './message-composer.tsx';

const message = (body: string, internal = false) => ({
  id: '1',
  ticket_id: 't1',
  body,
  internal,
  author: { id: 'u1', full_name: 'Pat', is_staff: internal },
  document_ids: [],
  created_at: new Date().toISOString(),
});

describe('MessageComposer', () => {
  it('sends on Enter, adds a line on Shift+Enter', async () => {
    const calls = mockApi({
      'POST /tickets/t1/messages': (c) => json(201, message((c.body as { body: string }).body)),
    });
    renderWithProviders(<MessageComposer ticketId="t1" isStaff={false} />);
    const user = userEvent.setup();
    const input = screen.getByTestId('message-input');
    await user.type(input, 'first line{Shift>}{Enter}{/Shift}second line');
    expect(input).toHaveValue('first line\nsecond line');
    expect(calls).toHaveLength(0);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(input).toHaveValue(''));
    expect(calls).toMatchObject([
      { method: 'POST', path: '/tickets/t1/messages', body: { body: 'first line\nsecond line', internal: false } },
    ]);
    expect(screen.queryByTestId('internal-toggle')).toBeNull();
  });

  it('lets staff post an internal note', async () => {
    const calls = mockApi({ 'POST /tickets/t1/messages': () => json(201, message('note', true)) });
    renderWithProviders(<MessageComposer ticketId="t1" isStaff />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: 'Internal note (staff only)' }));
    await user.type(screen.getByRole('textbox', { name: 'Internal note' }), 'check Schedule C');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ body: 'check Schedule C', internal: true });
  });

  it('does not send an empty message', async () => {
    const calls = mockApi({});
    renderWithProviders(<MessageComposer ticketId="t1" isStaff={false} />);
    const user = userEvent.setup();
    await user.type(screen.getByTestId('message-input'), '   {Enter}');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(calls).toHaveLength(0);
  });
});
