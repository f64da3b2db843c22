// The invariants the fault runs check, on a stopped server's database and file store (after the server's own
// orphan sweep, `npm run sweep-files`). Each returns what it examined and the violations it found.
//   1. every documents row's stored objects (file and thumbnail) exist, finished (no `.part`);
//   2. every stored object is named by a row (and no unfinished write is left);
//   3. every Paid invoice has exactly one payment entry, for its whole amount, and its ticket's history has the
//      payment's move to Payment Collected (one row naming the invoice; staff may move the ticket on afterwards);
//      no payment entry without a Paid (or refunded) invoice;
//   4. every ticket's status is the one its history says: a ticket never moved is Open with no history; a
//      moved one has exactly one open history row, whose to_status is the ticket's status, and each row starts
//      where the previous one ended.
import fs from 'node:fs';
import path from 'node:path';

/** Opens the database the server used: PostgreSQL by URL, else the embedded one in DATA_DIR/db. */
async function openDb({ dataDir, databaseUrl }) {
  if (databaseUrl) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return { query: async (q) => (await client.query(q)).rows, close: () => client.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = new PGlite({ dataDir: path.join(dataDir, 'db'), extensions: { pg_trgm } });
  return { query: async (q) => (await db.query(q)).rows, close: () => db.close() };
}

/** Every stored object on disk: `DATA_DIR/files/<2 hex>/<key>` (and `<key>.part` for unfinished writes). */
function listFiles(dataDir) {
  const root = path.join(dataDir, 'files');
  const out = [];
  if (!fs.existsSync(root)) return out;
  for (const shard of fs.readdirSync(root)) {
    const dir = path.join(root, shard);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const name of fs.readdirSync(dir)) out.push(name);
  }
  return out;
}

export async function checkInvariants({ dataDir, databaseUrl }) {
  const db = await openDb({ dataDir, databaseUrl });
  const violations = [];
  const counts = {};
  try {
    // 1 and 2: rows and objects.
    const docs = await db.query('select id, storage_key, thumb_storage_key from documents');
    const files = listFiles(dataDir);
    const stored = new Set(files);
    const named = new Set();
    for (const d of docs) {
      for (const key of [d.storage_key, d.thumb_storage_key]) {
        if (!key) continue;
        named.add(key);
        if (!stored.has(key)) violations.push(`document ${d.id}: stored object ${key} is missing`);
      }
    }
    for (const f of files) {
      if (f.endsWith('.part')) violations.push(`unfinished write left after the sweep: ${f}`);
      else if (!named.has(f)) violations.push(`stored object ${f} has no documents row after the sweep`);
    }
    counts.documentRows = docs.length;
    counts.storedObjects = files.length;

    // 3: payments.
    const invoices = await db.query(`
      select i.id, i.name, i.status, i.grand_total_cents, i.paid_cents,
        (select count(*)::int from payment_entries p where p.invoice_id = i.id) as entries,
        (select coalesce(sum(p.paid_amount_cents), 0)::int from payment_entries p where p.invoice_id = i.id) as entered,
        (select count(*)::int from ticket_status_changes h where h.ticket_id = i.ticket_id
          and h.to_status = 'Payment Collected' and h.note like 'Invoice ' || i.name || ' paid%') as moves
      from invoices i`);
    let paid = 0;
    for (const i of invoices) {
      if (i.status === 'Paid') {
        paid++;
        if (i.entries !== 1) violations.push(`invoice ${i.name} is Paid with ${i.entries} payment entries`);
        if (i.entered !== i.grand_total_cents)
          violations.push(`invoice ${i.name}: entries total ${i.entered}, invoice ${i.grand_total_cents}`);
        // The payment's own move, in its transaction (billing/payment-completion.ts). Where the ticket is now is
        // not the test: staff may move it on (or back) afterwards, as the workload's Admin does.
        if (i.moves !== 1)
          violations.push(
            `invoice ${i.name} is Paid but its ticket's history has ${i.moves} moves to Payment Collected for it`,
          );
      } else if (i.status !== 'Refunded' && i.entries > 0) {
        violations.push(`invoice ${i.name} is ${i.status} but has ${i.entries} payment entries`);
      }
    }
    counts.invoices = invoices.length;
    counts.paidInvoices = paid;

    // 4: status history.
    const tickets = await db.query('select id, name, status from tickets');
    const history = await db.query(
      'select ticket_id, from_status, to_status, ended_at from ticket_status_changes order by ticket_id, id',
    );
    const byTicket = new Map();
    for (const h of history) {
      if (!byTicket.has(h.ticket_id)) byTicket.set(h.ticket_id, []);
      byTicket.get(h.ticket_id).push(h);
    }
    for (const t of tickets) {
      const rows = byTicket.get(t.id) ?? [];
      if (!rows.length) {
        if (t.status !== 'Open') violations.push(`ticket ${t.name} is ${t.status} with no status history`);
        continue;
      }
      const open = rows.filter((r) => r.ended_at === null);
      if (open.length !== 1) violations.push(`ticket ${t.name}: ${open.length} open history rows`);
      const last = rows[rows.length - 1];
      if (last.to_status !== t.status)
        violations.push(`ticket ${t.name} is ${t.status}; its history ends at ${last.to_status}`);
      for (let k = 1; k < rows.length; k++)
        if (rows[k].from_status !== rows[k - 1].to_status)
          violations.push(
            `ticket ${t.name}: history step ${k} starts at ${rows[k].from_status}, not ${rows[k - 1].to_status}`,
          );
    }
    counts.tickets = tickets.length;
    counts.statusChanges = history.length;
  } finally {
    await db.close();
  }
  return { violations, counts, checks: 4 };
}
