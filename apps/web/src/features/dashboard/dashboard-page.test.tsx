import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock.ts';
import { aSession } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { DashboardPage, type DashboardPanel } from './dashboard-page.tsx';

const customer = aSession({
  user: { id: 'c1', full_name: 'Casey Customer', email: 'c@x.test', phone: null },
  roles: ['Customer'],
  login_role: 'Customer',
});
const dashboard = {
  role: 'customer',
  counts: { in_progress: 0, waiting_on_you: 0, done: 0, cancelled: 0 },
  tickets: [],
  waiting_on_you: [],
  recent_messages: [],
};

/** A card whose query answers only when the test says so. */
function slowPanel(enabledFor: 'customers' | 'everyone' = 'everyone') {
  let release: (value: string) => void = () => {};
  const answer = new Promise<string>((resolve) => (release = resolve));
  const panel: DashboardPanel = {
    Panel: () => <p>Outstanding card</p>,
    query: (isStaff) => ({
      queryKey: ['test-panel'],
      queryFn: () => answer,
      enabled: enabledFor === 'everyone' || !isStaff,
    }),
  };
  return { panel, release: (v = 'ok') => release(v) };
}

describe('the dashboard shows once, whole (no card arrives late and pushes the page down)', () => {
  it("waits for a card's query before drawing anything, then shows the card with the page", async () => {
    mockApi({ 'GET /auth/session': () => json(200, customer), 'GET /dashboard': () => json(200, dashboard) });
    const { panel, release } = slowPanel();
    renderWithProviders(<DashboardPage panels={[panel]} />);

    // The page's own data is in, but the card's is not: nothing of the page is drawn yet.
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Your tickets')).toBeNull();
    expect(screen.queryByText('Outstanding card')).toBeNull();

    release();
    await waitFor(() => expect(screen.getByText('Your tickets')).toBeInTheDocument());
    expect(screen.getByText('Outstanding card')).toBeInTheDocument();
  });

  it('a card whose query is off for this person (a customer-only card, staff signed in) does not hold the page', async () => {
    mockApi({
      'GET /auth/session': () => json(200, aSession()),
      'GET /dashboard': () =>
        json(200, {
          role: 'staff',
          counts_by_status: [],
          open_unassigned: { count: 0, items: [] },
          assigned_to_me: { count: 0, items: [] },
          opened_per_week: [],
          median_time_in_status: [],
        }),
    });
    const { panel } = slowPanel('customers');
    renderWithProviders(<DashboardPage panels={[panel]} />);
    expect(await screen.findByText(/Parker/, undefined, { timeout: 5000 })).toBeInTheDocument();
  });
});
