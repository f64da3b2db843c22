import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock.ts';
import { aSession, aTicketDetail } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import ticketsEs from './es.json';
import { TicketHeader } from './ticket-header.tsx';

// Issue 33: the hold notice "send one" led nowhere and sat deep in "Change status"; now by the status at the top,
// with the way to staff's new letter form for this ticket.
const ticket = aTicketDetail({ id: 't1', name: 'TD.0007', status: 'Open', status_label: 'Open' });

function LettersPage() {
  const location = useLocation();
  return <p data-testid="letters-page">{`${location.pathname}${location.search}`}</p>;
}

function renderHeader(t: typeof ticket, isStaff = true) {
  mockApi({ 'GET /auth/session': () => json(200, aSession()) });
  return renderWithProviders(
    <Routes>
      <Route path="/form/message/:ticket_id" element={<TicketHeader ticket={t} isStaff={isStaff} />} />
      <Route path="/letters" element={<LettersPage />} />
    </Routes>,
    { route: '/form/message/TD.0007' },
  );
}

describe('the staff ticket page’s engagement letter action', () => {
  it('links the hold notice “no letter is waiting” to the new letter form with this ticket', async () => {
    renderHeader({ ...ticket, hold: { reason: 'letter_missing', allows: ['Cancelled'] } });
    const notice = screen.getByTestId('status-held');
    expect(notice).toHaveTextContent('No letter is waiting for the client');
    // At the top, in the header by the status.
    expect(screen.getByTestId('ticket-header')).toContainElement(notice);
    await userEvent.setup().click(screen.getByRole('link', { name: 'Send engagement letter' }));
    expect(await screen.findByTestId('letters-page')).toHaveTextContent('/letters?ticket=TD.0007');
  });

  it('says when the letter came to nothing (declined, voided, expired) and links a new one', () => {
    renderHeader({ ...ticket, hold: { reason: 'letter_ended', allows: ['Cancelled'] } });
    expect(screen.getByTestId('status-held')).toHaveTextContent('The letter was declined, voided or has expired');
    expect(screen.getByRole('link', { name: 'Send engagement letter' })).toHaveAttribute(
      'href',
      '/letters?ticket=TD.0007',
    );
  });

  it('offers “Send engagement letter” on a ticket not held; none while a letter waits, nor on a done ticket', async () => {
    const { unmount } = renderHeader({ ...ticket, hold: null });
    expect(screen.getByTestId('ticket-send-letter')).toHaveAttribute('href', '/letters?ticket=TD.0007');
    expect(screen.queryByTestId('status-held')).toBeNull();
    unmount();
    const waiting = renderHeader({ ...ticket, hold: { reason: 'letter_unsigned', allows: ['Cancelled'] } });
    expect(screen.getByTestId('status-held')).toHaveTextContent('Held at Open until the engagement letter is signed');
    expect(screen.queryByRole('link', { name: 'Send engagement letter' })).toBeNull();
    waiting.unmount();
    const done = renderHeader({ ...ticket, status: 'Completed', status_label: 'Completed', hold: null });
    expect(screen.queryByTestId('ticket-letter-action')).toBeNull();
    done.unmount();
  });

  it('shows customers neither', () => {
    renderHeader({ ...ticket, hold: { reason: 'letter_missing', allows: [] } }, false);
    expect(screen.queryByTestId('ticket-letter-action')).toBeNull();
  });

  it('reads in Spanish', async () => {
    i18n.addResourceBundle('es', 'translation', ticketsEs, true, false);
    await i18n.changeLanguage('es');
    try {
      renderHeader({ ...ticket, hold: { reason: 'letter_missing', allows: ['Cancelled'] } });
      expect(await screen.findByTestId('status-held-send')).toHaveTextContent('Enviar carta de compromiso');
      expect(screen.getByTestId('status-held')).toHaveTextContent('Ninguna carta espera al cliente');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
