import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { enabledTotpSecret, enrollTotp } from '../platform/auth/totp.ts';
import type { Config } from '../platform/config.ts';
import type { Database, Db } from '../platform/db/client.ts';
import { siteSettings, users } from '../platform/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoTotpSecret, seedDemo } from '../platform/db/seed.ts';
import type { Secrets } from '../platform/secrets.ts';
import { createFileStore, createMediaStore, type FileStore } from '../platform/storage/index.ts';
import { createUser } from '../platform/users.ts';
import { Catalogue, Person, sampleServices } from './sample-engine.ts';
import { Plan, retime, runPlan, type Window } from './sample-timeline.ts';
import { SAMPLE_CUSTOMERS, type Cast } from './sample-cast.ts';
import { seedSampleSite } from './sample-site.ts';
import { buildPlan } from './sample-story.ts';

/**
 * Demo accounts and the sample data that makes them look like a firm at work (README, "Demo accounts";
 * docs/decisions/0008). Only where demo accounts are wanted (SEED_DEMO, never in production) and only
 * once: a row in site_settings records that the sample is being made, was stopped by a shutdown (and goes
 * on at the next start), was made, or failed; once made or failed, nothing is added again, whatever
 * happens to the sample's rows later.
 */

/** site_settings key of the record that the sample data exists. */
export const SAMPLE_MARKER = 'demo_sample_data';
/** The plan's version: a sample stopped half-way is only continued by the same plan. */
export const SAMPLE_VERSION = 2;

/** Where a sample stopped by a shutdown is continued from. */
export interface Paused {
  state: 'paused';
  version: number;
  started_at: string;
  /** The plan's "today", so that it is the same plan when it goes on. */
  today: string;
  /** The first step not yet run. */
  next: number;
  took_ms: number;
  windows: Window[];
  tickets: Record<string, { id: string; name: string }>;
  created_user_ids: string[];
}

export type SampleRecord =
  | { state: 'creating'; version: number; started_at: string }
  | Paused
  | {
      state: 'done';
      version: number;
      created_at: string;
      took_ms: number;
      tickets: number;
      customers: string[];
    }
  | { state: 'failed'; version: number; failed_at: string; error: string };

export interface DemoDeps {
  database: Pick<Database, 'db' | 'kind'>;
  config: Config;
  secrets: Secrets;
  log: FastifyBaseLogger;
  /** Asked between steps; true stops the sample there, to go on at the next start (the server is stopping). */
  stop?: () => boolean;
  /** Where the sample's documents go; the configured store by default. */
  files?: FileStore;
  /** "Today" for the sample's dates (tests); now by default. */
  today?: Date;
}

export interface DemoData {
  accounts: typeof DEMO_ACCOUNTS;
  samples: SampleRecord;
}

/**
 * The demo accounts (SEED_DEMO only, never production). With the secrets, the staff accounts come enrolled with
 * a TOTP app (staff must have a second factor) and each account carries its base32 secret, which the server
 * prints at start next to the e-mail so that whoever tries the demo, and the browser tests, can compute codes.
 */
export async function seedDemoAccounts(deps: Pick<DemoDeps, 'database' | 'config'> & { secrets?: Secrets }) {
  if (!deps.config.SEED_DEMO) return null;
  const accounts = await seedDemo(deps.database.db);
  const { secrets } = deps;
  if (!secrets) return accounts.map((a) => ({ ...a, totp_secret: null }));
  const db = deps.database.db as Db;
  return Promise.all(
    accounts.map(async (a) => {
      if (a.role === 'Customer') return { ...a, totp_secret: null };
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, a.email));
      if (!user) return { ...a, totp_secret: null };
      const secret =
        (await enabledTotpSecret(db, secrets.encryptionKey, user.id)) ??
        (await enrollTotp(db, secrets.encryptionKey, user.id, demoTotpSecret(a.email)));
      return { ...a, totp_secret: secret };
    }),
  );
}

/**
 * The demo accounts and, the first time, the sample data, one after the other (`npm run db:seed`, tests);
 * nothing at all unless SEED_DEMO is on. The server makes the sample once it is listening (main.ts).
 */
export async function seedDemoData(deps: DemoDeps): Promise<DemoData | null> {
  const accounts = await seedDemoAccounts(deps);
  if (accounts) await seedSampleSite(deps.database.db as Db, deps.log, createMediaStore(deps.config));
  const samples = await seedSampleData(deps);
  return accounts && samples ? { accounts, samples } : null;
}

async function readRecord(db: Db): Promise<SampleRecord | null> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, SAMPLE_MARKER));
  return (row?.value as SampleRecord | undefined) ?? null;
}

async function writeRecord(db: Db, record: SampleRecord) {
  await db.update(siteSettings).set({ value: record }).where(eq(siteSettings.key, SAMPLE_MARKER));
}

/**
 * Claims the making of the sample: a new record, or a paused one taken over. Only one server gets it, so
 * two servers starting on one PostgreSQL never both make it; false when another one has.
 */
async function claim(db: Db, existing: Paused | null): Promise<boolean> {
  const value: SampleRecord = {
    state: 'creating',
    version: SAMPLE_VERSION,
    started_at: existing?.started_at ?? new Date().toISOString(),
  };
  const rows = existing
    ? await db
        .update(siteSettings)
        .set({ value })
        .where(and(eq(siteSettings.key, SAMPLE_MARKER), sql`${siteSettings.value}->>'state' = 'paused'`))
        .returning()
    : await db.insert(siteSettings).values({ key: SAMPLE_MARKER, value }).onConflictDoNothing().returning();
  return rows.length > 0;
}

