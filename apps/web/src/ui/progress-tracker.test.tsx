import { screen, within } from '@testing-library/react';
import { INVOICE_DUE_VIEW, progressOf, STATUS_DEFINITIONS, type TicketStatus } from '@taxportal/contract';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { ProgressTracker } from './progress-tracker.tsx';

const def = (s: TicketStatus) => STATUS_DEFINITIONS.find((d) => d.name === s)!;
const customerProgress = (s: TicketStatus) => progressOf(s, def(s).category, (x) => def(x).customer_label, 'customer');

const render = (status: TicketStatus) =>
  renderWithProviders(<ProgressTracker progress={customerProgress(status)} status={status} />);

describe('ProgressTracker', () => {
  it('shows the pipeline in customer labels with the current step highlighted', () => {
    render('Draft Ready');
    const steps = screen.getAllByTestId('progress-step');
    expect(steps.map((s) => s.getAttribute('data-state'))).toEqual([
      'done',
      'done',
      'current',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
    ]);
    expect(steps[0]).toHaveTextContent('Received');
    expect(steps[2]).toHaveAttribute('aria-current', 'step');
    expect(steps[2]).toHaveTextContent('Draft ready for your review');
    expect(screen.getAllByRole('listitem').filter((li) => li.getAttribute('aria-current'))).toHaveLength(1);
    expect(screen.getByText('Step 3 of 8')).toBeInTheDocument();
  });

  it("tells a customer the story in order: staff's Filing In Process is still preparation, before any draft", () => {
    render('Filing In Process');
    const steps = screen.getAllByTestId('progress-step');
    expect(steps.map((s) => s.textContent)).not.toContain('Filing in process');
    expect(steps[1]).toHaveAttribute('aria-current', 'step');
    expect(steps[1]).toHaveTextContent('In preparation');
    expect(steps[2]).toHaveTextContent('Draft ready for your review');
    expect(screen.queryByTestId('waiting-on-you')).toBeNull();
  });

  it('says what is waiting on the customer', () => {
    render('Required More Information');
    expect(screen.getByTestId('progress-current')).toHaveTextContent('Action needed from you');
    const waiting = screen.getByTestId('waiting-on-you');
    expect(within(waiting).getByText('Waiting on you')).toBeInTheDocument();
    expect(waiting).toHaveTextContent('We need more information from you');
    // The detour sits on the Tax Preparation step.
    expect(screen.getAllByTestId('progress-step')[1]).toHaveAttribute('aria-current', 'step');
  });

  it('asks for the draft review when a draft is ready', () => {
    render('Draft Ready');
    expect(screen.getByTestId('waiting-on-you')).toHaveTextContent('review it');
  });

  it('asks for payment once the invoice is issued, and waits on nobody before', () => {
    render('Ready For Invoice');
    expect(screen.queryByTestId('waiting-on-you')).toBeNull();
    const issued = progressOf('Ready For Invoice', INVOICE_DUE_VIEW.category, (x) =>
      x === 'Ready For Invoice' ? INVOICE_DUE_VIEW.customer_label : def(x).customer_label,
    );
    renderWithProviders(<ProgressTracker progress={issued} status="Ready For Invoice" />);
    expect(screen.getByTestId('waiting-on-you')).toHaveTextContent('Your invoice is ready');
    expect(screen.getAllByText('Invoice ready to pay').length).toBeGreaterThan(0);
  });

  it('marks every step done when completed and shows a cancelled request as such', () => {
    const { unmount } = render('Completed');
    expect(screen.getAllByTestId('progress-step').every((s) => s.getAttribute('data-state') === 'done')).toBe(true);
    expect(screen.getByTestId('progress-tracker')).toHaveAttribute('data-percent', '100');
    unmount();
    render('Cancelled');
    expect(screen.getByText('This request was cancelled. Open a new one whenever you are ready.')).toBeInTheDocument();
    expect(screen.getAllByTestId('progress-step').some((s) => s.getAttribute('aria-current'))).toBe(false);
  });
});
