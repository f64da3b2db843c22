import { randomUUID } from 'node:crypto';
import {
  DEFAULT_LETTER_EXPIRY_DAYS,
  ENGAGEMENT_MESSAGES as M,
  hasBidiControl,
  multilineText,
  TEMPLATE_BODY_MAX,
  TEXT_MESSAGES,
  type EngagementSettings,
  type EngagementSettingsBody,
  type EngagementTemplate,
  type EngagementTemplateBody,
} from '@taxportal/contract';
import { audit } from '../platform/audit.ts';
import type { AuthContext } from '../platform/auth/sessions.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { AppError, fieldError, notFound } from '../platform/errors.ts';
import { sanitizeRichText } from '../site/index.ts';
import { namesField, unknownFields } from './engagement.merge.ts';
import * as repo from './engagement.repository.ts';

/**
 * Admin's engagement letter templates (docs/decisions/0036): rich text taken in through the site's sanitiser, its
 * merge fields checked (an unknown one refused, named), one default per service type; a changed text is a new
 * version, and the versions never change (a letter names the version it was made from and keeps its own text).
 */

async function viewOf(db: Tx, id: string): Promise<EngagementTemplate> {
  const row = await repo.findTemplate(db, id);
  if (!row) throw notFound(M.templateNotFound);
  const versions = await repo.versionsOf(db, id);
  const current = versions.find((v) => v.version === row.version);
  return {
    id: row.id,
    name: row.name,
    service_type_id: row.service_type_id,
    service_type_name: row.service_type_name,
    is_default: row.is_default,
    version: row.version,
    body: current?.body ?? '',
    versions: versions.map((v) => ({ version: v.version, created_at: v.created_at.toISOString() })),
    updated_at: row.updated_at.toISOString(),
  };
}

const richTextRule = multilineText().max(TEMPLATE_BODY_MAX * 2);

/** The body as stored: sanitised by the site's allow-list, not empty, every merge field known (else 422 naming it). */
function takeBody(raw: string): string {
  // A letter is what the client signs: a text-direction control (raw or as a character reference) would make it read
  // otherwise than it is stored; refused as in a name, before the sanitiser sees it.
  if (hasBidiControl(raw, { html: true })) throw fieldError('body', TEXT_MESSAGES.bidi);
  const body = sanitizeRichText(raw).trim();
  if (!body.replace(/<[^>]*>/g, () => '').trim()) throw fieldError('body', M.emptyBody);
  // The contract's text rule on what the sanitiser left (no NUL or other control, no broken character).
  const ruled = richTextRule.safeParse(body);
  if (!ruled.success) throw fieldError('body', ruled.error.issues[0]!.message);
  const unknown = unknownFields(body);
  if (unknown.length) {
    const field = `{{${unknown[0]}}}`;
    throw new AppError('validation', M.unknownField, {
      errors: [{ field: 'body', message: M.unknownField }],
      params: { field },
    });
  }
  // Without the services table a letter would name no fee: the template must show it.
  if (!namesField(body, 'services')) {
    throw new AppError('validation', M.servicesRequired, {
      errors: [{ field: 'body', message: M.servicesRequired }],
      params: { field: '{{services}}' },
    });
  }
  return body;
}

async function checkServiceType(db: Tx, id: string | null) {
  if (id !== null && !(await repo.serviceTypeExists(db, id))) throw fieldError('service_type_id', M.chooseServiceType);
}

export async function listTemplates(db: Db): Promise<{ items: EngagementTemplate[] }> {
  const rows = await repo.listTemplates(db);
  return { items: await Promise.all(rows.map((r) => viewOf(db, r.id))) };
}

export const getTemplate = (db: Db, id: string) => viewOf(db, id);

