import {
  CONTENT_SCHEMAS,
  DEFAULT_COUNTRY,
  MESSAGES,
  siteSettingsSchema,
  textIn,
  type ContentKind,
  type LocalizedText,
  type SiteSettings,
} from '@taxportal/contract';
import { SITE_TEXTS } from '@taxportal/contract/texts';
import { audit } from '../platform/audit.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { AppError, notFound } from '../platform/errors.ts';
import { publishedCache } from './published-cache.ts';
import * as repo from './site.repository.ts';
import { resolveImages } from './site-media.ts';
import { takeSanitised } from './site.sanitize.ts';

/** Who edits, from where: revisions name the author, the audit log the address. */
export interface Editor {
  userId: string;
  ip: string;
}

/** The settings are one entry of their own kind. */
export type EntryKind = ContentKind | 'settings';
const SETTINGS_KEY = 'site';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The draft's route or slug and the variant an entry is filed under. */
function keyOf(kind: EntryKind, data: Record<string, unknown>): { key: string; variant: string } {
  if (kind === 'settings') return { key: SETTINGS_KEY, variant: 'web' };
  const key = kind === 'pages' ? data.route : data.slug;
  const variant = kind === 'pages' && typeof data.variant === 'string' ? data.variant : 'web';
  return { key: String(key), variant };
}

function titleOf(kind: EntryKind, data: Record<string, unknown>): string {
  if (kind === 'settings') return String(data.firm_name ?? '');
  const title = (data.title ?? data.name) as LocalizedText | undefined;
  return textIn(title);
}

export function entryDto(kind: EntryKind, row: repo.EntryRow) {
  const draft = row.draft as Record<string, unknown>;
  const status = !row.published
    ? ('draft' as const)
    : row.draft_revision_id === row.published_revision_id
      ? ('published' as const)
      : ('changed' as const);
  return {
    id: row.id,
    key: row.key,
    variant: row.variant === 'mobile' ? ('mobile' as const) : ('web' as const),
    title: titleOf(kind, draft),
    status,
    published_at: iso(row.published_at),
    updated_at: row.updated_at.toISOString(),
    draft: row.draft as never,
    published: (row.published ?? null) as never,
  };
}

const taken = (kind: EntryKind) => {
  const field = kind === 'pages' ? 'data.route' : 'data.slug';
  const message = kind === 'pages' ? SITE_TEXTS.entries.routeTaken : SITE_TEXTS.entries.slugTaken;
  return new AppError('conflict', message, { errors: [{ field, message }] });
};

/**
 * What is stored of an entry: sanitised, then checked by its kind's schema on what the sanitiser left (issue 28), so a
 * title `<b></b>` is refused as empty and `Harbor&#10;Tax` as the line break it becomes, each with a 422 naming the
 * field, rather than stored and then failing every read. The demo sample comes through here too.
 */
function checked(kind: EntryKind, data: unknown): Record<string, unknown> {
  return takeSanitised(kind === 'settings' ? siteSettingsSchema : CONTENT_SCHEMAS[kind], data, 'data') as Record<
    string,
    unknown
  >;
}

async function loaded(db: Tx, kind: EntryKind, id: string): Promise<repo.EntryRow> {
  const row = await repo.findEntry(db, kind, id);
  if (!row) throw notFound(MESSAGES.notFound);
  return row;
}

async function uniquely<T>(kind: EntryKind, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (repo.isUniqueViolation(err)) throw taken(kind);
    throw err;
  }
}

export const listEntries = async (db: Db, kind: EntryKind) => ({
  items: (await repo.listEntries(db, kind)).map((r) => {
    const { draft: _d, published: _p, ...summary } = entryDto(kind, r);
    return summary;
  }),
});

export const getEntry = async (db: Db, kind: EntryKind, id: string) => entryDto(kind, await loaded(db, kind, id));

/** A new entry, as a draft with its first revision. */
export async function createEntry(db: Db, editor: Editor, kind: EntryKind, input: unknown) {
  const data = await resolveImages(db, checked(kind, input));
  const { key, variant } = keyOf(kind, data);
  return uniquely(kind, () =>
    db.transaction(async (tx) => {
      if (await repo.findEntryByKey(tx, kind, key, variant)) throw taken(kind);
      const id = await repo.insertEntry(tx, { kind, key, variant, data });
      const revision = await repo.insertRevision(tx, { entryId: id, action: 'saved', data, authorId: editor.userId });
      await repo.updateEntry(tx, id, { draft_revision_id: revision });
      await audit(tx, {
        actorId: editor.userId,
        action: 'site.create',
        entityType: `site.${kind}`,
        entityId: id,
        ip: editor.ip,
      });
      return entryDto(kind, await loaded(tx, kind, id));
    }),
  );
}

/** Saves the draft as a new revision; what is published does not change. */
export async function saveDraft(db: Db, editor: Editor, kind: EntryKind, id: string, input: unknown, action = 'saved') {
  const data = await resolveImages(db, checked(kind, input));
  const { key, variant } = keyOf(kind, data);
  return uniquely(kind, () =>
    db.transaction(async (tx) => {
      const row = await loaded(tx, kind, id);
      const clash = await repo.findEntryByKey(tx, kind, key, variant);
      if (clash && clash.id !== row.id) throw taken(kind);
      const revision = await repo.insertRevision(tx, { entryId: id, action, data, authorId: editor.userId });
      await repo.updateEntry(tx, id, { key, variant, draft: data, draft_revision_id: revision });
      await audit(tx, {
        actorId: editor.userId,
        action: `site.${action}`,
        entityType: `site.${kind}`,
        entityId: id,
        ip: editor.ip,
      });
      return entryDto(kind, await loaded(tx, kind, id));
    }),
  );
}

