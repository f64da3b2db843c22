import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_MESSAGES } from '@taxportal/contract';
import { oidcLinks, sessions, users } from '../platform/db/schema.ts';
import {
  Agent,
  createCustomer,
  createStaff,
  createTestApp,
  enrollTestTotp,
  PASSWORD,
  signIn,
  uniqueEmail,
  type TestApp,
} from '../test/helper.ts';
import {
  startOidcProvider,
  type LocalOidcProvider,
  type OidcAccount,
  type OidcProviderOptions,
} from '../test/oidc-provider.ts';

const PUBLIC_URL = 'http://portal.test';
let t: TestApp;
let op: LocalOidcProvider;
beforeAll(async () => {
  op = await startOidcProvider({
    redirectUris: [`${PUBLIC_URL}/api/v1/auth/oidc/google/callback`, `${PUBLIC_URL}/api/v1/auth/oidc/apple/callback`],
  });
  t = await createTestApp({ ...op.env, PUBLIC_URL });
});
afterAll(async () => {
  await t.close();
  await op.close();
});

const local = (url: string) => url.replace(PUBLIC_URL, '');

/** Starts at the portal, returns the agent (holding the flow cookie) and the provider's authorization URL. */
async function begin(agent = new Agent(t.app)) {
  const res = await agent.get('/api/v1/auth/oidc/google/start');
  expect(res.statusCode).toBe(302);
  const url = res.headers.location as string;
  expect(url.startsWith(op.issuer)).toBe(true);
  const q = new URL(url).searchParams;
  expect(q.get('code_challenge_method')).toBe('S256');
  expect(q.get('state')).toBeTruthy();
  expect(q.get('nonce')).toBeTruthy();
  return { agent, url };
}

async function signInWith(account: OidcAccount, agent = new Agent(t.app)) {
  const { url } = await begin(agent);
  const back = await op.authorize(url, account);
  expect(back.startsWith(`${PUBLIC_URL}/api/v1/auth/oidc/google/callback?`)).toBe(true);
  const res = await agent.get(local(back));
  return { agent, res, back };
}

const signedIn = async (agent: Agent) => (await agent.get('/api/v1/auth/session')).statusCode === 200;

