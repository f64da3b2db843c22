import { screen } from '@testing-library/react';
import { BADGE_STYLES, STATUS_DEFINITIONS } from '@taxportal/contract';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { BADGE_COLOURS, StatusBadge, statusView } from './status-badge.tsx';

describe('status badges (SPEC §4)', () => {
  it.each([
    ['Closed', 'completed'],
    ['Completed', 'completed'],
    ['Open', 'open'],
    ['Draft', 'open'],
    ['Ready For IRS Filing', 'replied'],
    ['Payment Collected', 'resolved'],
    ['Filing In Process', 'filing_in_progress'],
    ['CPA Reviewed', 'filing_in_progress'],
    ['Cancelled', 'walk_out'],
    ['Ready For Invoice', 'sample_only'],
    ['Sample only', 'sample_only'],
    ['Tax Preparation', 'tax_preparation'],
  ])('gives %s the %s style', (status, badge) => {
    expect(statusView(status, 'staff').badge).toBe(badge);
  });

  it('falls back to the default style, completed, for a status SPEC does not style', () => {
    expect(statusView('Required More Information', 'staff').badge).toBe('completed');
    expect(statusView('No such status', 'staff')).toEqual({
      status: 'No such status',
      label: 'No such status',
      badge: 'completed',
    });
  });

  it('gives each badge style its own colour', () => {
    const colours = BADGE_STYLES.map((b) => BADGE_COLOURS[b]);
    expect(new Set(colours).size).toBe(BADGE_STYLES.length);
  });

  it('labels statuses for staff with staff labels and for customers with customer labels', () => {
    for (const def of STATUS_DEFINITIONS) {
      expect(statusView(def.name, 'staff').label).toBe(def.staff_label);
      expect(statusView(def.name, 'customer').label).toBe(def.customer_label);
    }
    expect(statusView('Open', 'customer').label).toBe('Received');
    expect(statusView('Open', 'staff').label).toBe('Open');
  });

  it('prefers the session’s labels, which the firm may change', () => {
    const session = [{ name: 'Open', badge: 'open' as const, staff_label: 'New', customer_label: 'We have it' }];
    expect(statusView('Open', 'customer', session).label).toBe('We have it');
  });

  it('renders the style as data-badge and the viewer’s label as text', () => {
    const view = statusView('Cancelled', 'customer');
    renderWithProviders(<StatusBadge {...view} />);
    const badge = screen.getByTestId('status-badge');
    expect(badge).toHaveTextContent('Cancelled');
    expect(badge).toHaveAttribute('data-badge', 'walk_out');
    expect(badge).toHaveAttribute('data-status', 'Cancelled');
    expect(badge).toHaveAttribute('data-colour', 'red');
  });
});