export async function createTemplate(
  deps: { db: Db; now: () => Date },
  auth: AuthContext,
  body: EngagementTemplateBody,
  ip: string,
): Promise<EngagementTemplate> {
  const text = takeBody(body.body);
  const id = randomUUID();
  await deps.db.transaction(async (tx) => {
    await checkServiceType(tx, body.service_type_id);
    const at = deps.now();
    const isDefault = body.is_default ?? false;
    if (isDefault) await repo.clearDefault(tx, body.service_type_id, id);
    await repo.insertTemplate(tx, {
      id,
      name: body.name,
      service_type_id: body.service_type_id,
      is_default: isDefault,
      version: 1,
      created_by: auth.user.id,
      created_at: at,
      updated_at: at,
    });
    await repo.insertVersion(tx, {
      id: randomUUID(),
      template_id: id,
      version: 1,
      body: text,
      created_by: auth.user.id,
      created_at: at,
    });
    await audit(tx, {
      actorId: auth.user.id,
      action: 'engagement.template_created',
      entityType: 'engagement_template',
      entityId: id,
      ip,
      meta: { service_type_id: body.service_type_id, is_default: isDefault },
    });
  });
  return viewOf(deps.db, id);
}

/** Edits the template: its name, type and default flag in place; a changed text as the next version. */
export async function updateTemplate(
  deps: { db: Db; now: () => Date },
  auth: AuthContext,
  id: string,
  body: EngagementTemplateBody,
  ip: string,
): Promise<EngagementTemplate> {
  await deps.db.transaction(async (tx) => {
    const row = await repo.findTemplate(tx, id, { lock: true });
    if (!row) throw notFound(M.templateNotFound);
    const text = takeBody(body.body);
    await checkServiceType(tx, body.service_type_id);
    const current = await repo.versionBody(tx, id, row.version);
    const at = deps.now();
    const version = current === text ? row.version : row.version + 1;
    if (version !== row.version)
      await repo.insertVersion(tx, {
        id: randomUUID(),
        template_id: id,
        version,
        body: text,
        created_by: auth.user.id,
        created_at: at,
      });
    const isDefault = body.is_default ?? false;
    if (isDefault) await repo.clearDefault(tx, body.service_type_id, id);
    await repo.updateTemplate(tx, id, {
      name: body.name,
      service_type_id: body.service_type_id,
      is_default: isDefault,
      version,
      updated_at: at,
    });
    await audit(tx, {
      actorId: auth.user.id,
      action: 'engagement.template_updated',
      entityType: 'engagement_template',
      entityId: id,
      ip,
      meta: { version, previous_version: row.version, is_default: isDefault, service_type_id: body.service_type_id },
    });
  });
  return viewOf(deps.db, id);
}

export async function getSettings(db: Tx): Promise<EngagementSettings> {
  const value = await repo.settingsValue(db);
  const days = value?.expiry_days;
  return {
    expiry_days: typeof days === 'number' && days > 0 ? days : DEFAULT_LETTER_EXPIRY_DAYS,
    // Off unless an Admin turned it on (engagement-hold.ts reads it at every move out of Open).
    hold_at_open_until_signed: value?.hold_at_open_until_signed === true,
  };
}

export async function updateSettings(db: Db, auth: AuthContext, body: EngagementSettingsBody, ip: string) {
  await db.transaction(async (tx) => {
    const before = await getSettings(tx);
    // The hold left out of the body keeps what it was.
    const after: EngagementSettings = {
      expiry_days: body.expiry_days,
      hold_at_open_until_signed: body.hold_at_open_until_signed ?? before.hold_at_open_until_signed,
    };
    await repo.saveSettings(tx, after);
    await audit(tx, {
      actorId: auth.user.id,
      action: 'engagement.settings_updated',
      entityType: 'site_settings',
      entityId: 'engagement',
      ip,
      meta: {
        expiry_days: after.expiry_days,
        before: before.expiry_days,
        hold_at_open_until_signed: after.hold_at_open_until_signed,
        hold_before: before.hold_at_open_until_signed,
      },
    });
  });
  return getSettings(db);
}
