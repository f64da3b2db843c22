import type { TicketStatus } from '@taxportal/contract';
import type { Catalogue, Person } from './sample-engine.ts';
import type { Plan } from './sample-timeline.ts';
import { TicketSlot } from './sample-engine.ts';
import { makePdf, type PdfSpec, type SampleFile } from './sample-files.ts';

/** More customers for the sample (the demo password, like the demo accounts); 555-01xx numbers are fictional. */
export const SAMPLE_CUSTOMERS = [
  { email: 'maria.gonzalez@demo.test', full_name: 'Maria Gonzalez', phone: '+12025550111' },
  { email: 'james.okafor@demo.test', full_name: 'James Okafor', phone: '+12025550112' },
  { email: 'priya.raman@demo.test', full_name: 'Priya Raman', phone: '+12025550113' },
  { email: 'hannah.schmidt@demo.test', full_name: 'Hannah Schmidt', phone: '+12025550114' },
] as const;
export type SampleCustomerEmail = (typeof SAMPLE_CUSTOMERS)[number]['email'];

export interface Cast {
  casey: Person;
  maria: Person;
  james: Person;
  priya: Person;
  hannah: Person;
  care: Person;
  prep: Person;
  rev: Person;
  /** The firm's Admin (Avery): builds the organizer. */
  admin: Person;
  /** Creates (or finds) a sample customer's account and signs them in. */
  signUp(person: Person, email: SampleCustomerEmail): Promise<void>;
}

// Statuses by name, checked by the compiler against the contract's list.
export const TAX_PREPARATION: TicketStatus = 'Tax Preparation';
export const MORE_INFO: TicketStatus = 'Required More Information';
export const FILING: TicketStatus = 'Filing In Process';
export const READY_FOR_INVOICE: TicketStatus = 'Ready For Invoice';
export const READY_FOR_IRS: TicketStatus = 'Ready For IRS Filing';
export const COMPLETED: TicketStatus = 'Completed';
export const CANCELLED: TicketStatus = 'Cancelled';

const DAY_MS = 86_400_000;
export const money = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Every ticket of the sample, by the story it belongs to. */
export interface SampleTickets {
  [label: string]: TicketSlot;
}

/** What every story is written with: the plan, the people, the calendar, sample files and ticket slots. */
export interface StoryKit {
  plan: Plan;
  cast: Cast;
  catalogue: Catalogue;
  /** `daysAgo` days before today at hh:mm UTC; never today, so every step is in the past. */
  day(daysAgo: number, hhmm: string): Date;
  /** The tax year being filed now, and the one before. */
  year: number;
  prior: number;
  /** A sample PDF dated `at`, made when the step runs. */
  pdf(filename: string, spec: Omit<PdfSpec, 'date'>, at: Date): () => Promise<SampleFile>;
  /** A new ticket slot under `label`, recorded in `tickets`. */
  slot(label: string): TicketSlot;
  tickets: SampleTickets;
}

export function storyKit(plan: Plan, cast: Cast, catalogue: Catalogue, today: Date): StoryKit {
  const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const tickets: SampleTickets = {};
  const year = today.getUTCFullYear() - 1;
  return {
    plan,
    cast,
    catalogue,
    day(daysAgo, hhmm) {
      if (daysAgo < 1) throw new Error('demo sample steps are at least a day old');
      const [h, m] = hhmm.split(':').map(Number) as [number, number];
      return new Date(midnight - daysAgo * DAY_MS + (h * 60 + m) * 60_000);
    },
    year,
    prior: year - 1,
    pdf: (filename, spec, at) => async () => ({ filename, bytes: await makePdf({ ...spec, date: at }) }),
    slot: (label) => (tickets[label] = new TicketSlot(label)),
    tickets,
  };
}
