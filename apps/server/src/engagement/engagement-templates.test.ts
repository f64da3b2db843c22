import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngagementTemplate } from '@taxportal/contract';
import { auditLog } from '../platform/db/schema.ts';
import { createTestApp, type Agent, type TestApp } from '../test/helper.ts';
import { pickService } from '../test/ticket-fixtures.ts';
import { people, TEMPLATES } from './engagement.fixtures.ts';

/** Admin's engagement letter templates (docs/decisions/0036): sanitised, merge fields checked, versioned, defaults. */
let t: TestApp;
let admin: Agent;
let preparer: Agent;
let typeId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, preparer } = await people(t));
  typeId = (await pickService(t)).service_type_id;
}, 120_000);
afterAll(async () => t.close());

const body = (over: Record<string, unknown> = {}) => ({
  name: 'Letter',
  service_type_id: typeId,
  is_default: false,
  body: '<p>Dear {{client_name}}</p>{{services}}',
  ...over,
});

describe('templates', () => {
  it('stores the body through the site sanitiser (scripts, handlers and foreign images dropped)', async () => {
    const res = await admin.post(
      TEMPLATES,
      body({
        body: '<p onclick="x()">Dear {{client_name}}<script>alert(1)</script></p><img src="https://evil.example/x.png">{{services}}',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const tpl = res.json() as EngagementTemplate;
    expect(tpl.body).toBe('<p>Dear {{client_name}}</p>{{services}}');
    expect(tpl).toMatchObject({ version: 1, versions: [{ version: 1 }], service_type_id: typeId, is_default: false });
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.entity_id, tpl.id));
    expect(entry?.action).toBe('engagement.template_created');
  });

  it('refuses an unknown merge field with its name (422), in English and Spanish', async () => {
    const res = await admin.post(TEMPLATES, body({ body: '<p>{{client_name}} SSN {{ssn}}</p>' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContain('{{ssn}}');
    expect(res.json().errors[0].field).toBe('body');
    const es = await admin.request({
      method: 'POST',
      url: TEMPLATES,
      payload: body({ body: '<p>{{nope}}</p>' }),
      headers: { 'accept-language': 'es' },
    });
    expect(es.statusCode).toBe(422);
    expect(es.json().detail).toContain('{{nope}}');
    expect(es.json().detail).toContain('campo');
  });

  it('refuses a template without {{services}} (its letters would name no fee), in English and Spanish', async () => {
    const res = await admin.post(TEMPLATES, body({ body: '<p>Dear {{client_name}}, no fees here.</p>' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toEqual({
      field: 'body',
      message: 'Put the merge field {{services}} in the letter: it shows the services and their fees.',
    });
    const es = await admin.post(TEMPLATES, body({ body: '<p>Hola {{client_name}}</p>' }), {
      headers: { 'accept-language': 'es' },
    });
    expect(es.statusCode).toBe(422);
    expect(es.json().detail).toContain('{{services}}');
    expect(es.json().detail).toContain('honorarios');
  });

  it('refuses hostile text with problem+json, never a 5xx', async () => {
    for (const b of [
      body({ body: '<p>a\u0000b</p>' }),
      body({ body: '<p></p><b></b>' }),
      body({ name: 'Evil\u202Ename' }),
      body({ name: '' }),
      body({ service_type_id: 'no-such-type' }),
      body({ body: '$&'.repeat(60_000) }),
      body({ name: '🧾'.repeat(121) }),
    ]) {
      const res = await admin.post(TEMPLATES, b);
      expect(res.statusCode, JSON.stringify(b).slice(0, 80)).toBe(422);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    const ok = await admin.post(
      TEMPLATES,
      body({ name: '🧾'.repeat(120), body: '<p>$& $1 {{client_name}}</p>{{services}}' }),
    );
    expect(ok.statusCode).toBe(201);
    expect((ok.json() as EngagementTemplate).body).toBe('<p>$&amp; $1 {{client_name}}</p>{{services}}');
  });

  it('refuses text-direction controls in the body, raw or as character references (422, the names’ rule)', async () => {
    for (const text of ['<p>Fee \u202Eeerf</p>', '<p>a&#x202E;b</p>', '<p>a&#8238;b</p>', '<p>a&#X2067</p>']) {
      const res = await admin.post(TEMPLATES, body({ body: text }));
      expect(res.statusCode, text).toBe(422);
      expect(res.json().errors[0]).toEqual({ field: 'body', message: 'Remove the text-direction control characters.' });
    }
    const es = await admin.post(TEMPLATES, body({ body: '<p>\u2066x</p>' }), { headers: { 'accept-language': 'es' } });
    expect(es.json().errors[0].message).toBe('Quite los caracteres de control de la dirección del texto.');
    // Written out as text (escaped), a reference is only characters: kept.
    expect((await admin.post(TEMPLATES, body({ body: '<p>&amp;#x202E;</p>{{services}}' }))).statusCode).toBe(201);
  });

  it('makes a new version when the text changes, keeps the number when only the name does', async () => {
    const tpl = (
      await admin.post(TEMPLATES, body({ body: '<p>v1 {{client_name}}</p>{{services}}' }))
    ).json() as EngagementTemplate;
    const renamed = await admin.put(
      `${TEMPLATES}/${tpl.id}`,
      body({ name: 'Renamed', body: '<p>v1 {{client_name}}</p>{{services}}' }),
    );
    expect(renamed.json()).toMatchObject({ name: 'Renamed', version: 1 });
    const edited = await admin.put(`${TEMPLATES}/${tpl.id}`, body({ body: '<p>v2 {{client_name}}</p>{{services}}' }));
    expect(edited.statusCode).toBe(200);
    const v2 = edited.json() as EngagementTemplate;
    expect(v2.version).toBe(2);
    expect(v2.body).toBe('<p>v2 {{client_name}}</p>{{services}}');
    expect(v2.versions.map((v) => v.version)).toEqual([2, 1]);
    const refused = await admin.put(`${TEMPLATES}/${tpl.id}`, body({ body: '<p>{{tax_id}}</p>' }));
    expect(refused.statusCode).toBe(422);
    expect(((await admin.get(`${TEMPLATES}/${tpl.id}`)).json() as EngagementTemplate).version).toBe(2);
  });

  it('keeps one default per service type: a new default takes over', async () => {
    const a = (await admin.post(TEMPLATES, body({ is_default: true }))).json() as EngagementTemplate;
    const b = (await admin.post(TEMPLATES, body({ is_default: true }))).json() as EngagementTemplate;
    const anyType = (
      await admin.post(TEMPLATES, body({ is_default: true, service_type_id: null }))
    ).json() as EngagementTemplate;
    const list = (await admin.get(TEMPLATES)).json() as { items: EngagementTemplate[] };
    const byId = (id: string) => list.items.find((x) => x.id === id)!;
    expect(byId(a.id).is_default).toBe(false);
    expect(byId(b.id).is_default).toBe(true);
    expect(byId(anyType.id).is_default).toBe(true);
  });

  it('is Admin’s: staff get 403, an unknown template 404', async () => {
    expect((await preparer.get(TEMPLATES)).statusCode).toBe(403);
    expect((await preparer.post(TEMPLATES, body())).statusCode).toBe(403);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await admin.get(`${TEMPLATES}/${missing}`)).statusCode).toBe(404);
    expect((await admin.put(`${TEMPLATES}/${missing}`, body())).statusCode).toBe(404);
  });

  it('keeps the firm’s expiry days (default 30), Admin only, audited', async () => {
    expect((await preparer.get('/api/v1/admin/engagement-settings')).json()).toEqual({
      expiry_days: 30,
      hold_at_open_until_signed: false,
    });
    expect((await preparer.put('/api/v1/admin/engagement-settings', { expiry_days: 10 })).statusCode).toBe(403);
    expect((await admin.put('/api/v1/admin/engagement-settings', { expiry_days: 0 })).statusCode).toBe(422);
    expect((await admin.put('/api/v1/admin/engagement-settings', { expiry_days: 14 })).json()).toEqual({
      expiry_days: 14,
      hold_at_open_until_signed: false,
    });
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'engagement.settings_updated'));
    expect(entries[0]?.meta).toMatchObject({ expiry_days: 14, before: 30 });
  });
});
