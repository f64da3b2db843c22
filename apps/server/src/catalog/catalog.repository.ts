import { and, asc, desc, eq } from 'drizzle-orm';
import type { Tx } from '../platform/db/client.ts';
import { documentTypes, services, serviceTypes, taxTemplates, taxYears } from '../platform/db/schema.ts';

export type ServiceTypeRow = typeof serviceTypes.$inferSelect;
export type DocumentTypeRow = typeof documentTypes.$inferSelect;
export type TaxTemplateRow = typeof taxTemplates.$inferSelect;
export type TaxYearRow = typeof taxYears.$inferSelect;

// Service types

export async function listServiceTypes(db: Tx, opts: { websiteOnly: boolean }) {
  return db
    .select()
    .from(serviceTypes)
    .where(opts.websiteOnly ? eq(serviceTypes.show_in_website, true) : undefined)
    .orderBy(asc(serviceTypes.position), asc(serviceTypes.name));
}

export async function findServiceType(db: Tx, id: string) {
  const [row] = await db.select().from(serviceTypes).where(eq(serviceTypes.id, id));
  return row ?? null;
}

export async function insertServiceType(db: Tx, row: typeof serviceTypes.$inferInsert) {
  const [created] = await db.insert(serviceTypes).values(row).returning();
  return created!;
}

export async function updateServiceType(db: Tx, id: string, set: Partial<typeof serviceTypes.$inferInsert>) {
  const [row] = await db.update(serviceTypes).set(set).where(eq(serviceTypes.id, id)).returning();
  return row ?? null;
}

export async function deleteServiceType(db: Tx, id: string) {
  return (await db.delete(serviceTypes).where(eq(serviceTypes.id, id)).returning({ id: serviceTypes.id })).length > 0;
}

// Services

const serviceColumns = {
  id: services.id,
  service_type_id: services.service_type_id,
  service_type_name: serviceTypes.name,
  name: services.name,
  description: services.description,
  price_cents: services.price_cents,
  currency: services.currency,
  active: services.active,
  document_sections: services.document_sections,
};

export async function listServices(db: Tx, opts: { serviceTypeId?: string | undefined; activeOnly: boolean }) {
  return db
    .select(serviceColumns)
    .from(services)
    .innerJoin(serviceTypes, eq(serviceTypes.id, services.service_type_id))
    .where(
      and(
        opts.serviceTypeId ? eq(services.service_type_id, opts.serviceTypeId) : undefined,
        opts.activeOnly ? eq(services.active, true) : undefined,
      ),
    )
    .orderBy(asc(serviceTypes.position), asc(services.name));
}

export async function findService(db: Tx, id: string) {
  const [row] = await db
    .select(serviceColumns)
    .from(services)
    .innerJoin(serviceTypes, eq(serviceTypes.id, services.service_type_id))
    .where(eq(services.id, id));
  return row ?? null;
}

export async function insertService(db: Tx, row: typeof services.$inferInsert) {
  await db.insert(services).values(row);
}

export async function updateService(db: Tx, id: string, set: Partial<typeof services.$inferInsert>) {
  return (await db.update(services).set(set).where(eq(services.id, id)).returning({ id: services.id })).length > 0;
}

export async function deleteService(db: Tx, id: string) {
  return (await db.delete(services).where(eq(services.id, id)).returning({ id: services.id })).length > 0;
}

// Tax years

export async function listYears(db: Tx, opts: { activeOnly: boolean }) {
  return db
    .select()
    .from(taxYears)
    .where(opts.activeOnly ? eq(taxYears.active, true) : undefined)
    .orderBy(desc(taxYears.year));
}

export async function insertYear(db: Tx, row: TaxYearRow) {
  const [created] = await db.insert(taxYears).values(row).returning();
  return created!;
}

export async function updateYear(db: Tx, year: number, active: boolean) {
  const [row] = await db.update(taxYears).set({ active }).where(eq(taxYears.year, year)).returning();
  return row ?? null;
}

export async function deleteYear(db: Tx, year: number) {
  return (await db.delete(taxYears).where(eq(taxYears.year, year)).returning({ year: taxYears.year })).length > 0;
}

// Document types

export async function listDocumentTypes(db: Tx) {
  return db.select().from(documentTypes).orderBy(asc(documentTypes.position), asc(documentTypes.name));
}

export async function insertDocumentType(db: Tx, row: typeof documentTypes.$inferInsert) {
  const [created] = await db.insert(documentTypes).values(row).returning();
  return created!;
}

export async function updateDocumentType(db: Tx, id: string, set: Partial<typeof documentTypes.$inferInsert>) {
  const [row] = await db.update(documentTypes).set(set).where(eq(documentTypes.id, id)).returning();
  return row ?? null;
}

export async function deleteDocumentType(db: Tx, id: string) {
  return (
    (await db.delete(documentTypes).where(eq(documentTypes.id, id)).returning({ id: documentTypes.id })).length > 0
  );
}

// Tax templates

export async function listTaxTemplates(db: Tx) {
  return db.select().from(taxTemplates).orderBy(asc(taxTemplates.name));
}

export async function insertTaxTemplate(db: Tx, row: typeof taxTemplates.$inferInsert) {
  const [created] = await db.insert(taxTemplates).values(row).returning();
  return created!;
}

export async function updateTaxTemplate(db: Tx, id: string, set: Partial<typeof taxTemplates.$inferInsert>) {
  const [row] = await db.update(taxTemplates).set(set).where(eq(taxTemplates.id, id)).returning();
  return row ?? null;
}

export async function deleteTaxTemplate(db: Tx, id: string) {
  return (await db.delete(taxTemplates).where(eq(taxTemplates.id, id)).returning({ id: taxTemplates.id })).length > 0;
}

/** PostgreSQL's SQLSTATE of a failed query, through Drizzle's wrapper. */
export function pgCode(err: unknown): string | undefined {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.cause?.code ?? e?.code;
}
