import { randomUUID } from 'node:crypto';
import {
  isDocumentSection,
  type CreateDocumentTypeBody,
  type CreateServiceBody,
  type CreateServiceTypeBody,
  type CreateTaxTemplateBody,
  type CreateTaxYearBody,
  type DocumentType,
  type Service,
  type ServiceType,
  type TaxTemplate,
  type TaxYear,
  type UpdateDocumentTypeBody,
  type UpdateServiceBody,
  type UpdateServiceTypeBody,
  type UpdateTaxTemplateBody,
} from '@taxportal/contract';
import { ADMIN_TEXTS } from '@taxportal/contract/texts';
import { audit } from '../platform/audit.ts';
import type { Db } from '../platform/db/client.ts';
import { AppError, fieldError, notFound } from '../platform/errors.ts';
import * as repo from './catalog.repository.ts';

export interface Actor {
  userId: string;
  ip: string;
}

const TEXT = ADMIN_TEXTS.catalog;
const taken = (text: string, field: string) => new AppError('conflict', text, { errors: [{ field, message: text }] });

/**
 * Unique and foreign-key violations become the 409 a user can act on: `takenText` (a catalogue text) says what is
 * taken, on `field` (`name` unless told); a delete passes none (it cannot repeat a name).
 */
async function guarded<T>(takenText: string | null, run: () => Promise<T>, field = 'name'): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const code = repo.pgCode(err);
    if (code === '23505' && takenText) throw taken(takenText, field);
    if (code === '23503') throw new AppError('conflict', TEXT.inUse);
    throw err;
  }
}

const stripUndefined = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

// DTOs: explicit, so a column added to a table never leaks by accident.
const serviceTypeDto = (r: repo.ServiceTypeRow): ServiceType => ({
  id: r.id,
  name: r.name,
  description: r.description,
  show_in_website: r.show_in_website,
  position: r.position,
});
const serviceDto = (r: NonNullable<Awaited<ReturnType<typeof repo.findService>>>): Service => ({
  id: r.id,
  service_type_id: r.service_type_id,
  service_type_name: r.service_type_name,
  name: r.name,
  description: r.description,
  price_cents: r.price_cents,
  currency: r.currency,
  active: r.active,
  // Stored by this contract only (DOCUMENT_SECTIONS); a section dropped from it later is left out, never sent.
  document_sections: r.document_sections.filter(isDocumentSection),
});
const yearDto = (r: repo.TaxYearRow): TaxYear => ({ year: r.year, active: r.active });
const documentTypeDto = (r: repo.DocumentTypeRow): DocumentType => ({
  id: r.id,
  name: r.name,
  description: r.description,
  position: r.position,
});
const taxTemplateDto = (r: repo.TaxTemplateRow): TaxTemplate => ({
  id: r.id,
  name: r.name,
  description: r.description,
  rate_bp: r.rate_bp,
  active: r.active,
});

const log = (
  db: Db,
  actor: Actor,
  action: string,
  entityType: string,
  entityId: string,
  meta?: Record<string, unknown>,
) => audit(db, { actorId: actor.userId, action, entityType, entityId, ip: actor.ip, ...(meta ? { meta } : {}) });

// Service types

export async function listServiceTypes(db: Db, opts: { websiteOnly: boolean }) {
  return { items: (await repo.listServiceTypes(db, opts)).map(serviceTypeDto) };
}

export async function createServiceType(db: Db, actor: Actor, body: CreateServiceTypeBody) {
  const row = await guarded(TEXT.serviceTypeTaken, () => repo.insertServiceType(db, { id: randomUUID(), ...body }));
  await log(db, actor, 'catalog.service_type.created', 'service_type', row.id, { name: row.name });
  return serviceTypeDto(row);
}

export async function updateServiceType(db: Db, actor: Actor, id: string, body: UpdateServiceTypeBody) {
  const row = await guarded(TEXT.serviceTypeTaken, () => repo.updateServiceType(db, id, stripUndefined(body)));
  if (!row) throw notFound();
  await log(db, actor, 'catalog.service_type.updated', 'service_type', id, stripUndefined(body));
  return serviceTypeDto(row);
}

export async function deleteServiceType(db: Db, actor: Actor, id: string) {
  if (!(await guarded(null, () => repo.deleteServiceType(db, id)))) throw notFound();
  await log(db, actor, 'catalog.service_type.deleted', 'service_type', id);
}

// Services

export async function listServices(db: Db, opts: { serviceTypeId?: string | undefined; activeOnly: boolean }) {
  return { items: (await repo.listServices(db, opts)).map(serviceDto) };
}

async function requireServiceType(db: Db, id: string) {
  if (!(await repo.findServiceType(db, id))) throw fieldError('service_type_id', TEXT.chooseServiceType);
}

