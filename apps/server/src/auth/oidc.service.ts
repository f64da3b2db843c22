import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { isStaffRole, OIDC_PROVIDERS, PHONE_MESSAGES, text, type OidcProvider } from '@taxportal/contract';
import type { FastifyBaseLogger } from 'fastify';
import { audit } from '../platform/audit.ts';
import { refuseIfSecondFactor } from './one-factor-sign-in.ts';
import {
  createSession,
  deleteSession,
  isAccountActive,
  loadUserWithRoles,
  userHasFactor,
} from '../platform/auth/sessions.ts';
import type { Config } from '../platform/config.ts';
import { hmacHex, randomToken } from '../platform/crypto.ts';
import type { Db } from '../platform/db/client.ts';
import { oidcLinks, oidcPendingLinks } from '../platform/db/schema.ts';
import { AppError } from '../platform/errors.ts';
import { verifyPassword } from '../platform/passwords.ts';
import { createUser } from '../platform/users.ts';
import * as authRepo from './auth.repository.ts';
import type { RequestMeta } from './auth.service.ts';

/**
 * Social sign-in through OpenID Connect (docs/decisions/0019-b): authorization code with PKCE, state and nonce
 * kept in a short-lived encrypted cookie and checked by openid-client. A provider's identity signs in the account
 * it is linked to; a verified e-mail of an existing account is linked only after that account's password;
 * a verified e-mail of no account makes a new customer. Staff never sign in this way.
 */
export const FLOW_TTL_S = 10 * 60;
export const PENDING_TTL_MS = 10 * 60 * 1000;
const PENDING_MAX_TRIES = 5;

interface ProviderConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /**
   * Apple: the answer comes as a form POST (`response_mode=form_post`, required when a name or e-mail is asked
   * for), and its scopes are `name email` (no `profile`).
   */
  formPost?: boolean;
}

/** Where a social sign-in ends in the web app: `/register?social=<outcome>`. */
export type Outcome = 'failed' | 'cancelled' | 'staff' | 'unverified' | 'no_email' | 'link' | 'off' | 'closed';

export function enabledProviders(config: Config): Partial<Record<OidcProvider, ProviderConfig>> {
  const out: Partial<Record<OidcProvider, ProviderConfig>> = {};
  const add = (p: OidcProvider, id: string | undefined, secret: string | undefined, issuer: string) => {
    if (id && secret) out[p] = { issuer, clientId: id, clientSecret: secret };
  };
  add('google', config.OIDC_GOOGLE_CLIENT_ID, config.OIDC_GOOGLE_CLIENT_SECRET, config.OIDC_GOOGLE_ISSUER);
  add('microsoft', config.OIDC_MICROSOFT_CLIENT_ID, config.OIDC_MICROSOFT_CLIENT_SECRET, config.OIDC_MICROSOFT_ISSUER);
  add('apple', config.OIDC_APPLE_CLIENT_ID, config.OIDC_APPLE_CLIENT_SECRET, config.OIDC_APPLE_ISSUER);
  if (out.apple) out.apple.formPost = true;
  return out;
}

export interface OidcDeps {
  db: Db;
  sessionSecret: Buffer;
  publicUrl: string;
  log: FastifyBaseLogger;
  providers: Partial<Record<OidcProvider, ProviderConfig>>;
}

/**
 * The name Apple posts once, beside the code, on a person's first sign-in (`user`, JSON), since its ID token carries
 * none; the form-post route passes it on to the callback. Anything but a well-formed name is ignored.
 */
function formPostName(params: URLSearchParams): string | null {
  try {
    const user = JSON.parse(params.get('user') ?? 'null') as { name?: { firstName?: unknown; lastName?: unknown } };
    const parts = [user?.name?.firstName, user?.name?.lastName].filter(
      (x): x is string => typeof x === 'string' && x.trim() !== '',
    );
    const name = parts.map((x) => x.trim()).join(' ');
    return text().min(1).max(140).safeParse(name).success ? name : null;
  } catch {
    return null;
  }
}

