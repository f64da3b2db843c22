import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ContactForm } from './contact-form.tsx';

afterEach(() => vi.restoreAllMocks());

describe('the contact form', () => {
  it("sends the phone as typed and shows the server's word on it under the field", async () => {
    const message = 'Enter a valid phone number (a number from another country starts with + and its country code).';
    const calls = mockApi({
      'POST /contact-enquiries': () =>
        json(422, {
          type: 'https://taxportal.dev/problems/validation',
          title: 'Invalid input',
          status: 422,
          detail: message,
          errors: [{ field: 'phone', message }],
        }),
    });
    renderWithProviders(<ContactForm />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Your name/), 'Dana Visitor');
    await user.type(screen.getByLabelText(/E-mail/), 'dana@example.test');
    await user.type(screen.getByLabelText('Phone (optional)'), '$&');
    await user.type(screen.getByLabelText(/Message/), 'Please call me.');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByLabelText('Phone (optional)')).toHaveAccessibleDescription(message);
    expect(calls.find((c) => c.path === '/contact-enquiries')?.body).toMatchObject({ phone: '$&' });
  });
});
