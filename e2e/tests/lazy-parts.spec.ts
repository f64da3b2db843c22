import { expect, test } from './fixtures.ts';
import { createTicketByApi } from './ticket-helpers.ts';

// Parts of a page whose code is downloaded apart (lib/lazy-component.ts): staff's tools on a ticket, dialogs loaded
// when first opened. When the download fails (the network dropped, an old tab after a release), the page stays,
// says so, and the part is downloaded again on the next try (ui/loaded-part.tsx, ui/once-opened.tsx).

test("staff's tools on a ticket: a failed download says so in place, and Try again draws them", async ({
  page,
  customer,
  staff,
}) => {
  void customer;
  const ticket = await createTicketByApi(page.request);
  const { page: staffPage } = await staff('Tax Preparer');
  let offline = true;
  await staffPage.route(/\/assets\/ticket-staff-column-[\w-]+\.js$/, (route) =>
    offline ? route.abort('internetdisconnected') : route.continue(),
  );
  await staffPage.goto(`/form/message/${ticket.name}`);
  await expect(staffPage.getByTestId('ticket-page')).toBeVisible();
  const failed = staffPage.getByTestId('part-failed');
  await expect(failed).toContainText('This part of the page could not be loaded.');
  await expect(staffPage.getByTestId('status-control')).toHaveCount(0);
  // The rest of the ticket is there.
  await expect(staffPage.getByTestId('ticket-requests')).toBeVisible();

  offline = false;
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(staffPage.getByTestId('status-control')).toBeVisible();
  await expect(failed).toHaveCount(0);
});

test("staff's forms in the ticket's panels load beside the ticket's data, not once the panel draws", async ({
  page,
  customer,
  staff,
}) => {
  void customer;
  const ticket = await createTicketByApi(page.request);
  const { page: staffPage } = await staff('Tax Preparer');
  const asked = new Set<string>();
  staffPage.on('request', (r) => {
    const form = /\/assets\/(drafts-upload-form|signing-prepare-form)-[\w-]+\.js$/.exec(r.url())?.[1];
    if (form) asked.add(form);
  });
  // The ticket's own data is held back: what the page asks for meanwhile, it asks for on the session alone.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await staffPage.route(new RegExp(`/api/v1/tickets/${ticket.name}$`), async (route) => {
    await held;
    await route.continue();
  });
  await staffPage.goto(`/form/message/${ticket.name}`);
  await expect.poll(() => [...asked].sort()).toEqual(['drafts-upload-form', 'signing-prepare-form']);
  await expect(staffPage.getByTestId('drafts-panel')).toHaveCount(0);
  release();
  await expect(staffPage.getByTestId('draft-upload-form')).toBeVisible();
});

test('a dialog whose code cannot be downloaded says so; the next press opens it', async ({ page, customer, staff }) => {
  void customer;
  const ticket = await createTicketByApi(page.request);
  const { page: staffPage } = await staff('Tax Preparer');
  let offline = true;
  let asked = 0;
  await staffPage.route(/\/assets\/requests-form-[\w-]+\.js$/, (route) => {
    asked += 1;
    return offline ? route.abort('internetdisconnected') : route.continue();
  });
  await staffPage.goto(`/form/message/${ticket.name}`);
  const request = staffPage.getByTestId('ticket-requests').getByRole('button', { name: 'Request documents' });
  await expect(request).toBeVisible();
  expect(asked).toBe(0); // not with the page: on the press (or its intent)
  await request.click();
  await expect(staffPage.getByTestId('toast-error')).toContainText('This part of the page could not be loaded.');
  await expect(staffPage.getByTestId('request-documents-form')).toHaveCount(0);
  expect(asked).toBeGreaterThan(0);

  offline = false;
  await request.click();
  await expect(staffPage.getByTestId('request-documents-form')).toBeVisible();
});
