import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { aTicketDetail } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { SigningPrepareForm } from './signing-prepare-form.tsx';

/** Phones' media query matches (useIsPhone), or not. */
function onPhone(phone: boolean) {
  const real = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    ...real(query),
    matches: phone && query === '(max-width: 47.99em)',
  }));
}

// The layout itself (nothing cut off at 390 px) is e2e/tests/signing-prepare-mobile.spec.ts's: jsdom lays nothing out.
describe("the 8879 form's source choice (issue 29 item 13.4: cut off at 390 px)", () => {
  it('stacks its two choices across the full width on a phone, their words free to wrap', () => {
    onPhone(true);
    renderWithProviders(<SigningPrepareForm ticket={aTicketDetail()} suggestion={null} />);
    const control = screen.getByTestId('signing-source');
    expect(control).toHaveAttribute('data-orientation', 'vertical');
    expect(control).toHaveAttribute('data-full-width');
    const upload = screen.getByText("Upload the firm's PDF").closest('label');
    expect(upload).toHaveStyle({ whiteSpace: 'normal' });
  });

  it('keeps them side by side on a desk', () => {
    onPhone(false);
    renderWithProviders(<SigningPrepareForm ticket={aTicketDetail()} suggestion={null} />);
    expect(screen.getByTestId('signing-source')).toHaveAttribute('data-orientation', 'horizontal');
  });
});
