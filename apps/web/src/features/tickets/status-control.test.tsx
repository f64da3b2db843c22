import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock.ts';
import { aSession, aTicketDetail } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { StatusControl } from './status-control.tsx';

const session = aSession();
const ticket = aTicketDetail({
  id: 't1',
  name: 'TD.0007',
  status: 'Open',
  status_label: 'Open',
  version: 3,
  allowed_statuses: ['Tax Preparation', 'Required More Information'],
});

function renderControl() {
  return renderWithProviders(
    <Routes>
      <Route path="/form/message/:ticket_id" element={<StatusControl ticket={ticket} />} />
      <Route path="/my-tickets" element={<p>my tickets page</p>} />
    </Routes>,
    { route: '/form/message/TD.0007' },
  );
}

async function choose(label: string) {
  const user = userEvent.setup();
  await user.click(screen.getByTestId('status-select'));
  await user.click(await screen.findByRole('option', { name: label, hidden: true }));
  await user.click(screen.getByRole('button', { name: 'Update status' }));
  return user;
}

describe('StatusControl (SPEC §4)', () => {
  it("offers only the server's allowed moves; after a change staff stay on the ticket, told by a toast", async () => {
    const calls = mockApi({
      'GET /auth/session': () => json(200, session),
      'POST /tickets/t1/status': () =>
        json(200, { ...ticket, status: 'Tax Preparation', status_label: 'Tax Preparation', version: 4 }),
    });
    renderControl();
    const user = userEvent.setup();
    await user.click(screen.getByTestId('status-select'));
    expect((await screen.findAllByRole('option', { hidden: true })).map((o) => o.textContent)).toEqual([
      'Tax Preparation',
      'Required More Information',
    ]);
    await user.keyboard('{Escape}');
    await choose('Tax Preparation');
    expect(await screen.findByText('TD.0007 is now Tax Preparation.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ status: 'Tax Preparation', expected_version: 3 });
    // No blocking dialog, and no leaving the ticket: the preparer goes on with it.
    expect(screen.queryByRole('dialog', { name: 'Alert' })).toBeNull();
    expect(screen.queryByText('my tickets page')).toBeNull();
    expect(screen.getByTestId('status-control')).toBeInTheDocument();
  });

  it("shows the server's message on a 409 and stays", async () => {
    const detail = 'Someone else changed this ticket while you were looking at it.';
    mockApi({
      'GET /auth/session': () => json(200, session),
      'POST /tickets/t1/status': () => json(409, { type: 'conflict', title: 'Conflict', status: 409, detail }),
    });
    renderControl();
    await choose('Required More Information');
    await waitFor(() => expect(screen.getByTestId('status-error')).toHaveTextContent(detail));
    expect(screen.queryByRole('dialog', { name: 'Alert' })).toBeNull();
    expect(screen.queryByText('my tickets page')).toBeNull();
  });

  it('shows the reason the server gives for a held ticket (the hold itself is said at the top)', async () => {
    const detail = 'This ticket stays Open until its engagement letter is signed (firm setting).';
    mockApi({
      'GET /auth/session': () => json(200, session),
      'POST /tickets/t1/status': () => json(409, { type: 'conflict', title: 'Conflict', status: 409, detail }),
    });
    renderWithProviders(
      <StatusControl ticket={{ ...ticket, hold: { reason: 'letter_unsigned', allows: ['Cancelled'] } }} />,
    );
    // Said by the ticket's status at the top (ticket-letter-action.tsx), not again deep in this card.
    expect(screen.queryByTestId('status-held')).toBeNull();
    await choose('Tax Preparation');
    await waitFor(() => expect(screen.getByTestId('status-error')).toHaveTextContent(detail));
  });

  it('says who else moves the ticket on where the caller cannot', async () => {
    mockApi({ 'GET /auth/session': () => json(200, session) });
    renderWithProviders(
      <StatusControl
        ticket={aTicketDetail({
          status: 'Payment Collected',
          allowed_statuses: [],
          moves_by_others: [{ status: 'Ready For IRS Filing', roles: ['Customer Care Department', 'Reviewer'] }],
        })}
      />,
    );
    expect(await screen.findByText('You cannot move this ticket from its current status.')).toBeInTheDocument();
    expect(screen.getByTestId('status-others')).toHaveTextContent(
      'Others move it on from here: to Ready For IRS Filing, Customer Care Department or Reviewer.',
    );
  });
});
