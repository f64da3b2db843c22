import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** Routes that answer anonymous callers on purpose. Adding one here is a decision: review it. */
const PUBLIC = new Set([
  'GET /api/health',
  'GET /api/ready',
  'GET /api/openapi.json',
  'POST /api/v1/auth/register',
  'GET /api/v1/auth/exists',
  'POST /api/v1/auth/login',
  'POST /api/v1/auth/passkeys/login/options',
  'POST /api/v1/auth/passkeys/login/verify',
  'POST /api/v1/auth/logout',
  'POST /api/v1/auth/password-reset',
  'POST /api/v1/auth/password-reset/confirm',
  // Phone and social sign-in (their own limits and checks: auth/phone.service.ts, auth/oidc.service.ts).
  'GET /api/v1/auth/methods',
  'POST /api/v1/auth/phone/start',
  'POST /api/v1/auth/phone/verify',
  'GET /api/v1/auth/oidc/:provider/start',
  'GET /api/v1/auth/oidc/:provider/callback',
  'POST /api/v1/auth/oidc/:provider/callback',
  'GET /api/v1/auth/oidc/link',
  'POST /api/v1/auth/oidc/link',
  // Mailed links: a token is the credential.
  'POST /api/v1/auth/invitations/check',
  'POST /api/v1/auth/invitations/accept',
  'POST /api/v1/household/join/check',
  'POST /api/v1/household/join',
  'POST /api/v1/profile/email-change/confirm',
  'POST /api/v1/client-invitations/open',
  'GET /api/v1/catalog/service-types',
  'GET /api/v1/catalog/services',
  'GET /api/v1/catalog/years',
  'GET /api/v1/catalog/document-types',
  // Billing: Stripe cannot sign in (the signature is the check); share links are the invoice's hash key.
  'POST /api/v1/payments/stripe/webhook',
  'GET /api/v1/invoices/shared/:token',
  'GET /api/v1/invoices/shared/:token/pdf',
  // §7216 disclosure (decision 0035): a ticket's documents shared with a third party; the token is the proof, and
  // the client's consent to disclose to that recipient is asked at each open and download.
  'GET /api/v1/shared-documents/:token',
  'GET /api/v1/shared-documents/:token/files/:fileId',
  // The public site (issue 11): published content only; the two forms are rate-limited and spam-checked.
  'GET /api/v1/site',
  'GET /api/v1/pages/:route',
  'GET /api/v1/blog',
  'GET /api/v1/blog/categories',
  'GET /api/v1/blog/:slug',
  'GET /api/v1/galleries',
  'GET /api/v1/galleries/:slug',
  'GET /api/v1/site/events',
  'GET /api/v1/site/events/:slug',
  'GET /api/v1/jobs',
  'GET /api/v1/jobs/:slug',
  'GET /api/v1/forms',
  'GET /api/v1/forms/:slug',
  'POST /api/v1/forms/:slug/submissions',
  'POST /api/v1/contact-enquiries',
  // The media library's images: published by their nature, content-addressed.
  'GET /api/v1/media/:file',
]);

describe('every route', () => {
  it('refuses an anonymous caller unless it is on the public list', async () => {
    const apiRoutes = t.routes.filter(
      (r) => r.url.startsWith('/api') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD',
    );
    expect(apiRoutes.length).toBeGreaterThan(10);
    for (const route of apiRoutes) {
      const key = `${route.method} ${route.url}`;
      if (route.isPublic) {
        expect(PUBLIC.has(key), `${key} is marked public but is not on the reviewed list`).toBe(true);
        continue;
      }
      const url = route.url.replace(/:(\w+)/g, 'x').replace('*', 'x');
      const res = await t.app.inject({
        method: route.method as 'GET',
        url,
        payload: route.method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, key).toBe(401);
      expect(res.headers['content-type'], key).toMatch(/problem\+json/);
    }
  });

  it('refuses a forged or unknown API token', async () => {
    const res = await t.app.inject({ url: '/api/v1/auth/session', headers: { authorization: 'token abc:def' } });
    expect(res.statusCode).toBe(401);
  });
});