/** The provider's discovered configuration, fetched once (again after a failure). */
export function createOidc(deps: OidcDeps) {
  const discovered = new Map<OidcProvider, Promise<oidc.Configuration>>();
  const configOf = (p: OidcProvider): Promise<oidc.Configuration> => {
    let c = discovered.get(p);
    if (!c) {
      const pc = deps.providers[p]!;
      const url = new URL(pc.issuer);
      // Loopback issuers over plain http are the tests' local provider.
      const insecure = url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
      // The ID token's signature is checked against the provider's published keys (non-repudiation checks), not
      // only trusted because it came over TLS from the token endpoint: openid-client skips that check by default.
      c = oidc.discovery(url, pc.clientId, undefined, oidc.ClientSecretPost(pc.clientSecret), {
        execute: [...(insecure ? [oidc.allowInsecureRequests] : []), oidc.enableNonRepudiationChecks],
      });
      c.catch(() => discovered.delete(p));
      discovered.set(p, c);
    }
    return c;
  };
  const providerOf = (name: string): OidcProvider | null =>
    (OIDC_PROVIDERS as readonly string[]).includes(name) && deps.providers[name as OidcProvider]
      ? (name as OidcProvider)
      : null;
  const redirectUri = (p: OidcProvider) => `${deps.publicUrl}/api/v1/auth/oidc/${p}/callback`;
  const key = createHmac('sha256', deps.sessionSecret).update('oidc-flow-cookie').digest();

  function seal(value: object): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
  }
  function unseal(value: string | undefined): Record<string, unknown> | null {
    try {
      const [iv, tag, body] = (value ?? '').split('.').map((s) => Buffer.from(s, 'base64url'));
      if (!iv || !tag || !body || iv.length !== 12 || tag.length !== 16) return null;
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return JSON.parse(Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')) as Record<
        string,
        unknown
      >;
    } catch {
      return null;
    }
  }

  /** The provider's sign-in URL and the sealed flow (state, nonce, PKCE verifier) for the browser's cookie. */
  async function start(name: string): Promise<{ url: string; flow: string } | null> {
    const p = providerOf(name);
    if (!p) return null;
    const config = await configOf(p);
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const formPost = deps.providers[p]?.formPost === true;
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri(p),
      scope: formPost ? 'openid name email' : 'openid email profile',
      ...(formPost ? { response_mode: 'form_post' } : {}),
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    const flow = seal({ p, state, nonce, verifier, exp: Date.now() + FLOW_TTL_S * 1000 });
    return { url: url.href, flow };
  }

  type Result =
    | { outcome: 'signed_in'; userId: string }
    | { outcome: Exclude<Outcome, 'link'> }
    | { outcome: 'link'; pendingToken: string };

  /**
   * The provider sent the browser back: exchange the code (openid-client checks state, PKCE, the ID token's
   * signature against the provider's keys, issuer, audience and nonce), read the e-mail from the ID token or, where
   * the provider keeps it there (OpenID Connect Core §5.4), from its userinfo endpoint; then sign in, ask for the
   * password to link, or refuse.
   */
  async function callback(
    name: string,
    rawQuery: string,
    flowCookie: string | undefined,
    meta: RequestMeta,
  ): Promise<Result> {
    const p = providerOf(name);
    if (!p) return { outcome: 'off' };
    const params = new URLSearchParams(rawQuery);
    if (params.get('error')) return { outcome: 'cancelled' };
    const flow = unseal(flowCookie);
    if (!flow || flow.p !== p || typeof flow.exp !== 'number' || flow.exp < Date.now()) return { outcome: 'failed' };
    let claims: Record<string, unknown>;
    try {
      const config = await configOf(p);
      const current = new URL(redirectUri(p));
      current.search = params.toString();
      const tokens = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: String(flow.verifier),
        expectedState: String(flow.state),
        expectedNonce: String(flow.nonce),
        idTokenExpected: true,
      });
      claims = { ...(tokens.claims() ?? {}) } as Record<string, unknown>;
      if ((typeof claims.email !== 'string' || claims.email_verified === undefined) && tokens.access_token) {
        // The subject must be the ID token's (openid-client checks it), so the answer is about the same person.
        const info = await oidc.fetchUserInfo(config, tokens.access_token, String(claims.sub ?? ''));
        for (const k of ['email', 'email_verified', 'name'] as const) if (claims[k] === undefined) claims[k] = info[k];
      }
    } catch (err) {
      deps.log.warn(
        { provider: p, err: (err as Error)?.name, code: (err as { code?: string })?.code },
        'oidc callback refused',
      );
      return { outcome: 'failed' };
    }
    const subject = typeof claims.sub === 'string' ? claims.sub : '';
    if (!subject) return { outcome: 'failed' };
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : null;
    // Apple sends "true" as a string.
    const emailVerified = claims.email_verified === true || claims.email_verified === 'true';

    const [link] = await deps.db
      .select()
      .from(oidcLinks)
      .where(and(eq(oidcLinks.provider, p), eq(oidcLinks.subject, subject)));
    if (link) return signInAs(link.user_id, p, meta);

    if (!email) return { outcome: 'no_email' };
    const existing = await authRepo.findUserByEmail(deps.db, email);
    if (existing) {
      const loaded = (await loadUserWithRoles(deps.db, existing.id))!;
      if (loaded.roles.some(isStaffRole)) return { outcome: 'staff' };
      if (!emailVerified) return { outcome: 'unverified' };
      const pendingToken = randomToken(32);
      await deps.db.insert(oidcPendingLinks).values({
        id: hmacHex(deps.sessionSecret, `oidc-link:${pendingToken}`),
        provider: p,
        subject,
        email,
        user_id: existing.id,
        expires_at: new Date(Date.now() + PENDING_TTL_MS),
      });
      return { outcome: 'link', pendingToken };
    }
    // A new account only for an address the provider vouches for: otherwise anyone could take an address.
    if (!emailVerified) return { outcome: 'unverified' };
    const given = typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : formPostName(params);
    const fullName = given ? given.slice(0, 140) : email.split('@')[0]!;
    let userId: string;
    try {
      // The account has no password anyone knows; "Forgot password" sets one.
      userId = await createUser(deps.db, {
        email,
        full_name: fullName,
        password: randomToken(32),
        roles: ['Customer'],
      });
    } catch (err) {
      if (authRepo.isUniqueViolation(err)) return { outcome: 'failed' };
      throw err;
    }
    await deps.db.insert(oidcLinks).values({ provider: p, subject, user_id: userId, email });
    await audit(deps.db, {
      actorId: userId,
      action: 'user.registered',
      entityType: 'user',
      entityId: userId,
      ip: meta.ip,
    });
    return signInAs(userId, p, meta);
  }

  async function signInAs(userId: string, p: OidcProvider, meta: RequestMeta): Promise<Result> {
    const loaded = await loadUserWithRoles(deps.db, userId);
    if (!loaded) return { outcome: 'failed' };
    if (loaded.roles.some(isStaffRole)) return { outcome: 'staff' };
    // The provider vouched for the person, so they may be told the account is closed (a password sign-in is not).
    if (!(await isAccountActive(deps.db, userId))) return { outcome: 'closed' };
    await audit(deps.db, {
      actorId: userId,
      action: `user.login_${p}`,
      entityType: 'user',
      entityId: userId,
      ip: meta.ip,
    });
    return { outcome: 'signed_in', userId };
  }

  const pendingWhere = (token: string | undefined) =>
    and(
      eq(oidcPendingLinks.id, hmacHex(deps.sessionSecret, `oidc-link:${token ?? ''}`)),
      gt(oidcPendingLinks.expires_at, new Date()),
    );

  async function pending(token: string | undefined) {
    if (!token) throw new AppError('not_found', PHONE_MESSAGES.linkInvalid);
    const [row] = await deps.db.select().from(oidcPendingLinks).where(pendingWhere(token));
    if (!row) throw new AppError('not_found', PHONE_MESSAGES.linkInvalid);
    return { provider: row.provider as OidcProvider, email: row.email };
  }

  /** The person proves the account is theirs with its password: the identity is linked, and they are in. */
  async function confirmLink(
    token: string | undefined,
    password: string,
    meta: RequestMeta,
    previousSessionId: string | null,
  ) {
    if (!token) throw new AppError('not_found', PHONE_MESSAGES.linkInvalid);
    const [row] = await deps.db
      .update(oidcPendingLinks)
      .set({ attempts: sql`${oidcPendingLinks.attempts} + 1` })
      .where(and(pendingWhere(token), sql`${oidcPendingLinks.attempts} < ${PENDING_MAX_TRIES}`))
      .returning();
    if (!row) throw new AppError('not_found', PHONE_MESSAGES.linkInvalid);
    const user = await authRepo.findUserById(deps.db, row.user_id);
    if (!user || !(await verifyPassword(user.password_hash, password))) {
      throw new AppError('unauthenticated', PHONE_MESSAGES.linkPassword);
    }
    const loaded = (await loadUserWithRoles(deps.db, user.id))!;
    if (loaded.roles.some(isStaffRole)) throw new AppError('forbidden', PHONE_MESSAGES.staffRefused);
    await refuseIfSecondFactor(deps.db, user.id);
    const done = await deps.db.transaction(async (tx) => {
      const gone = await tx.delete(oidcPendingLinks).where(eq(oidcPendingLinks.id, row.id)).returning();
      if (gone.length === 0) return false;
      await tx
        .insert(oidcLinks)
        .values({ provider: row.provider, subject: row.subject, user_id: user.id, email: row.email })
        .onConflictDoNothing();
      await audit(tx, {
        actorId: user.id,
        action: `user.oidc_linked_${row.provider}`,
        entityType: 'user',
        entityId: user.id,
        ip: meta.ip,
      });
      return true;
    });
    if (!done) throw new AppError('not_found', PHONE_MESSAGES.linkInvalid);
    if (previousSessionId) await deleteSession(deps.db, previousSessionId);
    const session = await createSession(deps.db, deps.sessionSecret, user.id, meta);
    return { session, loaded };
  }

  return {
    enabled: () => OIDC_PROVIDERS.filter((p) => deps.providers[p]),
    start,
    callback,
    pending,
    confirmLink,
    /** A redirecting flow asks first, then says so in its own words (one-factor-sign-in.ts holds the rule). */
    hasSecondFactor: (userId: string) => userHasFactor(deps.db, userId),
    /** A session for the person the provider signed in; the browser's previous session ends, as at every sign-in. */
    newSession: async (userId: string, meta: RequestMeta, previousSessionId: string | null) => {
      await refuseIfSecondFactor(deps.db, userId);
      const session = await createSession(deps.db, deps.sessionSecret, userId, meta);
      if (previousSessionId) await deleteSession(deps.db, previousSessionId);
      return session;
    },
  };
}
export type Oidc = ReturnType<typeof createOidc>;
