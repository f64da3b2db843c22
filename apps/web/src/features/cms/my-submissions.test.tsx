import { publicFormSchema, mySubmissionSchema } from '@taxportal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock.ts';
import { aSession } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { MySubmissionPage } from './my-submissions.tsx';

const form = publicFormSchema.parse({
  id: 'e1',
  published_at: '2027-01-02T10:00:00.000Z',
  slug: 'apply',
  title: { en: 'Apply' },
  description: { en: '' },
  fields: [
    { name: 'full_name', label: { en: 'Full name' }, type: 'text', required: true, options: [] },
    { name: 'resume', label: { en: 'Résumé' }, type: 'file', required: false, options: [] },
  ],
  child_group: {
    label: { en: 'Previous firms' },
    fields: [{ name: 'employer', label: { en: 'Firm' }, type: 'text', required: true, options: [] }],
    max_rows: 5,
  },
  submit_label: { en: 'Send' },
  success_message: { en: 'Thanks' },
});
const submission = (over: Record<string, unknown> = {}) =>
  mySubmissionSchema.parse({
    id: 's1',
    form: 'apply',
    form_title: 'Apply',
    status: 'new',
    created_at: '2027-01-03T10:00:00.000Z',
    updated_at: null,
    handled_at: null,
    editable: true,
    // `nickname` was a field when it was sent; the form has none now.
    values: { full_name: 'Sam Seeker', resume: 'cv.pdf', nickname: 'Sammy' },
    rows: [{ employer: 'Acme' }, { employer: 'Globex' }],
    files: [
      {
        id: 'f1',
        field: 'values.resume',
        file_name: 'cv.pdf',
        content_type: 'application/pdf',
        size_bytes: 10,
        url: '/api/v1/site/submissions/s1/files/f1',
      },
    ],
    ...over,
  });

afterEach(() => vi.restoreAllMocks());

const renderAt = (url: string) =>
  renderWithProviders(
    <Routes>
      <Route path="forms/:doc_type/:route" element={<MySubmissionPage />} />
    </Routes>,
    { route: url },
  );

describe('a visitor’s own submission', () => {
  it('edits it in the form prefilled: stored files kept by id, rows removable, stale fields not sent', async () => {
    const calls = mockApi({
      'GET /auth/session': () => json(200, aSession({ login_role: 'Customer', roles: ['Customer'] })),
      'GET /forms/apply': () => json(200, form),
      'GET /my/form-submissions/s1': () => json(200, submission()),
      'PUT /my/form-submissions/s1': () =>
        json(200, submission({ rows: [{ employer: 'Globex' }], updated_at: '2027-01-04T10:00:00.000Z' })),
    });
    renderAt('/forms/apply/s1?edit=1');
    expect(await screen.findByRole('heading', { name: 'Edit: Apply' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Full name/)).toHaveValue('Sam Seeker');
    expect(screen.getByText('cv.pdf')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove row 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      values: { full_name: 'Sam Seeker', resume: 'f1' },
      rows: [{ employer: 'Globex' }],
    });
    expect(await screen.findByTestId('my-submission-saved')).toBeInTheDocument();
  });

  it('offers no edit once staff handled it, and is not found under another form', async () => {
    mockApi({
      'GET /auth/session': () => json(200, aSession({ login_role: 'Customer', roles: ['Customer'] })),
      'GET /forms/apply': () => json(200, form),
      'GET /my/form-submissions/s1': () =>
        json(200, submission({ status: 'handled', editable: false, handled_at: '2027-01-05T10:00:00.000Z' })),
    });
    const { unmount } = renderAt('/forms/apply/s1');
    expect(await screen.findByText('Handled')).toBeInTheDocument();
    expect(await screen.findAllByTestId('webform-child-row')).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    unmount();
    renderAt('/forms/other/s1');
    expect(await screen.findByTestId('site-not-found')).toBeInTheDocument();
  });
});