export async function publishEntry(db: Db, editor: Editor, kind: EntryKind, id: string) {
  const entry = await uniquely(kind, () =>
    db.transaction(async (tx) => {
      const row = await loaded(tx, kind, id);
      // Checked again: a schema may have grown stricter since the draft was saved.
      const data = await resolveImages(tx, checked(kind, row.draft));
      const revision = await repo.insertRevision(tx, {
        entryId: id,
        action: 'published',
        data,
        authorId: editor.userId,
      });
      await repo.updateEntry(tx, id, {
        published: data,
        published_key: row.key,
        published_at: new Date(),
        draft: data,
        draft_revision_id: revision,
        published_revision_id: revision,
      });
      await audit(tx, {
        actorId: editor.userId,
        action: 'site.publish',
        entityType: `site.${kind}`,
        entityId: id,
        ip: editor.ip,
      });
      return entryDto(kind, await loaded(tx, kind, id));
    }),
  );
  publishedCache(db).clear();
  return entry;
}

export async function unpublishEntry(db: Db, editor: Editor, kind: EntryKind, id: string) {
  const entry = await db.transaction(async (tx) => {
    const row = await loaded(tx, kind, id);
    if (row.published) {
      await repo.insertRevision(tx, {
        entryId: id,
        action: 'unpublished',
        data: row.published,
        authorId: editor.userId,
      });
      await repo.updateEntry(tx, id, {
        published: null,
        published_key: null,
        published_at: null,
        published_revision_id: null,
      });
      await audit(tx, {
        actorId: editor.userId,
        action: 'site.unpublish',
        entityType: `site.${kind}`,
        entityId: id,
        ip: editor.ip,
      });
    }
    return entryDto(kind, await loaded(tx, kind, id));
  });
  publishedCache(db).clear();
  return entry;
}

export async function deleteEntry(db: Db, editor: Editor, kind: EntryKind, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await loaded(tx, kind, id);
    await repo.deleteEntry(tx, id);
    await audit(tx, {
      actorId: editor.userId,
      action: 'site.delete',
      entityType: `site.${kind}`,
      entityId: id,
      ip: editor.ip,
    });
  });
  publishedCache(db).clear();
}

export async function listRevisions(db: Db, kind: EntryKind, id: string) {
  await loaded(db, kind, id);
  const rows = await repo.listRevisions(db, id);
  return {
    items: rows.map((r) => ({
      id: r.id,
      action: r.action as 'saved',
      author_name: r.author_name,
      created_at: r.created_at.toISOString(),
      data: r.data,
    })),
  };
}

/** An earlier revision becomes the draft (a new `restored` revision); publishing it is a separate step. */
export async function restoreRevision(db: Db, editor: Editor, kind: EntryKind, id: string, revisionId: string) {
  await loaded(db, kind, id);
  const revision = await repo.findRevision(db, id, revisionId);
  if (!revision) throw notFound(MESSAGES.notFound);
  return saveDraft(db, editor, kind, id, revision.data, 'restored');
}

// Settings: one entry, created on the first save.
export async function getSettingsEntry(db: Db) {
  const row = await repo.findEntryByKey(db, 'settings', SETTINGS_KEY);
  if (!row) throw notFound(MESSAGES.notFound);
  return entryDto('settings', row);
}
export async function saveSettings(db: Db, editor: Editor, data: SiteSettings) {
  const row = await repo.findEntryByKey(db, 'settings', SETTINGS_KEY);
  return row ? saveDraft(db, editor, 'settings', row.id, data) : createEntry(db, editor, 'settings', data);
}
export const settingsId = async (db: Db): Promise<string> => {
  const row = await repo.findEntryByKey(db, 'settings', SETTINGS_KEY);
  if (!row) throw notFound(MESSAGES.notFound);
  return row.id;
};
/**
 * The origins the reference-site modal may frame: those of the published settings' reference sites. The CSP of
 * every page of the web app lists exactly these in `frame-src` (platform/web.ts), so the browser frames no other.
 */
export async function referenceFrameOrigins(db: Db): Promise<string[]> {
  return publishedCache(db).read('frame-origins', async () => {
    const published = await publishedSettings(db);
    return [...new Set((published?.settings.reference_sites ?? []).map((r) => new URL(r.url).origin))];
  });
}
/** The published settings; null before the first publish. */
export async function publishedSettings(db: Tx): Promise<{ settings: SiteSettings; at: Date } | null> {
  const row = await repo.findPublished(db, 'settings', SETTINGS_KEY);
  return row ? { settings: row.published as SiteSettings, at: row.published_at! } : null;
}
/** The site's name before a firm publishes its own. */
export const PRODUCT_NAME = 'Tax Portal';

/**
 * The firm's name, as its published website settings give it (the product's name before the first publish): the
 * one home of the name texts, the generated Form 8879 and the invoice letterhead use (issue 29: "Tax Portal" where
 * the firm's name should be).
 */
export async function firmName(db: Tx): Promise<string> {
  return (await publishedSettings(db))?.settings.firm_name.trim() || PRODUCT_NAME;
}

/**
 * The firm's country, from its published business address (the default before the first publish): a phone number
 * typed without + on its site, or by its staff, is read as one of this country's (platform/phone.ts).
 */
export async function firmCountry(db: Tx): Promise<string> {
  return (await publishedSettings(db))?.settings.business.country || DEFAULT_COUNTRY;
}

/** The firm's postal address on one line (its published business details; empty before the first publish). */
export async function firmAddress(db: Tx): Promise<string> {
  const b = (await publishedSettings(db))?.settings.business;
  if (!b) return '';
  const place = [b.locality, [b.region, b.postal_code].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [b.street, place].filter(Boolean).join(', ');
}
