/**
 * A real OpenID provider on loopback (the `oidc-provider` package) for tests of social sign-in: discovery, an
 * authorization endpoint with PKCE, a token endpoint issuing signed ID tokens with the request's nonce, one-use
 * codes. Its sign-in page is a small form (e-mail, name, "e-mail verified"), which tests post to as a person
 * would (`authorize` below) and the browser tests fill in. Run as a program (`tsx oidc-provider.ts --port N
 * --redirect URL`) it serves the e2e run.
 */
import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import Provider from 'oidc-provider';

export const OIDC_CLIENT_ID = 'taxportal-test';
export const OIDC_CLIENT_SECRET = 'taxportal-test-secret-0123456789abcdef';

export interface OidcAccount {
  email: string;
  email_verified: boolean;
  name?: string;
  /** The provider's subject; by default derived from the e-mail (one person, one subject). */
  sub?: string;
}

export interface LocalOidcProvider {
  issuer: string;
  /** The app's environment turning Google on, pointed here. */
  env: Record<string, string>;
  /**
   * Plays the person at the provider: follows the authorization URL, signs in as `account` on the form and
   * returns the URL the provider sends the browser back to (the app's callback with code and state).
   */
  authorize(authorizationUrl: string, account: OidcAccount): Promise<string>;
  /**
   * The same for `response_mode=form_post` (Apple's way): the provider answers with a page that POSTs the code and
   * state back to the app; returns that form's target and fields, for the test to post as the browser would.
   */
  authorizeFormPost(
    authorizationUrl: string,
    account: OidcAccount,
  ): Promise<{ action: string; fields: Record<string, string> }>;
  close(): Promise<void>;
}

const subjectOf = (a: OidcAccount) => a.sub ?? `sub-${createHash('sha256').update(a.email).digest('hex').slice(0, 16)}`;
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** How this provider differs from the defaults, as other real providers do. */
export interface OidcProviderOptions {
  port?: number;
  redirectUris: string[];
  /** The issuer has a path (`http://127.0.0.1:N/tenant/v2`), as Microsoft's and Okta's do: the provider lives there. */
  path?: string;
  /**
   * The scopes' claims (e-mail, name) only at the userinfo endpoint, never in the ID token, as OpenID Connect Core
   * §5.4 has it and oidc-provider does by default; otherwise in the ID token too, as Google does.
   */
  claimsAtUserinfo?: boolean;
  /** ID tokens signed with ES256 alone (a P-256 key), not the quick-start RS256 keys. */
  es256?: boolean;
  /**
   * Each ID token the token endpoint answers is signed again with a key of the same kind that is not in the
   * provider's published key set, its header (`alg`, `kid`) kept: a forged token, as an attacker would make one.
   */
  forgeIdTokens?: boolean;
}

/** An ID token `jwt` signed again with `key` (RS256 or ES256, as its header says), header and claims kept. */
function signAgain(jwt: string, keys: { rsa: KeyObject; ec: KeyObject }): string {
  const [header, payload] = jwt.split('.') as [string, string];
  const alg = (JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg: string }).alg;
  const data = Buffer.from(`${header}.${payload}`);
  const signature =
    alg === 'ES256'
      ? sign('sha256', data, { key: keys.ec, dsaEncoding: 'ieee-p1363' })
      : sign('sha256', data, keys.rsa);
  return `${header}.${payload}.${signature.toString('base64url')}`;
}

