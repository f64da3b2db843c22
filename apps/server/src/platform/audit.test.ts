import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { verifyAuditChain } from './audit.ts';
import { migrationsFolder, newPglite, openPglite } from './db/client.ts';
import { col, rows, rowSchema } from './db/rows.ts';

describe('the audit chain migration', () => {
  it('chains the entries written before it, in the order they were written', async () => {
    // The migrations as they were before the chain, on a database with audit entries.
    const all = migrationsFolder();
    const before = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-migrations-'));
    fs.cpSync(all, before, { recursive: true });
    const journalFile = path.join(before, 'meta', '_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8'));
    const chainAt = journal.entries.findIndex((e: { tag: string }) => e.tag.startsWith('0009_audit_log'));
    journal.entries = journal.entries.slice(0, chainAt);
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    const database = openPglite(newPglite());
    try {
      await migrate(database.db as never, { migrationsFolder: before });
      for (const action of ['user.login', 'ticket.created', 'document.download'])
        await database.db.execute(
          sql`insert into audit_log (actor_id, action, entity_type) values ('u1', ${action}, 'x')`,
        );
      await database.migrate();
      const chained = await rows(
        database.db,
        rowSchema({ action: col.text(), seq: col.int(), hash: col.text() }),
        sql`select action, seq, hash from audit_log order by id`,
      );
      expect(chained.map((r) => [r.action, r.seq])).toEqual([
        ['user.login', 1],
        ['ticket.created', 2],
        ['document.download', 3],
      ]);
      const report = await verifyAuditChain(database.db);
      expect(report).toMatchObject({ ok: true, checked: 3, head: { seq: 3, hash: chained[2]!.hash } });
      // New entries continue the same chain.
      await database.db.execute(sql`insert into audit_log (actor_id, action, entity_type) values ('u1', 'later', 'x')`);
      expect(await verifyAuditChain(database.db)).toMatchObject({ ok: true, checked: 4, head: { seq: 4 } });
    } finally {
      await database.close();
      fs.rmSync(before, { recursive: true, force: true });
    }
  }, 300_000);
});
