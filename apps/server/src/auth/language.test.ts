import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createStaff, createTestApp, signIn, uniqueEmail, type TestApp } from '../test/helper.ts';

/*
 * Issue 31: a person registers in the language they read (their choice's cookie, else their browser's
 * Accept-Language); it is saved on their profile, carried by their session, and shown to staff on their tickets and
 * their contact page so that they are answered in it. Another customer, or a customer asking, sees nothing new.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function registered(headers: Record<string, string>) {
  const agent = new Agent(t.app);
  const email = uniqueEmail('lang');
  const res = await agent.post(
    '/api/v1/auth/register',
    { full_name: 'Lucía Pérez', email, phone: '+1 202 555 0143', password: 'a-long-enough-pass' },
    { headers },
  );
  expect(res.statusCode, res.body).toBe(201);
  return { agent, session: res.json(), email };
}

describe("the reader's language", () => {
  it('registers a Spanish browser in Spanish: the session, the profile, and staff on the ticket and contact', async () => {
    const { agent, session } = await registered({ 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' });
    expect(session.language).toBe('es');
    expect((await agent.get('/api/v1/auth/session')).json().language).toBe('es');
    expect((await agent.get('/api/v1/profile')).json().language).toBe('es');

    const services = (await agent.get('/api/v1/catalog/services')).json();
    const service = (services.items ?? services)[0];
    const created = await agent.post('/api/v1/tickets', { service_id: service.id, year: 2025 });
    expect(created.statusCode, created.body).toBe(201);
    const ticket = created.json();

    const staff = await signIn(t, (await createStaff(t, 'Tax Preparer')).email);
    const seen = (await staff.get(`/api/v1/tickets/${ticket.id}`)).json();
    expect(seen.customer.language).toBe('es');
    const list = (await staff.get(`/api/v1/tickets?q=${encodeURIComponent(ticket.name)}`)).json();
    expect(list.items.find((i: { id: string }) => i.id === ticket.id)?.customer.language).toBe('es');
    const contact = (await staff.get(`/api/v1/contacts/${session.user.id}`)).json();
    expect(contact.language).toBe('es');
  });

  it("keeps the cookie's choice over the browser's, and English where neither says Spanish", async () => {
    expect((await registered({ cookie: 'tp_lang=en', 'accept-language': 'es' })).session.language).toBe('en');
    expect((await registered({ cookie: 'tp_lang=es', 'accept-language': 'en-US' })).session.language).toBe('es');
    expect((await registered({ 'accept-language': 'fr-FR, de;q=0.5' })).session.language).toBe('en');
    expect((await registered({ cookie: 'tp_lang=xx%00', 'accept-language': '$&;q=1,\u00e9' })).session.language).toBe(
      'en',
    );
  });

  it('changes with the profile, and refuses a language the portal does not speak', async () => {
    const { agent } = await registered({});
    expect((await agent.patch('/api/v1/profile', { language: 'es' })).statusCode).toBe(200);
    expect((await agent.get('/api/v1/auth/session')).json().language).toBe('es');
    const bad = await agent.patch('/api/v1/profile', { language: 'fr' });
    expect(bad.statusCode).toBe(422);
    expect((await agent.get('/api/v1/profile')).json().language).toBe('es');
  });
});
