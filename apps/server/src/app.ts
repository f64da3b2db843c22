import { randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { CSRF_COOKIE, readFormattingCookie, SITE_PREVIEW_PATH } from '@taxportal/contract';
import { outboxRoutes } from './admin/index.ts';
import { auditLogRoutes } from './audit-log/index.ts';
import { authRoutes, createOidc, deviceSessionRoutes, enabledProviders } from './auth/index.ts';
import { type BillingOverrides, billingRoutes, createBillingDeps } from './billing/index.ts';
import { catalogAdminRoutes, catalogRoutes } from './catalog/index.ts';
import { clientImportRoutes } from './client-import/index.ts';
import { contactsRoutes } from './contacts/index.ts';
import { dashboardRoutes } from './dashboard/index.ts';
import { documentSharesRoutes } from './document-shares/index.ts';
import { requestsRoutes } from './document-requests/index.ts';
import { consentsRoutes } from './consents/index.ts';
import { type DocumentsDeps, documentsRoutes } from './documents/index.ts';
import { draftsRoutes } from './drafts/index.ts';
import { healthRoutes } from './health/index.ts';
import { householdDependentsRoutes, householdsRoutes } from './households/index.ts';
import { createTicketNotifier, notificationsRoutes } from './notifications/index.ts';
import { offersRoutes } from './offers/index.ts';
import { organizerRoutes } from './organizers/index.ts';
import { engagementHold, engagementRoutes } from './engagement/index.ts';
import { registerAuditContext } from './platform/audit.ts';
import { registerAuthGuard } from './platform/auth/guard.ts';
import { cookiePolicy } from './platform/auth/sessions.ts';
import { createPrincipalCache } from './platform/auth/principal-cache.ts';
import type { Config } from './platform/config.ts';
import type { Database } from './platform/db/client.ts';
import { frameworkErrors, registerErrorHandler } from './platform/errors.ts';
import { registerOpenApi } from './platform/openapi.ts';
import { loggerOptions } from './platform/logging.ts';
import { registerMultipart } from './platform/multipart.ts';
import { createMailer, type Mailer } from './platform/mail/mail.ts';
import type { Secrets } from './platform/secrets.ts';
import { createSmsProvider } from './platform/sms.ts';
import { createFileStore, createMediaStore, type FileStore } from './platform/storage/index.ts';
import { registerRealtime } from './platform/realtime.ts';
import { loadPrerender, type RenderLimits } from './platform/prerender.ts';
import { registerWebApp } from './platform/web.ts';
import { questionnaireRoutes } from './questionnaire/index.ts';
import { referralsRoutes } from './referrals/index.ts';
import { signingRoutes } from './signing/index.ts';
import { profileRoutes } from './profile/index.ts';
import { setFirmLanguage } from './platform/i18n.ts';
import { staffRoutes } from './staff/index.ts';
import {
  configurePublishedCache,
  firmName,
  firmCountry,
  keepPublished,
  pageHead,
  referenceFrameOrigins,
  siteAdminRoutes,
  siteRoutes,
  siteSeoRoutes,
} from './site/index.ts';
import { conversationRoutes, registerTicketHold, ticketsRoutes } from './tickets/index.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  secrets: Secrets;
  /** The built web app to serve; null in API-only tests. */
  webDist?: string | null;
  /** Tests only: how many public pages the server may render at once and a second (platform/prerender.ts). */
  renderLimits?: Omit<RenderLimits, 'keep'>;
  /** false: no log (most tests); a stream: the app's own log settings, written there (log-capturing tests). */
  logger?: false | { stream: NodeJS.WritableStream; level?: string };
  /** Tests only: a Stripe client pointed at the fake server, a clock. */
  billing?: BillingOverrides;
  /** Tests only: the clock of the vault, document requests, questionnaire, drafts and e-signing. */
  documentsNow?: () => Date;
  /** Tests only: the file store (one on a full disk, say); otherwise made from the config. */
  files?: FileStore;
}