describe('social sign-in (OpenID Connect against a local provider)', () => {
  it('lists the enabled providers', async () => {
    const res = await new Agent(t.app).get('/api/v1/auth/methods');
    expect(res.json()).toEqual({ phone: true, oidc: ['google'] });
  });

  it('a verified e-mail of no account makes a new customer, linked; the next sign-in finds the link', async () => {
    const email = uniqueEmail('social');
    const { agent, res } = await signInWith({ email, email_verified: true, name: 'Sam Social' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/dashboard');
    const session = (await agent.get('/api/v1/auth/session')).json();
    expect(session).toMatchObject({ user: { email, full_name: 'Sam Social' }, roles: ['Customer'] });
    const [link] = await t.database.db.select().from(oidcLinks).where(eq(oidcLinks.user_id, session.user.id));
    expect(link).toMatchObject({ provider: 'google' });
    const again = await signInWith({ email, email_verified: true });
    expect(again.res.headers.location).toBe('/dashboard');
    expect((await again.agent.get('/api/v1/auth/session')).json().user.id).toBe(session.user.id);
  });

  it('refuses a wrong state', async () => {
    const { agent, url } = await begin();
    const forged = new URL(url);
    forged.searchParams.set('state', 'forged-state-value');
    const back = await op.authorize(forged.href, { email: uniqueEmail('state'), email_verified: true });
    const res = await agent.get(local(back));
    expect(res.headers.location).toBe('/register?social=failed');
    expect(await signedIn(agent)).toBe(false);
  });

  it('refuses a wrong nonce', async () => {
    const { agent, url } = await begin();
    const forged = new URL(url);
    forged.searchParams.set('nonce', 'another-nonce');
    const back = await op.authorize(forged.href, { email: uniqueEmail('nonce'), email_verified: true });
    const res = await agent.get(local(back));
    expect(res.headers.location).toBe('/register?social=failed');
    expect(await signedIn(agent)).toBe(false);
  });

  it('refuses a callback without the flow cookie (another browser) and a replayed code', async () => {
    const email = uniqueEmail('replay');
    const { agent, url } = await begin();
    const flow = agent.cookies.get('tp_oidc_flow')!;
    const back = await op.authorize(url, { email, email_verified: true });
    // Another browser, without this one's flow cookie.
    const stranger = await new Agent(t.app).get(local(back));
    expect(stranger.headers.location).toBe('/register?social=failed');
    // The code was not spent by the stranger: the right browser signs in.
    expect((await agent.get(local(back))).headers.location).toBe('/dashboard');
    // Replayed with the same flow cookie: the provider refuses the spent code.
    const replay = new Agent(t.app);
    replay.cookies.set('tp_oidc_flow', flow);
    const res = await replay.get(local(back));
    expect(res.headers.location).toBe('/register?social=failed');
    expect(await signedIn(replay)).toBe(false);
  });

  it("an unverified e-mail matching an account links nothing and signs no one in, even with the account's password", async () => {
    const c = await createCustomer(t);
    const { agent, res } = await signInWith({ email: c.email, email_verified: false });
    expect(res.headers.location).toBe('/register?social=unverified');
    expect(agent.cookies.has('tp_oidc_link')).toBe(false);
    const confirm = await agent.post('/api/v1/auth/oidc/link', { password: PASSWORD });
    expect(confirm.statusCode).toBe(404);
    expect(await signedIn(agent)).toBe(false);
    expect(await t.database.db.select().from(oidcLinks).where(eq(oidcLinks.user_id, c.id))).toEqual([]);
  });

  it('an unverified e-mail of no account makes no account', async () => {
    const email = uniqueEmail('unverified-new');
    const { res } = await signInWith({ email, email_verified: false });
    expect(res.headers.location).toBe('/register?social=unverified');
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('a verified e-mail of an account links only after its password', async () => {
    const c = await createCustomer(t);
    const { agent, res } = await signInWith({ email: c.email, email_verified: true });
    expect(res.headers.location).toBe('/register?social=link');
    expect(await signedIn(agent)).toBe(false);
    expect((await agent.get('/api/v1/auth/oidc/link')).json()).toEqual({ provider: 'google', email: c.email });
    // Without the cookie, nothing to confirm.
    expect((await new Agent(t.app).post('/api/v1/auth/oidc/link', { password: PASSWORD })).statusCode).toBe(404);
    const wrong = await agent.post('/api/v1/auth/oidc/link', { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().detail).toBe(PHONE_MESSAGES.linkPassword);
    expect(await t.database.db.select().from(oidcLinks).where(eq(oidcLinks.user_id, c.id))).toEqual([]);
    const right = await agent.post('/api/v1/auth/oidc/link', { password: PASSWORD });
    expect(right.statusCode).toBe(200);
    expect(right.json().user.id).toBe(c.id);
    expect(await signedIn(agent)).toBe(true);
    expect(await t.database.db.select().from(oidcLinks).where(eq(oidcLinks.user_id, c.id))).toHaveLength(1);
    // The pending link is spent.
    expect((await agent.post('/api/v1/auth/oidc/link', { password: PASSWORD })).statusCode).toBe(404);
    // Next time the link signs in directly.
    const again = await signInWith({ email: c.email, email_verified: true });
    expect(again.res.headers.location).toBe('/dashboard');
  });

  it('stops guessing the password of a pending link after 5 tries', async () => {
    const c = await createCustomer(t);
    const { agent } = await signInWith({ email: c.email, email_verified: true });
    for (let i = 0; i < 5; i++) {
      expect((await agent.post('/api/v1/auth/oidc/link', { password: `wrong-${i}` })).statusCode).toBe(401);
    }
    expect((await agent.post('/api/v1/auth/oidc/link', { password: PASSWORD })).statusCode).toBe(404);
  });

  it('never signs in, or links, an account that has a second factor: password and code it is', async () => {
    // Linked first, then the customer turns on TOTP: the link no longer signs them in.
    const linked = await createCustomer(t);
    const first = await signInWith({ email: linked.email, email_verified: true });
    expect((await first.agent.post('/api/v1/auth/oidc/link', { password: PASSWORD })).statusCode).toBe(200);
    await enrollTestTotp(t, linked);
    const again = await signInWith({ email: linked.email, email_verified: true });
    expect(again.res.headers.location).toBe('/register?social=factor');
    expect(await signedIn(again.agent)).toBe(false);
    // Not linked yet: the password step refuses, and no link is made.
    const guarded = await createCustomer(t);
    await enrollTestTotp(t, guarded);
    const { agent } = await signInWith({ email: guarded.email, email_verified: true });
    const confirm = await agent.post('/api/v1/auth/oidc/link', { password: PASSWORD });
    expect(confirm.statusCode).toBe(403);
    expect(confirm.json().detail).toBe(PHONE_MESSAGES.factorRefused);
    expect(await signedIn(agent)).toBe(false);
    expect(await t.database.db.select().from(oidcLinks).where(eq(oidcLinks.user_id, guarded.id))).toEqual([]);
  });

  it('never signs staff in, and tells them why', async () => {
    const staff = await createStaff(t, 'Admin');
    const { agent, res } = await signInWith({ email: staff.email, email_verified: true });
    expect(res.headers.location).toBe('/register?social=staff');
    expect(await signedIn(agent)).toBe(false);
  });

  it('answers an unknown or disabled provider with a redirect that says so', async () => {
    for (const p of ['apple', 'microsoft', 'nope']) {
      const res = await new Agent(t.app).get(`/api/v1/auth/oidc/${p}/start`);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/register?social=off');
    }
  });

  it('a closed account that comes back through the provider lands on the sign-in page, told it is closed', async () => {
    const c = await createCustomer(t);
    const first = await signInWith({ email: c.email, email_verified: true });
    expect((await first.agent.post('/api/v1/auth/oidc/link', { password: PASSWORD })).statusCode).toBe(200);
    const close = await first.agent.post('/api/v1/profile/close', { password: PASSWORD });
    expect(close.statusCode, close.body).toBe(200);
    const again = await signInWith({ email: c.email, email_verified: true });
    expect(again.res.statusCode).toBe(302);
    expect(again.res.headers.location).toBe('/register?social=closed');
    expect(await signedIn(again.agent)).toBe(false);
  });

  it("ends the browser's previous session, as every other sign-in does", async () => {
    const before = await createCustomer(t);
    const agent = await signIn(t, before.email);
    const oldCookie = [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    expect((await agent.get('/api/v1/auth/session')).json().user.email).toBe(before.email);
    const email = uniqueEmail('switch');
    const { res } = await signInWith({ email, email_verified: true }, agent);
    expect(res.headers.location).toBe('/dashboard');
    expect((await agent.get('/api/v1/auth/session')).json().user.email).toBe(email);
    // The first person's cookie, kept by someone, no longer works; their device list no longer shows it.
    const stale = await t.app.inject({ url: '/api/v1/auth/session', headers: { cookie: oldCookie } });
    expect(stale.statusCode).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.user_id, before.id))).toEqual([]);
  });

  it('a provider error (the person cancelled) goes back to the sign-in page', async () => {
    const { agent } = await begin();
    const res = await agent.get('/api/v1/auth/oidc/google/callback?error=access_denied&state=x');
    expect(res.headers.location).toBe('/register?social=cancelled');
  });
});

describe('Apple: the answer comes as a form post', () => {
  // The local provider plays Apple: the app asks for response_mode=form_post, and the provider's last page posts
  // the code and state back from its own origin.
  let apple: TestApp;
  beforeAll(async () => {
    apple = await createTestApp({
      PUBLIC_URL,
      OIDC_APPLE_CLIENT_ID: op.env.OIDC_GOOGLE_CLIENT_ID!,
      OIDC_APPLE_CLIENT_SECRET: op.env.OIDC_GOOGLE_CLIENT_SECRET!,
      OIDC_APPLE_ISSUER: op.issuer,
    });
  });
  afterAll(async () => apple.close());

  async function postBack(fields: Record<string, string>, agent: Agent) {
    // A cross-site form POST: the browser sends none of the portal's SameSite=Lax cookies with it.
    const posted = await apple.app.inject({
      method: 'POST',
      url: '/api/v1/auth/oidc/apple/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    expect(posted.statusCode).toBe(303);
    const next = posted.headers.location as string;
    expect(next.startsWith('/api/v1/auth/oidc/apple/callback?')).toBe(true);
    // The top-level GET it is sent on to carries the flow cookie.
    return agent.get(next);
  }

  it('asks for form_post, then signs in through the GET it sends the post on to, with the posted name', async () => {
    const agent = new Agent(apple.app);
    const start = await agent.get('/api/v1/auth/oidc/apple/start');
    const url = new URL(start.headers.location as string);
    expect(url.searchParams.get('response_mode')).toBe('form_post');
    expect(url.searchParams.get('scope')).toBe('openid name email');
    const email = uniqueEmail('apple');
    const { action, fields } = await op.authorizeFormPost(url.href, { email, email_verified: true });
    expect(action).toBe(`${PUBLIC_URL}/api/v1/auth/oidc/apple/callback`);
    expect(fields.code).toBeTruthy();
    const res = await postBack(
      { ...fields, user: JSON.stringify({ name: { firstName: 'Ada', lastName: 'Apple' } }) },
      agent,
    );
    expect(res.headers.location).toBe('/dashboard');
    expect((await agent.get('/api/v1/auth/session')).json().user).toMatchObject({ email, full_name: 'Ada Apple' });
  });

  it('refuses the posted answer in a browser that did not start the flow, and a forged state', async () => {
    const starter = new Agent(apple.app);
    const start = await starter.get('/api/v1/auth/oidc/apple/start');
    const { fields } = await op.authorizeFormPost(start.headers.location as string, {
      email: uniqueEmail('apple-x'),
      email_verified: true,
    });
    const stranger = new Agent(apple.app);
    expect((await postBack(fields, stranger)).headers.location).toBe('/register?social=failed');
    expect((await stranger.get('/api/v1/auth/session')).statusCode).toBe(401);

    const again = new Agent(apple.app);
    const s2 = await again.get('/api/v1/auth/oidc/apple/start');
    const answer = await op.authorizeFormPost(s2.headers.location as string, {
      email: uniqueEmail('apple-y'),
      email_verified: true,
    });
    const forged = await postBack({ ...answer.fields, state: 'forged' }, again);
    expect(forged.headers.location).toBe('/register?social=failed');
  });

  it('refuses a body that is not a form of strings with 4xx, changing nothing', async () => {
    const res = await apple.app.inject({
      method: 'POST',
      url: '/api/v1/auth/oidc/apple/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `code=${'x'.repeat(20_000)}`,
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

/**
 * Providers set up unlike the one above, as an outside tester found them: an issuer with a path, ES256 only, PKCE
 * required, e-mail at the userinfo endpoint alone (OpenID Connect Core §5.4); and one whose ID tokens are forged.
 */
describe('other providers', () => {
  async function appWith(options: Omit<OidcProviderOptions, 'redirectUris'>) {
    const provider = await startOidcProvider({
      ...options,
      redirectUris: [`${PUBLIC_URL}/api/v1/auth/oidc/google/callback`],
    });
    const app = await createTestApp({ ...provider.env, PUBLIC_URL });
    return { provider, app, close: async () => (await app.close(), await provider.close()) };
  }
  async function signInAt(env: Awaited<ReturnType<typeof appWith>>, account: OidcAccount) {
    const agent = new Agent(env.app.app);
    const start = await agent.get('/api/v1/auth/oidc/google/start');
    const back = await env.provider.authorize(start.headers.location as string, account);
    const res = await agent.get(local(back));
    return { agent, res };
  }

  it('reads the e-mail from userinfo when the ID token has none, at an issuer with a path, signing with ES256', async () => {
    const env = await appWith({ path: '/tenant/v2', es256: true, claimsAtUserinfo: true });
    try {
      expect(env.provider.issuer).toMatch(/\/tenant\/v2$/);
      const email = uniqueEmail('userinfo');
      const { agent, res } = await signInAt(env, { email, email_verified: true, name: 'Uma Userinfo' });
      expect(res.headers.location).toBe('/dashboard');
      expect((await agent.get('/api/v1/auth/session')).json().user).toMatchObject({ email, full_name: 'Uma Userinfo' });
      // An unverified address there is still refused.
      const unverified = await signInAt(env, { email: uniqueEmail('userinfo-x'), email_verified: false });
      expect(unverified.res.headers.location).toBe('/register?social=unverified');
    } finally {
      await env.close();
    }
  });

  it('refuses an ID token signed with a key outside the provider’s key set, and makes no account', async () => {
    for (const es256 of [false, true]) {
      const env = await appWith({ forgeIdTokens: true, es256 });
      try {
        const email = uniqueEmail('forged');
        const { agent, res } = await signInAt(env, { email, email_verified: true });
        expect(res.headers.location, es256 ? 'ES256' : 'RS256').toBe('/register?social=failed');
        expect(await signedIn(agent)).toBe(false);
        expect(await env.app.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
      } finally {
        await env.close();
      }
    }
  });
});
