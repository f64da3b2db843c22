import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type {
  createOrganizerBodySchema,
  OrganizerDefinition,
  OrganizerDetail,
  OrganizerSummary,
  updateOrganizerBodySchema,
} from '@taxportal/contract';
import { ORGANIZER_TEXTS as T } from '@taxportal/contract/texts';
import type { AuthContext } from '../platform/auth/sessions.ts';
import { audit } from '../platform/audit.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { AppError, fieldError, notFound } from '../platform/errors.ts';
import { definitionOf } from './organizer-versions.ts';
import * as repo from './organizers.repository.ts';

/**
 * Admin's organizer templates (issue 32): a template for a service and a tax year (either null: any), its versions
 * (at most one draft; publishing freezes it as the next version, which new tickets get), archiving (no new ticket
 * gets it; tickets holding answers keep their version).
 */
export interface TemplatesDeps {
  db: Db;
  now: () => Date;
}

type CreateBody = z.infer<typeof createOrganizerBodySchema>;
type UpdateBody = z.infer<typeof updateOrganizerBodySchema>;

/** A new template's first draft when none is given: one empty section (a definition has at least one). */
export const EMPTY_DEFINITION: OrganizerDefinition = {
  sections: [{ id: 'section_1', title: { en: 'Questions' }, questions: [] }],
};

const templateFields = (b: UpdateBody) => ({ name: b.name.trim(), service_id: b.service_id, tax_year: b.tax_year });

const summaryOf = (r: repo.TemplateRow): OrganizerSummary => ({
  id: r.id,
  name: r.name,
  service_id: r.service_id,
  tax_year: r.tax_year,
  service_name: r.service_name,
  published_version: r.published_version,
  has_draft: r.has_draft,
  tickets: r.tickets,
  updated_at: r.updated_at.toISOString(),
});

async function detailOf(db: Tx, id: string): Promise<OrganizerDetail> {
  const row = await repo.findTemplate(db, id);
  if (!row) throw notFound(T.template.notFound);
  const versions = await repo.listVersions(db, id);
  const current = versions.find((v) => !v.published_at) ?? versions[0] ?? null;
  return {
    ...summaryOf(row),
    current: current && {
      version: current.version,
      definition: definitionOf(current),
      published_at: current.published_at?.toISOString() ?? null,
      created_at: current.created_at.toISOString(),
    },
    versions: versions.map((v) => ({ version: v.version, published_at: v.published_at?.toISOString() ?? null })),
  };
}

/** The service must be one of the catalogue's (a reference the catalogue refuses as it does: 422 on the field). */
async function checkService(db: Tx, serviceId: string | null) {
  if (serviceId !== null && !(await repo.serviceExists(db, serviceId)))
    throw fieldError('service_id', T.template.chooseService);
}

async function lockedTemplate(tx: Tx, id: string) {
  const row = await repo.findTemplate(tx, id, { lock: true });
  if (!row) throw notFound(T.template.notFound);
  return row;
}

export async function listOrganizers(deps: TemplatesDeps): Promise<{ items: OrganizerSummary[] }> {
  return { items: (await repo.listTemplates(deps.db)).map(summaryOf) };
}

export async function getOrganizer(deps: TemplatesDeps, id: string): Promise<OrganizerDetail> {
  return detailOf(deps.db, id);
}

export async function createOrganizer(
  deps: TemplatesDeps,
  auth: AuthContext,
  body: CreateBody,
  ip: string,
): Promise<OrganizerDetail> {
  const id = randomUUID();
  await deps.db.transaction(async (tx) => {
    await checkService(tx, body.service_id);
    const at = deps.now();
    await repo.insertTemplate(tx, { id, ...templateFields(body), created_by: auth.user.id, at });
    await repo.insertVersion(tx, {
      id: randomUUID(),
      template_id: id,
      version: 1,
      definition: body.definition ?? EMPTY_DEFINITION,
      created_by: auth.user.id,
      at,
    });
    await audit(tx, { actorId: auth.user.id, action: 'organizer.create', entityType: 'organizer', entityId: id, ip });
  });
  return detailOf(deps.db, id);
}

export async function updateOrganizer(
  deps: TemplatesDeps,
  auth: AuthContext,
  id: string,
  body: UpdateBody,
  ip: string,
): Promise<OrganizerDetail> {
  await deps.db.transaction(async (tx) => {
    await lockedTemplate(tx, id);
    await checkService(tx, body.service_id);
    await repo.updateTemplate(tx, id, { ...templateFields(body), at: deps.now() });
    await audit(tx, {
      actorId: auth.user.id,
      action: 'organizer.update',
      entityType: 'organizer',
      entityId: id,
      ip,
      meta: { service_id: body.service_id, tax_year: body.tax_year },
    });
  });
  return detailOf(deps.db, id);
}

/** Saves the draft: the existing one changed, or a new one (the next version number) when none is open. */
export async function saveOrganizerDraft(
  deps: TemplatesDeps,
  auth: AuthContext,
  id: string,
  definition: OrganizerDefinition,
): Promise<OrganizerDetail> {
  await deps.db.transaction(async (tx) => {
    await lockedTemplate(tx, id);
    const versions = await repo.listVersions(tx, id);
    const draft = versions.find((v) => !v.published_at);
    const at = deps.now();
    if (draft) await repo.updateDraft(tx, draft.id, definition, at);
    else
      await repo.insertVersion(tx, {
        id: randomUUID(),
        template_id: id,
        version: (versions[0]?.version ?? 0) + 1,
        definition,
        created_by: auth.user.id,
        at,
      });
    await repo.touchTemplate(tx, id, at);
  });
  return detailOf(deps.db, id);
}

/** Publishes the draft as its version: new tickets get it; answers already given keep theirs. 409 without a draft. */
export async function publishOrganizer(
  deps: TemplatesDeps,
  auth: AuthContext,
  id: string,
  ip: string,
): Promise<OrganizerDetail> {
  await deps.db.transaction(async (tx) => {
    await lockedTemplate(tx, id);
    const draft = (await repo.listVersions(tx, id)).find((v) => !v.published_at);
    if (!draft) throw new AppError('conflict', T.template.noDraft);
    const at = deps.now();
    await repo.publishVersion(tx, draft.id, auth.user.id, at);
    await repo.touchTemplate(tx, id, at);
    await audit(tx, {
      actorId: auth.user.id,
      action: 'organizer.publish',
      entityType: 'organizer',
      entityId: id,
      ip,
      meta: { version: draft.version },
    });
  });
  return detailOf(deps.db, id);
}

/** Archives the template (no new ticket gets it); tickets holding answers keep their version. */
export async function archiveOrganizer(deps: TemplatesDeps, auth: AuthContext, id: string, ip: string) {
  await deps.db.transaction(async (tx) => {
    if (!(await repo.archiveTemplate(tx, id, deps.now()))) throw notFound(T.template.notFound);
    await audit(tx, { actorId: auth.user.id, action: 'organizer.archive', entityType: 'organizer', entityId: id, ip });
  });
}