export interface RouteInfo {
  method: string;
  url: string;
  isPublic: boolean;
}
export interface App {
  app: FastifyInstance;
  mailer: Mailer;
  /** Every route, as registered: the guard test walks it. */
  routes: RouteInfo[];
}

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database, secrets } = deps;
  const cookies = cookiePolicy(config);
  const app = Fastify({
    logger: deps.logger === false ? false : loggerOptions(deps.logger?.level ?? config.LOG_LEVEL, deps.logger?.stream),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    frameworkErrors,
  });
  const routes: RouteInfo[] = [];
  app.addHook('onRoute', (route) => {
    // The web app's files and the browsable docs are public; every other /api route is private unless it says so.
    if (route.url.startsWith('/api/docs') || !route.url.startsWith('/api'))
      route.config = { ...route.config, public: true };
    for (const method of [route.method].flat()) {
      routes.push({ method, url: route.url, isPublic: route.config?.public === true });
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
    // API answers are about someone (or could be, tomorrow): no cache, shared or private, keeps them. A route
    // that may be cached says so itself; the browsable docs are static files.
    if (!reply.hasHeader('cache-control') && req.url.startsWith('/api') && !req.url.startsWith('/api/docs'))
      reply.header('cache-control', 'no-store');
  });
  registerErrorHandler(app);
  registerAuditContext(app);

  // API JSON above 1 KB goes out compressed (Brotli at a quality cheap enough per request, or gzip), and so does
  // the HTML of a public route, which carries the page's own head (platform/web.ts sendCompressed). Only those:
  // event streams must flush as written, and documents are encrypted, already-compressed bytes. The web app's files
  // are compressed at build time and served pre-compressed (platform/web.ts). Request bodies are never inflated (no
  // decompression bombs).
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: /^application\/(?:problem\+)?json\b/,
    // Brotli 3, not 4, for answers made per request: measured on bench/api's list, dashboard and messages
    // (17–29 KB), 0.12–0.15 ms instead of 0.16–0.27 ms, at most 3 % larger (docs/decisions/0023).
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 3 } },
    // Compress a JSON answer in one go up to 128 KB (a list, a dashboard, a page of messages: 10–60 KB; Brotli 3
    // takes well under a millisecond for them) and send it with its length in one write. Above the plugin's
    // default for two cores (8 KB) it streamed them through a zlib stream, chunk by chunk: measured in
    // bench/api, the stream and its writes took ~40 % of the portal's CPU time per list (docs/decisions/0023).
    syncThreshold: 128 * 1024,
  });

  // With Stripe keys the Payment Element loads Stripe.js, its frames and its API (billing).
  const stripeOn = Boolean(config.STRIPE_PUBLISHABLE_KEY);
  const stripeJs = stripeOn ? ['https://js.stripe.com'] : [];
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripeJs],
        // Mantine sets CSS variables through style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...stripeJs, ...(stripeOn ? ['https://api.stripe.com'] : [])],
        frameSrc: ["'self'", ...stripeJs, ...(stripeOn ? ['https://hooks.stripe.com'] : [])],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(config.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: config.isProduction ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  // The site editor's live preview frames one page of the app (same origin only); every other page refuses framing.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.split('?')[0] === SITE_PREVIEW_PATH) {
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string')
        reply.header('content-security-policy', csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
      reply.header('x-frame-options', 'SAMEORIGIN');
    }
    return payload;
  });
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });
  await registerOpenApi(app, cookies.session);

  // Live events, and the revocations that keep the principal cache true on every server.
  const hub = await registerRealtime(app, database);
  const principals = createPrincipalCache();
  hub.onRevocation((r) => principals.revoke(r));
  // Every route registered after this is private unless its config says public.
  registerAuthGuard(app, {
    db: database.db,
    sessionSecret: secrets.sessionSecret,
    sessionCookie: cookies.session,
    principals: {
      cache: principals,
      // A listener that cannot answer may have missed revocations: forget everyone rather than trust them.
      settle: async () => {
        if (!(await hub.flush())) principals.clear();
      },
    },
  });

  // What the server writes to someone who never chose a language is in the firm's (platform/i18n.ts).
  setFirmLanguage(config.FIRM_LANGUAGE);
  const mailer = createMailer({
    db: database.db,
    log: app.log,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    // Without SMTP, development prints a mail's secret parts to the terminal (never production or tests).
    printSecrets: config.NODE_ENV === 'development',
  });
  const authDeps = {
    db: database.db,
    sessionSecret: secrets.sessionSecret,
    encryptionKey: secrets.encryptionKey,
    mailer,
    publicUrl: config.PUBLIC_URL,
    cookies,
    ratePerMinute: config.LOGIN_RATE_LIMIT_PER_MINUTE,
    // Phone codes by SMS (off in production without a provider) and social sign-in (auth/oidc.service.ts).
    phone: {
      db: database.db,
      sessionSecret: secrets.sessionSecret,
      sms: createSmsProvider(config, app.log),
      log: app.log,
      firmName,
      firmCountry,
    },
    oidc: createOidc({
      db: database.db,
      sessionSecret: secrets.sessionSecret,
      publicUrl: config.PUBLIC_URL,
      log: app.log,
      providers: enabledProviders(config),
    }),
  };
  await app.register(healthRoutes(database));
  await app.register(authRoutes(authDeps));
  await app.register(deviceSessionRoutes(authDeps));
  await app.register(staffRoutes(authDeps));
  await app.register(outboxRoutes(database.db));
  await app.register(auditLogRoutes(database.db));
  await app.register(catalogRoutes({ db: database.db }));
  await app.register(catalogAdminRoutes({ db: database.db }));
  // A firm setting holds a ticket at Open until its engagement letter is signed: engagement's rule, asked by tickets'
  // one status writer at every move (tickets cannot import engagement, which builds on them; docs/decisions/0036).
  registerTicketHold('engagement', engagementHold);
  const onActivity = createTicketNotifier({ db: database.db, hub, mailer, publicUrl: config.PUBLIC_URL, log: app.log });
  const ticketsDeps = { db: database.db, hub, log: app.log, onActivity };
  await app.register(ticketsRoutes(ticketsDeps));
  await app.register(conversationRoutes(ticketsDeps));
  await app.register(notificationsRoutes({ db: database.db, hub }));
  await app.register(dashboardRoutes({ db: database.db }));
  await app.register(contactsRoutes({ db: database.db }));
  await app.register(
    referralsRoutes({ db: database.db, publicUrl: config.PUBLIC_URL, mailer, sessionSecret: secrets.sessionSecret }),
  );
  // A taxpayer and their spouse, each with their own login, sharing joint returns (docs/decisions/0032).
  await app.register(
    householdsRoutes({
      db: database.db,
      hub,
      mailer,
      log: app.log,
      publicUrl: config.PUBLIC_URL,
      sessionSecret: secrets.sessionSecret,
      firmName,
      cookies,
      ratePerMinute: config.LOGIN_RATE_LIMIT_PER_MINUTE,
    }),
  );

  await app.register(
    billingRoutes(
      await createBillingDeps({
        db: database.db,
        config,
        sessionSecret: secrets.sessionSecret,
        mailer,
        log: app.log,
        hub,
        overrides: deps.billing,
      }),
    ),
  );

  const documentsDeps: DocumentsDeps = {
    db: database.db,
    config,
    encryptionKey: secrets.encryptionKey,
    sessionSecret: secrets.sessionSecret,
    mailer,
    hub,
    log: app.log,
    publicUrl: config.PUBLIC_URL,
    now: deps.documentsNow ?? (() => new Date()),
    files: deps.files ?? createFileStore(config, secrets.encryptionKey),
  };
  // The taxpayer's data: the vault, document requests, the questionnaire, drafts and e-signing, one scope that
  // parses multipart bodies (uploads), built from one set of deps (one file store, one clock).
  await app.register(async (taxpayerData) => {
    await registerMultipart(taxpayerData);
    for (const feature of [documentsRoutes, requestsRoutes, questionnaireRoutes, draftsRoutes])
      await taxpayerData.register(feature(documentsDeps));
    // Signers confirm with codes texted to them too (docs/decisions/0021-a): the one SMS provider auth has.
    await taxpayerData.register(signingRoutes({ ...documentsDeps, sms: authDeps.phone.sms, firmName, firmCountry }));
    await taxpayerData.register(organizerRoutes(documentsDeps));
    // Engagement letters, signed with signing's machinery (docs/decisions/0036).
    await taxpayerData.register(engagementRoutes({ ...documentsDeps, sms: authDeps.phone.sms, firmName, firmCountry }));
  });
  // The household's dependents (docs/decisions/0032-a): sealed with the vault's key, on its clock.
  await app.register(householdDependentsRoutes(documentsDeps));
  // §7216 consents (docs/decisions/0034): signed with Form 8879's factor checks, on the taxpayer's data's clock.
  await app.register(consentsRoutes({ ...documentsDeps, sms: authDeps.phone.sms, firmName, firmCountry }));

  await app.register(profileRoutes({ ...authDeps, files: documentsDeps.files }));
  // Admin's client import from CSV (its own multipart scope), with the invitations it sends (issue 32).
  await app.register(clientImportRoutes({ ...documentsDeps, sms: authDeps.phone.sms, firmName, firmCountry }));
  // §7216 enforcement (issue 33 item 4, docs/decisions/0035): a ticket's documents shared with a third party under the
  // client's consent to disclose, on the vault's store and clock; offers only to clients with a consent to use.
  await app.register(documentSharesRoutes({ ...documentsDeps, firmName }));
  await app.register(
    offersRoutes({
      db: database.db,
      config,
      mailer,
      publicUrl: config.PUBLIC_URL,
      log: app.log,
      now: documentsDeps.now,
      firmName,
    }),
  );

  // The public site: its reads and forms, the editor, the inbox, sitemap and robots, and each public route's head.
  // Its scope parses multipart bodies too: editors upload images to the public media store (unencrypted, public),
  // visitors send files with web forms (into the vault, through its rules).
  const siteDeps = {
    db: database.db,
    hub,
    log: app.log,
    now: Date.now,
    currency: 'USD',
    files: documentsDeps.files,
    media: createMediaStore(config),
    mailer,
    sessionSecret: secrets.sessionSecret,
    publicUrl: config.PUBLIC_URL,
  };
  configurePublishedCache(database.db, config.SITE_CACHE_SECONDS);
  await app.register(async (site) => {
    await registerMultipart(site, { fieldSize: 1024 * 1024 });
    await site.register(siteRoutes(siteDeps));
    await site.register(siteAdminRoutes(siteDeps));
  });
  await app.register(siteSeoRoutes({ db: database.db, publicUrl: config.PUBLIC_URL }));

  // Pages are rendered on the server (platform/prerender.ts): public ones for visitors, a few signed-in ones for the
  // person signed in. Anyone else (a CSRF cookie without a session, a browser that has not said its zone) gets the
  // page unrendered, drawn by the browser as before.
  // A rendered page is kept with the published content it is made of (site's cache: seconds, cleared on publish).
  const prerendering = deps.webDist
    ? await loadPrerender(app, deps.webDist, config.PUBLIC_URL, app.log, {
        ...deps.renderLimits,
        keep: (key, render) => keepPublished(database.db, key, render),
      })
    : null;
  await registerWebApp(
    app,
    deps.webDist ?? null,
    (pathname, language) => pageHead(database.db, config.PUBLIC_URL, pathname, language),
    () => referenceFrameOrigins(database.db),
    prerendering && {
      ...prerendering,
      readerOf: (c) => {
        const session = c[cookies.session];
        if (!session && !c[CSRF_COOKIE]) return 'visitor';
        // Someone signed in whose browser has said its locale and zone (the pages it renders are theirs: app
        // routes check the session as for any request); anyone else gets the page drawn by their browser.
        const formatting = readFormattingCookie(c, cookies.secure);
        return session && formatting
          ? { sessionCookie: `${cookies.session}=${encodeURIComponent(session)}`, formatting }
          : null;
      },
    },
  );
  return { app, mailer, routes };
}
