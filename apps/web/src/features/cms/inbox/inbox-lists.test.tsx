import { screen, within } from '@testing-library/react';
import { enquirySchema, submissionSchema } from '@taxportal/contract';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../../test/fetch-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { addInboxTexts } from './i18n.ts';
import { InboxLists } from './inbox-lists.tsx';

beforeAll(addInboxTexts);

const enquiry = enquirySchema.parse({
  id: 'e1',
  name: 'Robin Visitor',
  email: 'robin.visitor.with.a.long.address@example.test',
  phone: '',
  subject: 'Do you prepare returns for rental properties?',
  message: 'I own two flats.',
  status: 'new',
  created_at: '2026-03-02T10:00:00.000Z',
  handled_at: null,
  handled_by_name: null,
  customer_id: null,
  ticket_id: null,
  ticket_name: null,
  replies: [],
});
const submission = submissionSchema.parse({
  id: 's1',
  form: 'intake',
  form_title: 'New client intake',
  values: { full_name: 'Sam Sender', email: 'sam@example.test' },
  rows: [],
  files: [],
  status: 'handled',
  created_at: '2026-03-02T11:00:00.000Z',
});
const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, page_size: 25 });

/** Phones' media query matches (useIsPhone), or not. */
function onPhone(phone: boolean) {
  const real = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    ...real(query),
    matches: phone && query === '(max-width: 47.99em)',
  }));
}

function renderInbox(route: string) {
  mockApi({
    'GET /admin/site/enquiries': () => json(200, page([enquiry])),
    'GET /admin/site/submissions': () => json(200, page([submission])),
  });
  renderWithProviders(<InboxLists />, { route });
}

describe('the staff inbox on a phone (issue 29 item 13.5: a wide table with cut columns at 390 px)', () => {
  it('shows each enquiry as a card with the same facts and its link, and no table', async () => {
    onPhone(true);
    renderInbox('/inbox');
    const row = await screen.findByTestId('inbox-enquiry-row');
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(row).getByRole('link', { name: 'Robin Visitor' })).toHaveAttribute('href', '/inbox/enquiries/e1');
    expect(row).toHaveTextContent(enquiry.email);
    expect(row).toHaveTextContent(enquiry.subject);
    expect(row).toHaveTextContent('New');
    expect(row).toHaveTextContent('2026');
  });

  it('shows each web form submission as a card', async () => {
    onPhone(true);
    renderInbox('/inbox?tab=submissions');
    const row = await screen.findByTestId('inbox-submission-row');
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(row).getByRole('link', { name: 'New client intake' })).toHaveAttribute(
      'href',
      '/inbox/submissions/s1',
    );
    expect(row).toHaveTextContent('Sam Sender · sam@example.test');
    expect(row).toHaveTextContent('Handled');
  });

  it('keeps the table on a desk', async () => {
    onPhone(false);
    renderInbox('/inbox');
    const row = await screen.findByTestId('inbox-enquiry-row');
    expect(row.tagName).toBe('TR');
    expect(screen.getByRole('table')).toBeInTheDocument();
  });
});
