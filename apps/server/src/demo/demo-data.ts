import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../platform/config.ts';
import type { Database, Db } from '../platform/db/client.ts';
import { siteSettings, users } from '../platform/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../platform/db/seed.ts';
import type { Secrets } from '../platform/secrets.ts';
import { createFileStore, type FileStore } from '../platform/storage/index.ts';
import { createUser } from '../platform/users.ts';
import { Catalogue, Person, Plan, retime, runPlan, sampleServices } from './sample-engine.ts';
import { buildPlan, SAMPLE_CUSTOMERS, type Cast } from './sample-story.ts';

/**
 * Demo accounts and the sample data that makes them look like a firm at work (README, "Demo accounts").
 * Only where demo accounts are wanted (SEED_DEMO, never in production) and only once: a row in
 * site_settings records that the sample was made (or is being made, or failed), and nothing is added
 * again after that, whatever happens to the sample's rows later.
 */

/** site_settings key of the record that the sample data exists. */
export const SAMPLE_MARKER = 'demo_sample_data';
export const SAMPLE_VERSION = 1;

export type SampleRecord =
  | { state: 'creating'; version: number; started_at: string }
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
  /** Where the sample's documents go; the configured store by default. */
  files?: FileStore;
  /** "Today" for the sample's dates (tests); now by default. */
  today?: Date;
}

export interface DemoData {
  accounts: typeof DEMO_ACCOUNTS;
  samples: SampleRecord;
}

/** The demo accounts when SEED_DEMO is on (never in production); null otherwise. */
export async function seedDemoAccounts(deps: Pick<DemoDeps, 'database' | 'config'>) {
  return deps.config.SEED_DEMO ? seedDemo(deps.database.db) : null;
}

/**
 * The demo accounts and, the first time, the sample data, one after the other (`npm run db:seed`, tests);
 * nothing at all unless SEED_DEMO is on. The server makes the sample once it is listening (main.ts).
 */
export async function seedDemoData(deps: DemoDeps): Promise<DemoData | null> {
  const accounts = await seedDemoAccounts(deps);
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
 * Makes the sample data unless SEED_DEMO is off or the record says it was made (or tried). The record is
 * claimed first, so two servers starting on one PostgreSQL never both make it. A failure is recorded and
 * logged, not thrown: the portal runs anyway, and the sample is not retried (it could be half there).
 */
export async function seedSampleData(deps: DemoDeps): Promise<SampleRecord | null> {
  if (!deps.config.SEED_DEMO) return null;
  const { db } = deps.database;
  const existing = await readRecord(db);
  if (existing) return existing;
  const started = Date.now();
  const claim: SampleRecord = {
    state: 'creating',
    version: SAMPLE_VERSION,
    started_at: new Date(started).toISOString(),
  };
  const claimed = await db
    .insert(siteSettings)
    .values({ key: SAMPLE_MARKER, value: claim })
    .onConflictDoNothing()
    .returning();
  if (!claimed.length) return (await readRecord(db))!;
  try {
    const tickets = await makeSamples(deps);
    const done: SampleRecord = {
      state: 'done',
      version: SAMPLE_VERSION,
      created_at: new Date().toISOString(),
      took_ms: Date.now() - started,
      tickets,
      customers: SAMPLE_CUSTOMERS.map((c) => c.email),
    };
    await writeRecord(db, done);
    deps.log.info({ tickets, took_ms: done.took_ms }, 'demo sample data created');
    return done;
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

async function makeSamples(deps: DemoDeps): Promise<number> {
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

  const demoUsers = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_ACCOUNTS.map((a) => a.email),
      ),
    );
  const demoId = (role: (typeof DEMO_ACCOUNTS)[number]['role']) => {
    const email = DEMO_ACCOUNTS.find((a) => a.role === role)!.email;
    const found = demoUsers.find((u) => u.email === email);
    if (!found) throw new Error(`demo account ${email} is missing`);
    return found.id;
  };

  const createdUserIds: string[] = [];
  const cast: Cast = {
    casey: person('Casey'),
    maria: person('Maria'),
    james: person('James'),
    priya: person('Priya'),
    hannah: person('Hannah'),
    care: person('Cameron'),
    prep: person('Parker'),
    rev: person('Riley'),
    async signUp(who, email) {
      const account = SAMPLE_CUSTOMERS.find((c) => c.email === email)!;
      const [found] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      let id = found?.id;
      if (!id) {
        id = await createUser(db, { ...account, password: DEMO_PASSWORD, roles: ['Customer'] });
        createdUserIds.push(id);
      }
      await who.signIn(id);
    },
  };
  await cast.casey.signIn(demoId('Customer'));
  await cast.care.signIn(demoId('Customer Care Department'));
  await cast.prep.signIn(demoId('Tax Preparer'));
  await cast.rev.signIn(demoId('Reviewer'));

  const plan = new Plan();
  const slots = buildPlan(plan, cast, catalogue, deps.today ?? new Date());
  const t0 = performance.now();
  const run = await runPlan(plan, s);
  const t1 = performance.now();
  const { casey, maria, james, priya, hannah, care, prep, rev } = cast;
  const people = [casey, maria, james, priya, hannah, care, prep, rev];
  const ticketIds = Object.values(slots).map((t) => t.ref);
  await retime(db, run, { ticketIds, actorIds: people.map((p) => p.id), createdUserIds });
  deps.log.debug(
    { steps_ms: Math.round(t1 - t0), retime_ms: Math.round(performance.now() - t1) },
    'demo sample timing',
  );
  return ticketIds.length;
}
