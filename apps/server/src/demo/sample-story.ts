import type { Catalogue } from './sample-engine.ts';
import type { Plan } from './sample-timeline.ts';
import { storyKit, type Cast, type SampleTickets } from './sample-cast.ts';
import { caseyStories } from './sample-story-casey.ts';
import { clientStories } from './sample-story-clients.ts';
import { organizerStories } from './sample-story-organizer.ts';

/**
 * What the demo firm has been doing lately: five customers (the demo customer and four more) and their
 * tickets, spread over the last six weeks and through most of the pipeline. Each story is a list
 * of dated steps by the people who would take them; the dates are days before today, times UTC (the
 * firm and most customers are on US Eastern time, Hannah lives in Munich).
 */
export function buildPlan(plan: Plan, cast: Cast, catalogue: Catalogue, today: Date): SampleTickets {
  const kit = storyKit(plan, cast, catalogue, today);
  caseyStories(kit);
  clientStories(kit);
  organizerStories(kit);
  return kit.tickets;
}