/**
 * Makes (or goes on making) the sample data unless SEED_DEMO is off or the record says it is made, being
 * made, or failed. A failure is recorded and logged, not thrown: the portal runs anyway, and the sample is
 * not retried (it could be half there). Returns the record as it stands.
 */
export async function seedSampleData(deps: DemoDeps): Promise<SampleRecord | null> {
  if (!deps.config.SEED_DEMO) return null;
  const { db } = deps.database;
  const existing = await readRecord(db);
  const paused = existing?.state === 'paused' && existing.version === SAMPLE_VERSION ? existing : null;
  if (existing && !paused) return existing;
  if (!(await claim(db, paused))) return readRecord(db);
  const started = Date.now();
  try {
    const result = await makeSamples(deps, paused);
    const took_ms = (paused?.took_ms ?? 0) + Date.now() - started;
    const record: SampleRecord =
      'tickets' in result
        ? {
            state: 'done',
            version: SAMPLE_VERSION,
            created_at: new Date().toISOString(),
            took_ms,
            tickets: result.tickets,
            customers: SAMPLE_CUSTOMERS.map((c) => c.email),
          }
        : { ...result.paused, started_at: paused?.started_at ?? new Date(started).toISOString(), took_ms };
    await writeRecord(db, record);
    if (record.state === 'done') deps.log.info({ tickets: record.tickets, took_ms }, 'demo sample data created');
    else deps.log.info({ next: record.next }, 'demo sample data paused: it goes on at the next start');
    return record;
  } catch (err) {
    deps.log.error({ err }, 'demo sample data could not be created');
    const failed: SampleRecord = {
      state: 'failed',
      version: SAMPLE_VERSION,
      failed_at: new Date().toISOString(),
      error: (err as Error).message,
    };
    await writeRecord(db, failed);
    return failed;
  }
}

type Made = { tickets: number } | { paused: Omit<Paused, 'started_at' | 'took_ms'> };

async function makeSamples(deps: DemoDeps, paused: Paused | null): Promise<Made> {
  const { db } = deps.database;
  const s = sampleServices({
    db,
    oneClock: deps.database.kind === 'pglite',
    config: deps.config,
    encryptionKey: deps.secrets.encryptionKey,
    sessionSecret: deps.secrets.sessionSecret,
    files: deps.files ?? createFileStore(deps.config, deps.secrets.encryptionKey),
    log: deps.log,
  });
  const catalogue = await Catalogue.load(db);
  const person = (label: string) => new Person(s, catalogue, label);
  const idOf = async (email: string) =>
    (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? null;
  const demoId = async (role: (typeof DEMO_ACCOUNTS)[number]['role']) => {
    const email = DEMO_ACCOUNTS.find((a) => a.role === role)!.email;
    const id = await idOf(email);
    if (!id) throw new Error(`demo account ${email} is missing`);
    return id;
  };

  const createdUserIds = [...(paused?.created_user_ids ?? [])];
  const cast: Cast = {
    casey: person('Casey'),
    maria: person('Maria'),
    james: person('James'),
    priya: person('Priya'),
    hannah: person('Hannah'),
    care: person('Cameron'),
    prep: person('Parker'),
    rev: person('Riley'),
    admin: person('Avery'),
    async signUp(who, email) {
      const account = SAMPLE_CUSTOMERS.find((c) => c.email === email)!;
      let id = await idOf(email);
      if (!id) {
        id = await createUser(db, { ...account, password: DEMO_PASSWORD, roles: ['Customer'] });
        createdUserIds.push(id);
      }
      await who.signIn(id);
    },
  };
  const { casey, maria, james, priya, hannah, care, prep, rev, admin } = cast;
  await casey.signIn(await demoId('Customer'));
  await care.signIn(await demoId('Customer Care Department'));
  await prep.signIn(await demoId('Tax Preparer'));
  await rev.signIn(await demoId('Reviewer'));
  await admin.signIn(await demoId('Admin'));
  // Customers who signed up before a pause (their step is behind us) are signed in from their account.
  const sampleCustomers = [maria, james, priya, hannah];
  for (const [i, c] of SAMPLE_CUSTOMERS.entries()) {
    const id = await idOf(c.email);
    if (id) await sampleCustomers[i]!.signIn(id);
  }

  const plan = new Plan();
  const today = paused ? new Date(paused.today) : (deps.today ?? new Date());
  const slots = buildPlan(plan, cast, catalogue, today);
  for (const [label, t] of Object.entries(paused?.tickets ?? {})) Object.assign(slots[label]!, t);

  const t0 = performance.now();
  const run = await runPlan(plan, s, { from: paused?.next ?? 0, ...(deps.stop ? { stop: deps.stop } : {}) });
  const windows = [...(paused?.windows ?? []), ...run.windows];
  if (run.next !== null) {
    const tickets = Object.fromEntries(
      Object.entries(slots).flatMap(([label, t]) => (t.id ? [[label, { id: t.id, name: t.name! }]] : [])),
    );
    return {
      paused: {
        state: 'paused',
        version: SAMPLE_VERSION,
        today: today.toISOString(),
        next: run.next,
        windows,
        tickets,
        created_user_ids: createdUserIds,
      },
    };
  }
  const t1 = performance.now();
  const people = [casey, maria, james, priya, hannah, care, prep, rev, admin];
  const ticketIds = Object.values(slots).map((t) => t.ref);
  await retime(db, windows, { ticketIds, actorIds: people.map((p) => p.id), createdUserIds });
  deps.log.debug(
    { steps_ms: Math.round(t1 - t0), retime_ms: Math.round(performance.now() - t1) },
    'demo sample timing',
  );
  return { tickets: ticketIds.length };
}