export async function startOidcProvider(opts: OidcProviderOptions): Promise<LocalOidcProvider> {
  const accounts = new Map<string, OidcAccount>();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const mount = opts.path ?? '';
  const issuer = `http://127.0.0.1:${port}${mount}`;
  const es256 = opts.es256
    ? { kty: 'EC', ...generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }) }
    : null;
  const foreign = {
    rsa: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey,
    ec: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey,
  };
  const provider = new Provider(issuer, {
    ...(es256 ? { jwks: { keys: [{ ...es256, use: 'sig', alg: 'ES256', kid: 'p256-1' }] } } : {}),
    ...(es256 ? { enabledJWA: { idTokenSigningAlgValues: ['ES256'] } } : {}),
    clients: [
      {
        client_id: OIDC_CLIENT_ID,
        client_secret: OIDC_CLIENT_SECRET,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
        ...(es256 ? { id_token_signed_response_alg: 'ES256' } : {}),
      },
    ],
    async findAccount(_ctx: unknown, sub: string) {
      const a = accounts.get(sub);
      if (!a) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ sub, email: a.email, email_verified: a.email_verified, name: a.name }),
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: opts.claimsAtUserinfo === true,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `${mount}/interaction/${interaction.uid}` },
    cookies: { keys: ['local-oidc-provider-cookie-key-0001'] },
    pkce: { required: () => true },
    ttl: { AuthorizationCode: 60, IdToken: 600, AccessToken: 600, Interaction: 600, Session: 600, Grant: 600 },
  });
  const callback = provider.callback();
  // Mounted at the issuer's path: the provider reads the mount from `originalUrl` beside the shortened `url`.
  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (mount) {
      const url = req.url ?? '/';
      if (!url.startsWith(`${mount}/`)) {
        res.writeHead(404).end();
        return;
      }
      Object.assign(req, { originalUrl: url, url: url.slice(mount.length) });
    }
    if (opts.forgeIdTokens && (req.url ?? '').startsWith('/token')) forgeAnswer(res);
    return callback(req, res);
  };
  /** The token endpoint's answer, its ID token signed again with a foreign key before it leaves. */
  function forgeAnswer(res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    res.write = ((chunk: unknown) => {
      chunks.push(Buffer.from(chunk as Buffer));
      return true;
    }) as typeof res.write;
    res.end = ((chunk?: unknown) => {
      if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk as Buffer));
      let body = Buffer.concat(chunks).toString('utf8');
      try {
        const json = JSON.parse(body) as { id_token?: string };
        if (json.id_token) json.id_token = signAgain(json.id_token, foreign);
        body = JSON.stringify(json);
      } catch {
        // not JSON: passed on as it was
      }
      res.setHeader('content-length', Buffer.byteLength(body));
      write(body);
      return end();
    }) as typeof res.end;
  }
  server.on('request', (req, res) => {
    const m = new RegExp(`^${mount}/interaction/([\\w-]+)$`).exec(req.url ?? '');
    if (!m) return handle(req, res);
    void (async () => {
      try {
        await provider.interactionDetails(req, res);
        if (req.method === 'GET') {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end(`<!doctype html><html><head><title>Local OpenID provider</title></head><body>
<h1>Local OpenID provider: sign in</h1>
<form method="post" action="${esc(mount)}/interaction/${esc(m[1]!)}">
<label>E-mail <input name="email" type="email" required></label>
<label>Name <input name="name"></label>
<label><input type="checkbox" name="email_verified" value="true" checked> E-mail verified</label>
<button type="submit">Continue</button>
</form></body></html>`);
          return;
        }
        let raw = '';
        for await (const chunk of req) raw += (chunk as Buffer).toString('utf8');
        const form = new URLSearchParams(raw);
        const account: OidcAccount = {
          email: form.get('email') ?? '',
          email_verified: form.get('email_verified') === 'true',
          ...(form.get('name') ? { name: form.get('name')! } : {}),
          ...(form.get('sub') ? { sub: form.get('sub')! } : {}),
        };
        const sub = subjectOf(account);
        accounts.set(sub, account);
        const grant = new provider.Grant({ accountId: sub, clientId: OIDC_CLIENT_ID });
        grant.addOIDCScope('openid email profile');
        const grantId = await grant.save();
        await provider.interactionFinished(req, res, { login: { accountId: sub }, consent: { grantId } });
      } catch (err) {
        res.writeHead(400, { 'content-type': 'text/plain' });
        res.end(`interaction failed: ${(err as Error).message}`);
      }
    })();
  });

  async function authorize(authorizationUrl: string, account: OidcAccount): Promise<string> {
    const end = await follow(authorizationUrl, account);
    if (typeof end !== 'string') throw new Error('the provider answered with a form post');
    return end;
  }

  async function authorizeFormPost(authorizationUrl: string, account: OidcAccount) {
    const end = await follow(authorizationUrl, account);
    if (typeof end === 'string') throw new Error(`the provider redirected to ${end}, not a form post`);
    return end;
  }

  /** Follows the provider's pages as the person: the app's URL it sends them back to, or the form it posts there. */
  async function follow(
    authorizationUrl: string,
    account: OidcAccount,
  ): Promise<string | { action: string; fields: Record<string, string> }> {
    const jar = new Map<string, string>();
    const go = async (url: string, init: RequestInit = {}) => {
      const res = await fetch(url, {
        ...init,
        redirect: 'manual',
        headers: {
          ...(init.headers as Record<string, string>),
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        },
      });
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const i = pair!.indexOf('=');
        jar.set(pair!.slice(0, i), pair!.slice(i + 1));
      }
      return res;
    };
    let url = authorizationUrl;
    for (let hop = 0; hop < 10; hop++) {
      if (!url.startsWith(issuer)) return url;
      const interaction = /\/interaction\/([\w-]+)$/.exec(new URL(url).pathname);
      const res = interaction
        ? await go(url, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({
              email: account.email,
              email_verified: String(account.email_verified),
              ...(account.name ? { name: account.name } : {}),
              sub: subjectOf(account),
            }).toString(),
          })
        : await go(url);
      const next = res.headers.get('location');
      if (!next) {
        const body = await res.text();
        const action = /<form[^>]*method="post"[^>]*action="([^"]+)"/i.exec(body)?.[1];
        if (res.status === 200 && action) {
          const fields: Record<string, string> = {};
          for (const m of body.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/gi)) fields[m[1]!] = m[2]!;
          return { action: action.replace(/&amp;/g, '&'), fields };
        }
        throw new Error(`the provider answered ${res.status} at ${url}: ${body}`);
      }
      url = new URL(next, url).href;
    }
    throw new Error('too many redirects at the provider');
  }

  return {
    issuer,
    env: {
      OIDC_GOOGLE_CLIENT_ID: OIDC_CLIENT_ID,
      OIDC_GOOGLE_CLIENT_SECRET: OIDC_CLIENT_SECRET,
      OIDC_GOOGLE_ISSUER: issuer,
    },
    authorize,
    authorizeFormPost,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// As a program: the e2e run's provider (e2e/playwright.config.ts).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const arg = (name: string) => process.argv[process.argv.indexOf(name) + 1];
  const op = await startOidcProvider({ port: Number(arg('--port')), redirectUris: [arg('--redirect')!] });
  process.stdout.write(`oidc-provider listening on ${op.issuer}\n`);
}
