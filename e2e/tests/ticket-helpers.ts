import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

export interface CreatedTicket {
  id: string;
  name: string;
  version: number;
  service: { name: string };
  service_type: { id: string; name: string };
}

/** The CSRF header the server wants on every non-GET request (double submit, DESIGN.md). */
export async function csrfHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const { cookies } = await request.storageState();
  const token = cookies.find((c) => c.name === 'csrf_token')?.value;
  return token ? { 'x-csrf-token': decodeURIComponent(token) } : {};
}

export async function postJson<T>(request: APIRequestContext, path: string, data: unknown, status = 200): Promise<T> {
  const res = await request.post(path, { data, headers: await csrfHeaders(request) });
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

/** The seeded catalogue's service types (apps/server/src/platform/db/seed.ts), in its order. */
const SEEDED_SERVICE_TYPES = [
  'Individual Tax Return',
  'Business Tax Return',
  'International & Expat',
  'Tax Planning & Advisory',
] as const;

/**
 * Opens a ticket as the signed-in customer of `request`, for the n-th seeded service type's first service; `joint`:
 * a joint return with their spouse in their household (docs/decisions/0032).
 */
export async function createTicketByApi(
  request: APIRequestContext,
  typeIndex = 0,
  year = 2024,
  options: { joint?: boolean } = {},
): Promise<CreatedTicket> {
  const types = (await (await request.get('/api/v1/catalog/service-types')).json()) as {
    items: { id: string; name: string }[];
  };
  // By name among the seeded types: journeys that add a type (the catalogue's, the organizer builder's) would
  // otherwise move the others' places under every journey that runs after them.
  const name = SEEDED_SERVICE_TYPES[typeIndex % SEEDED_SERVICE_TYPES.length]!;
  const type = types.items.find((t) => t.name === name)!;
  const services = (await (await request.get(`/api/v1/catalog/services?service_type=${type.id}`)).json()) as {
    items: { id: string }[];
  };
  return postJson<CreatedTicket>(
    request,
    '/api/v1/tickets',
    { service_type_id: type.id, service_id: services.items[0]!.id, year, ...options },
    201,
  );
}

/** A ticket's row in a list; clicks "Load more" until it shows (lists are shared by every test of the run). */
export async function ticketRow(page: Page, name: string): Promise<Locator> {
  const row = page.locator(`[data-testid="ticket-row"][data-name="${name}"]`);
  await expect(page.getByTestId('ticket-row').or(page.getByTestId('tickets-empty')).first()).toBeVisible();
  for (let i = 0; i < 20 && !(await row.isVisible()); i++) {
    const more = page.getByTestId('load-more');
    if (!(await more.isVisible())) break;
    await more.click();
    await expect(more.or(row).first()).toBeVisible();
  }
  await expect(row).toBeVisible();
  return row;
}

/** Waits until the page's live-update stream (SSE) is connected, so that what happens next reaches it. */
export async function waitForLiveUpdates(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'ready', { timeout: 15_000 });
}

/** Chooses an option of a Mantine Select by its test id and the option's visible name. */
export async function chooseOption(page: Page, selectTestId: string, option: string | RegExp): Promise<void> {
  await page.getByTestId(selectTestId).click();
  const match = typeof option === 'string' ? { name: option, exact: true } : { name: option };
  await page.getByRole('option', match).first().click();
}
