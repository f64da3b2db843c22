import { createHash, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { ROLES, STATUS_DEFINITIONS, type DocumentSection, type Role } from '@taxportal/contract';
import { createUser } from '../users.ts';
import type { Db } from './client.ts';
import {
  documentTypes,
  roles,
  services,
  serviceTypes,
  siteSettings,
  taxYears,
  ticketStatuses,
  users,
} from './schema.ts';

/** A starter catalogue a firm edits in the admin screens; prices in cents. */
/** Each service: name, price in cents, and the questionnaire sections that ask for documents (all, unless said). */
type StarterService = [string, number, DocumentSection[]?];
const CATALOGUE: { name: string; description: string; services: StarterService[] }[] = [
  {
    name: 'Individual Tax Return',
    description: 'Federal and state returns for individuals and families',
    services: [
      ['Form 1040 – Standard', 19900],
      ['Form 1040 – Itemized Deductions', 29900],
      ['Form 1040 with Schedule C (self-employed)', 44900],
      ['Amended Return (1040-X)', 24900],
    ],
  },
  {
    name: 'Business Tax Return',
    description: 'Returns for partnerships, S and C corporations',
    services: [
      ['Form 1065 – Partnership', 89900],
      ['Form 1120-S – S Corporation', 99900],
      ['Form 1120 – C Corporation', 129900],
    ],
  },
  {
    name: 'International & Expat',
    description: 'Foreign income, FBAR and FATCA reporting',
    services: [
      ['FBAR (FinCEN 114) Filing', 14900, ['global_asset']],
      ['Expat Return with Form 2555', 49900],
    ],
  },
  {
    name: 'Tax Planning & Advisory',
    description: 'Consultations, IRS notices and planning',
    services: [
      ['IRS Notice Response', 17900, []],
      ['Tax Planning Consultation', 15000, []],
    ],
  },
];

/**
 * The starter Tax Document Types, in the order a list shows them. A type added here reaches databases seeded
 * before it at the next start (the fingerprint changes; existing rows, as the firm edited them, are kept).
 */
const DOCUMENT_TYPES = [
  'W-2',
  '1099-INT',
  '1099-DIV',
  '1099-B',
  '1099-NEC',
  '1099-MISC',
  '1099-R',
  '1099-K',
  '1099-G',
  'SSA-1099',
  '1098 Mortgage Interest',
  '1098-E Student Loan Interest',
  '1098-T Tuition',
  'K-1',
  'Photo ID',
  'Prior Year Return',
  'Bank Statement',
  'Receipts',
  'Other',
];

/**
 * A new database gets the list in its order; one seeded before gets the types it lacks after its own (whose order,
 * maybe the firm's, is kept), never among them.
 */
async function seedDocumentTypes(db: Db) {
  const have = await db.select({ name: documentTypes.name, position: documentTypes.position }).from(documentTypes);
  const names = new Set(have.map((r) => r.name));
  const missing = DOCUMENT_TYPES.filter((name) => !names.has(name));
  if (!missing.length) return;
  const after = Math.max(-1, ...have.map((r) => r.position)) + 1;
  await db
    .insert(documentTypes)
    .values(
      missing.map((name, i) => ({
        id: randomUUID(),
        name,
        position: have.length ? after + i : DOCUMENT_TYPES.indexOf(name),
      })),
    )
    .onConflictDoNothing();
}

/**
 * Reference data every install has. Idempotent: safe at every start. A
 * fingerprint of what it would write is kept in site_settings, so a start on an
 * already-seeded database costs one query.
 */
export async function seedBase(db: Db): Promise<void> {
  const lastYear = new Date().getUTCFullYear() - 1;
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([ROLES, STATUS_DEFINITIONS, lastYear, CATALOGUE, DOCUMENT_TYPES]))
    .digest('hex');
  const [seeded] = await db.select().from(siteSettings).where(eq(siteSettings.key, 'seed_fingerprint'));
  if (seeded?.value === fingerprint) return;
  await db
    .insert(roles)
    .values(ROLES.map((name) => ({ name })))
    .onConflictDoNothing();
  await db
    .insert(ticketStatuses)
    .values(STATUS_DEFINITIONS.map((s) => ({ ...s })))
    .onConflictDoUpdate({
      target: ticketStatuses.name,
      set: {
        position: sql`excluded.position`,
        badge: sql`excluded.badge`,
        category: sql`excluded.category`,
        is_pipeline: sql`excluded.is_pipeline`,
        customer_label: sql`excluded.customer_label`,
      },
    });
  const years = Array.from({ length: lastYear - 2000 + 1 }, (_, i) => ({ year: 2000 + i }));
  await db.insert(taxYears).values(years).onConflictDoNothing();
  await db.insert(siteSettings).values({ key: 'currency', value: 'USD' }).onConflictDoNothing();

  if ((await db.$count(serviceTypes)) === 0) {
    for (const [i, type] of CATALOGUE.entries()) {
      const typeId = randomUUID();
      await db.insert(serviceTypes).values({ id: typeId, name: type.name, description: type.description, position: i });
      await db.insert(services).values(
        type.services.map(([name, price_cents, sections]) => ({
          id: randomUUID(),
          service_type_id: typeId,
          name,
          price_cents,
          ...(sections ? { document_sections: sections } : {}),
        })),
      );
    }
  }
  await seedDocumentTypes(db);
  await db
    .insert(siteSettings)
    .values({ key: 'seed_fingerprint', value: fingerprint })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: fingerprint } });
}

export const DEMO_PASSWORD = 'demo-pass-2026';

/** A demo staff account's TOTP secret, derived from its e-mail (one definition for server, e2e and benches). */
export { demoTotpSecret } from './demo-totp.mjs';
export const DEMO_ACCOUNTS: { email: string; full_name: string; role: Role; phone: string }[] = [
  { email: 'customer@demo.test', full_name: 'Casey Customer', role: 'Customer', phone: '+12025550101' },
  { email: 'admin@demo.test', full_name: 'Avery Admin', role: 'Admin', phone: '+12025550102' },
  { email: 'care@demo.test', full_name: 'Cameron Care', role: 'Customer Care Department', phone: '+12025550103' },
  { email: 'preparer@demo.test', full_name: 'Parker Preparer', role: 'Tax Preparer', phone: '+12025550104' },
  { email: 'reviewer@demo.test', full_name: 'Riley Reviewer', role: 'Reviewer', phone: '+12025550105' },
];

/** One account per role with a known password; never in production (config forces SEED_DEMO off). */
export async function seedDemo(db: Db): Promise<typeof DEMO_ACCOUNTS> {
  const existing = await db.select({ email: users.email }).from(users);
  const have = new Set(existing.map((r) => r.email));
  for (const a of DEMO_ACCOUNTS) {
    if (have.has(a.email)) continue;
    await createUser(db, { ...a, password: DEMO_PASSWORD, roles: [a.role] });
  }
  return DEMO_ACCOUNTS;
}
