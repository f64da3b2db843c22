// Whether a job opening still takes applications: one rule for the jobs list, its page, its head and the sitemap.

/** Today's date in UTC, as a job's `valid_through` is written (YYYY-MM-DD). */
const today = () => new Date().toISOString().slice(0, 10);

/** An opening is open through its `valid_through` day (UTC) and, without one, until it is unpublished. */
export const jobIsOpen = (job: { valid_through?: string | null }, on: string = today()): boolean =>
  !job.valid_through || job.valid_through >= on;
