import type { APIRequestContext, Page } from '@playwright/test';
import { SAMPLE_ORGANIZER } from '../../packages/contract/src/organizer/sample-organizer.ts';
import { expect } from './fixtures.ts';
import { postJson } from './ticket-helpers.ts';

/** The first service of the first type: the one createTicketByApi (ticket-helpers.ts) picks too. */
export async function firstService(request: APIRequestContext) {
  const types = (await (await request.get('/api/v1/catalog/service-types')).json()) as { items: { id: string }[] };
  const type = types.items[0]!;
  const services = (await (await request.get(`/api/v1/catalog/services?service_type=${type.id}`)).json()) as {
    items: { id: string }[];
  };
  return { service_type_id: type.id, service_id: services.items[0]!.id };
}

/** The sample organizer published by Admin (`admin`: their request context) as `name` for a service and year. */
export async function publishSampleOrganizer(admin: APIRequestContext, serviceId: string, year: number, name: string) {
  const template = await postJson<{ id: string }>(
    admin,
    '/api/v1/admin/organizers',
    { name, service_id: serviceId, tax_year: year, definition: SAMPLE_ORGANIZER },
    201,
  );
  await postJson(admin, `/api/v1/admin/organizers/${template.id}/publish`, {});
}

/** The organizer page says its answers are saved. */
export const organizerSaved = async (page: Page) =>
  expect(page.getByTestId('organizer-save-state')).toHaveAttribute('data-state', 'saved');
