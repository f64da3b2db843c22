import { describe, expect, it } from 'vitest';
import { DISPLAY_ONLY_STATUSES, STATUS_DEFINITIONS, TICKET_STATUSES } from './ticket-status.ts';
import { registerBodySchema } from './auth/register.ts';

describe('ticket statuses', () => {
  it('keeps SPEC §4 staff order, then the display-only states', () => {
    expect(STATUS_DEFINITIONS.map((s) => s.name)).toEqual([...TICKET_STATUSES, ...DISPLAY_ONLY_STATUSES]);
    expect(STATUS_DEFINITIONS.map((s) => s.position)).toEqual(STATUS_DEFINITIONS.map((_, i) => i + 1));
    expect(STATUS_DEFINITIONS.filter((s) => s.is_pipeline)).toHaveLength(12);
  });

  it('uses the badge styles of SPEC §4, completed by default', () => {
    const badge = Object.fromEntries(STATUS_DEFINITIONS.map((s) => [s.name, s.badge]));
    expect(badge).toMatchObject({
      Closed: 'completed',
      Completed: 'completed',
      Open: 'open',
      Draft: 'open',
      'Ready For IRS Filing': 'replied',
      'Payment Collected': 'resolved',
      'Filing In Process': 'filing_in_progress',
      'CPA Reviewed': 'filing_in_progress',
      Cancelled: 'walk_out',
      'Ready For Invoice': 'sample_only',
      'Sample only': 'sample_only',
      'Required More Information': 'completed',
    });
  });

  it('gives every status a category code can branch on', () => {
    const category = Object.fromEntries(STATUS_DEFINITIONS.map((s) => [s.name, s.category]));
    expect(category['Cancelled']).toBe('cancelled');
    expect(category['Completed']).toBe('done');
    expect(category['Required More Information']).toBe('waiting_on_customer');
    expect(category['Open']).toBe('open');
  });
});

describe('registration schema', () => {
  it('normalises the e-mail; keeps the phone as typed (the server reads it in the firm country, to E.164)', () => {
    const parsed = registerBodySchema.parse({
      full_name: ' Ann ',
      email: ' Ann@Example.COM ',
      phone: '+44 20 7946 0958',
      password: '12345678',
    });
    expect(parsed).toMatchObject({ full_name: 'Ann', email: 'ann@example.com', phone: '+44 20 7946 0958' });
  });
});
