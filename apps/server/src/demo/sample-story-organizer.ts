import { SAMPLE_ORGANIZER } from '@taxportal/contract';
import type { StoryKit } from './sample-cast.ts';

/**
 * The firm's organizer (issue 32): Avery, the Admin, publishes the sample organizer for FBAR filings of the year
 * being filed. No sample ticket and no browser test opens an FBAR ticket, so the questionnaire journeys keep their
 * questionnaire; a customer who opens one sees the organizer.
 */
export const SAMPLE_ORGANIZER_SERVICE = 'FBAR (FinCEN 114) Filing';

export function organizerStories(k: StoryKit): void {
  const { plan, cast, day, year } = k;
  const s = plan.story('Avery: the organizer');
  s.at(day(44, '14:00'), 'publishes the sample organizer', () =>
    cast.admin.publishOrganizer('Individual organizer (sample)', SAMPLE_ORGANIZER_SERVICE, year, SAMPLE_ORGANIZER),
  );
}