export async function createService(db: Db, actor: Actor, body: CreateServiceBody) {
  await requireServiceType(db, body.service_type_id);
  const id = randomUUID();
  await guarded(TEXT.serviceTaken, () => repo.insertService(db, { id, ...body }));
  await log(db, actor, 'catalog.service.created', 'service', id, { name: body.name, price_cents: body.price_cents });
  return serviceDto((await repo.findService(db, id))!);
}

export async function updateService(db: Db, actor: Actor, id: string, body: UpdateServiceBody) {
  if (body.service_type_id) await requireServiceType(db, body.service_type_id);
  const changed = await guarded(TEXT.serviceTaken, () => repo.updateService(db, id, stripUndefined(body)));
  if (!changed) throw notFound();
  await log(db, actor, 'catalog.service.updated', 'service', id, stripUndefined(body));
  return serviceDto((await repo.findService(db, id))!);
}

export async function deleteService(db: Db, actor: Actor, id: string) {
  if (!(await guarded(null, () => repo.deleteService(db, id)))) throw notFound();
  await log(db, actor, 'catalog.service.deleted', 'service', id);
}

// Tax years

export async function listYears(db: Db, opts: { activeOnly: boolean }) {
  return { items: (await repo.listYears(db, opts)).map(yearDto) };
}

export async function createYear(db: Db, actor: Actor, body: CreateTaxYearBody) {
  // The field of a year is `year`, not `name`.
  const row = await guarded(TEXT.yearTaken, () => repo.insertYear(db, body), 'year');
  await log(db, actor, 'catalog.year.created', 'tax_year', String(row.year));
  return yearDto(row);
}

export async function updateYear(db: Db, actor: Actor, year: number, active: boolean) {
  const row = await repo.updateYear(db, year, active);
  if (!row) throw notFound();
  await log(db, actor, 'catalog.year.updated', 'tax_year', String(year), { active });
  return yearDto(row);
}

export async function deleteYear(db: Db, actor: Actor, year: number) {
  if (!(await guarded(null, () => repo.deleteYear(db, year)))) throw notFound();
  await log(db, actor, 'catalog.year.deleted', 'tax_year', String(year));
}

// Document types

export async function listDocumentTypes(db: Db) {
  return { items: (await repo.listDocumentTypes(db)).map(documentTypeDto) };
}

export async function createDocumentType(db: Db, actor: Actor, body: CreateDocumentTypeBody) {
  const row = await guarded(TEXT.documentTypeTaken, () => repo.insertDocumentType(db, { id: randomUUID(), ...body }));
  await log(db, actor, 'catalog.document_type.created', 'document_type', row.id, { name: row.name });
  return documentTypeDto(row);
}

export async function updateDocumentType(db: Db, actor: Actor, id: string, body: UpdateDocumentTypeBody) {
  const row = await guarded(TEXT.documentTypeTaken, () => repo.updateDocumentType(db, id, stripUndefined(body)));
  if (!row) throw notFound();
  await log(db, actor, 'catalog.document_type.updated', 'document_type', id, stripUndefined(body));
  return documentTypeDto(row);
}

export async function deleteDocumentType(db: Db, actor: Actor, id: string) {
  if (!(await guarded(null, () => repo.deleteDocumentType(db, id)))) throw notFound();
  await log(db, actor, 'catalog.document_type.deleted', 'document_type', id);
}

// Tax templates

export async function listTaxTemplates(db: Db) {
  return { items: (await repo.listTaxTemplates(db)).map(taxTemplateDto) };
}

export async function createTaxTemplate(db: Db, actor: Actor, body: CreateTaxTemplateBody) {
  const row = await guarded(TEXT.taxTemplateTaken, () => repo.insertTaxTemplate(db, { id: randomUUID(), ...body }));
  await log(db, actor, 'catalog.tax_template.created', 'tax_template', row.id, {
    name: row.name,
    rate_bp: row.rate_bp,
  });
  return taxTemplateDto(row);
}

export async function updateTaxTemplate(db: Db, actor: Actor, id: string, body: UpdateTaxTemplateBody) {
  const row = await guarded(TEXT.taxTemplateTaken, () => repo.updateTaxTemplate(db, id, stripUndefined(body)));
  if (!row) throw notFound();
  await log(db, actor, 'catalog.tax_template.updated', 'tax_template', id, stripUndefined(body));
  return taxTemplateDto(row);
}

export async function deleteTaxTemplate(db: Db, actor: Actor, id: string) {
  if (!(await guarded(null, () => repo.deleteTaxTemplate(db, id)))) throw notFound();
  await log(db, actor, 'catalog.tax_template.deleted', 'tax_template', id);
}
