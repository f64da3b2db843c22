import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { letters } from '../staff-pool.ts';
import { expect, hydrating, newUser, registerByApi, totpCode, type TestUser } from './fixtures.ts';
import { postJson } from './ticket-helpers.ts';

/** The person of `request` turns on an authenticator app (through the API): its secret. */
export async function enableTotp(request: APIRequestContext): Promise<string> {
  const { secret } = await postJson<{ secret: string }>(request, '/api/v1/auth/mfa/setup', {});
  await postJson(request, '/api/v1/auth/mfa/enable', { code: totpCode(secret) });
  return secret;
}

/** The page fits its width: nothing scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const w = globalThis as unknown as { innerWidth: number; document: { documentElement: { scrollWidth: number } } };
    return w.document.documentElement.scrollWidth - w.innerWidth;
  });
  expect(overflow).toBeLessThanOrEqual(0);
}

/** A spouse signed in in a browser of their own, in the household of the customer who invited them. */
export interface Spouse {
  user: TestUser;
  context: BrowserContext;
  page: Page;
}

/**
 * Through the API, for journeys about what a household does rather than how it is made (households.spec.ts makes one
 * through the UI): a new customer registers in a browser context of their own, the signed-in customer of `inviter`
 * invites them, and they accept. The caller closes `context`.
 */
export async function spouseByApi(
  inviter: APIRequestContext,
  browser: Browser,
  options: { baseURL: string | undefined; viewport: { width: number; height: number } },
): Promise<Spouse> {
  const user = newUser({ full_name: `Sasha Spouse ${letters(8)}` });
  const context = await browser.newContext({ ...options, reducedMotion: 'reduce' });
  await registerByApi(context.request, user);
  await postJson(inviter, '/api/v1/household/invitations', { full_name: user.full_name, email: user.email }, 202);
  const res = await context.request.get('/api/v1/household');
  expect(res.status()).toBe(200);
  const { received } = (await res.json()) as { received: { id: string }[] };
  expect(received).toHaveLength(1);
  await postJson(context.request, `/api/v1/household/invitations/${received[0]!.id}/accept`, {});
  return { user, context, page: hydrating(await context.newPage()) };
}
