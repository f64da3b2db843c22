import type { Readable } from 'node:stream';
import yazl from 'yazl';
import { audit } from '../platform/audit.ts';
import type { AuthContext } from '../platform/auth/sessions.ts';
import type { Db } from '../platform/db/client.ts';
import type { FileStore } from '../platform/storage/index.ts';
import { getProfile } from './profile.service.ts';
import * as repo from './profile.repository.ts';

/** A name safe in a zip on every system: no path, no control or reserved character. */
const safeName = (name: string) =>
  name
    .replace(/[\\/:*?"<>|\p{Cc}\p{Cf}]/gu, '_')
    .replace(/^\.+/, '_')
    .slice(0, 120) || 'file';

const json = (value: unknown) => Buffer.from(JSON.stringify(value, null, 2) + '\n', 'utf8');

/**
 * "Download my data": the caller's profile, tickets, messages and invoices as JSON, and each document decrypted,
 * in one zip. Streamed: documents are opened one at a time as the zip reaches them, so memory stays flat whatever
 * the vault holds. Every query is bounded to the caller (profile.repository.ts); the download is audited.
 */
export async function buildExport(
  deps: { db: Db; files: FileStore },
  auth: AuthContext,
): Promise<{ stream: Readable; fileName: string }> {
  const { db } = deps;
  const id = auth.user.id;
  const [profile, tickets, messages, invoices, docs] = await Promise.all([
    getProfile(db, auth),
    repo.ticketsOf(db, id),
    repo.messagesOf(db, id),
    repo.invoicesOf(db, id),
    repo.documentsOf(db, id),
  ]);
  await audit(db, {
    actorId: id,
    action: 'profile.exported',
    entityType: 'user',
    entityId: id,
    meta: { tickets: tickets.length, documents: docs.length },
  });
  const zip = new yazl.ZipFile();
  const exportedAt = new Date().toISOString();
  zip.addBuffer(json({ exported_at: exportedAt, ...profile }), 'profile.json');
  zip.addBuffer(json(tickets), 'tickets.json');
  zip.addBuffer(json(messages), 'messages.json');
  zip.addBuffer(json(invoices), 'invoices.json');
  const listed = docs.map((d, i) => ({
    id: d.id,
    ticket_id: d.ticket_id,
    kind: d.kind,
    file_name: d.file_name,
    content_type: d.content_type,
    size_bytes: d.size_bytes,
    sha256: d.sha256,
    created_at: d.created_at,
    path: `documents/${String(i + 1).padStart(4, '0')}-${safeName(d.file_name)}`,
  }));
  zip.addBuffer(json(listed), 'documents.json');
  docs.forEach((d, i) => {
    const ref = { storageKey: d.storage_key, wrappedKey: d.wrapped_key, sha256: d.sha256 };
    zip.addReadStreamLazy(listed[i]!.path, { size: d.size_bytes }, (cb) => {
      deps.files.open(ref).then(
        (s) => cb(null, s),
        (err: Error) => cb(err, null as unknown as Readable),
      );
    });
  });
  zip.end();
  return { stream: zip.outputStream as Readable, fileName: `tax-portal-data-${exportedAt.slice(0, 10)}.zip` };
}
