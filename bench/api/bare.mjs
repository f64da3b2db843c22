// The two reference servers of bench/api/run.mjs, on the portal's own paths so one autocannon setup drives all
// three. Both are bare Fastify (no plugins, no validation, JSON.stringify of the rows), PostgreSQL pool of 10 like
// the portal's.
//
//   node --import tsx bench/api/bare.mjs own   PORT   (env BENCH_DB_URL, SESSION_SECRET)
//   node --import tsx bench/api/bare.mjs index PORT   (env BENCH_DB_URL, BENCH_SESSIONS: JSON cookie -> user)
//
// own:   the portal's own SQL, from its own repository functions (whatever they are at this commit): the session
//        lookup, then the statements the endpoint's service runs, in the same order (side by side where the
//        service runs them side by side).
// index: the same rows read by index alone (index-only scans, no session lookup: the caller is known from a map
//        of the bench's cookies), i.e. what the data costs to read at the least.
import Fastify from 'fastify';
import pg from 'pg';

const [mode, portArg] = process.argv.slice(2);
const url = process.env.BENCH_DB_URL;
const app = Fastify({ logger: false });
const cookieToken = (header, name) => {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
};
// The session cookie's name as the portal sets it in production (platform/auth/sessions.ts cookiePolicy).
const SESSION = '__Host-tp_session';
const PAGE = 25;
const MESSAGES = 100;

if (mode === 'own') {
  const { openPostgres } = await import('../../apps/server/src/platform/db/client.ts');
  const sessions = await import('../../apps/server/src/platform/auth/sessions.ts');
  const tickets = await import('../../apps/server/src/tickets/tickets.repository.ts');
  const messages = await import('../../apps/server/src/tickets/messages.repository.ts');
  const dash = await import('../../apps/server/src/dashboard/dashboard.repository.ts');
  const { parseSearch } = await import('../../apps/server/src/tickets/tickets.service.ts');
  const { isStaffRole } = await import('../../packages/contract/src/index.ts');
  const { ticketStatuses } = await import('../../apps/server/src/platform/db/schema.ts');
  const { db } = openPostgres(url, 10);
  const secret = Buffer.from(process.env.SESSION_SECRET, 'utf8');
  const viewer = async (req, reply) => {
    const token = cookieToken(req.headers.cookie, SESSION);
    const auth = token ? await sessions.resolveSession(db, secret, token) : null;
    if (!auth) {
      reply.code(401).send({ status: 401 });
      return null;
    }
    return { userId: auth.user.id, isStaff: auth.roles.some(isStaffRole) };
  };
  app.get('/api/v1/tickets', async (req, reply) => {
    const v = await viewer(req, reply);
    if (!v) return reply;
    const q = typeof req.query.q === 'string' ? req.query.q : undefined;
    const rows = await tickets.listTickets(db, v, {
      customerId: v.isStaff ? undefined : v.userId,
      search: q ? parseSearch(q) : undefined,
      order: 'recent',
      limit: PAGE + 1,
    });
    return { items: rows.slice(0, PAGE) };
  });
  app.get('/api/v1/tickets/:id', async (req, reply) => {
    const v = await viewer(req, reply);
    if (!v) return reply;
    const row = await tickets.findTicket(db, v, req.params.id);
    const labels = await tickets.listStatuses(db);
    return { ...row, labels };
  });
  app.get('/api/v1/tickets/:id/messages', async (req, reply) => {
    const v = await viewer(req, reply);
    if (!v) return reply;
    const row = await tickets.findTicket(db, v, req.params.id);
    const items = await messages.listMessages(db, row.id, { includeInternal: v.isStaff, limit: MESSAGES + 1 });
    return { items: items.slice(0, MESSAGES) };
  });
  app.get('/api/v1/dashboard', async (req, reply) => {
    const v = await viewer(req, reply);
    if (!v) return reply;
    const [labels, all, waiting, counts, recent] = await Promise.all([
      db.select({ name: ticketStatuses.name, customer_label: ticketStatuses.customer_label }).from(ticketStatuses),
      dash.customerTickets(db, v.userId, { waitingOnly: false, limit: 20 }),
      dash.customerTickets(db, v.userId, { waitingOnly: true, limit: 20 }),
      dash.customerCategoryCounts(db, v.userId),
      dash.recentCustomerMessages(db, v.userId, 10),
    ]);
    return { labels, all, waiting, counts, recent };
  });
} else if (mode === 'index') {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const known = new Map(Object.entries(JSON.parse(process.env.BENCH_SESSIONS)));
  const who = (req) => known.get(cookieToken(req.headers.cookie, SESSION));
  const q = async (text, params) => (await pool.query({ text, values: params })).rows;
  app.get('/api/v1/tickets', async (req) => {
    const v = who(req);
    if (!v.isStaff)
      return {
        items: await q(
          `select id, updated_at from tickets where customer_id = $1 order by updated_at desc, id desc limit ${PAGE + 1}`,
          [v.userId],
        ),
      };
    const term = typeof req.query.q === 'string' ? `%${req.query.q.toLowerCase()}%` : null;
    return {
      items: term
        ? await q(
            `select id, updated_at, status, customer_id, assignee_id from tickets where search_text like $1
             order by updated_at desc, id desc limit ${PAGE + 1}`,
            [term],
          )
        : await q(
            `select id, updated_at, status, customer_id, assignee_id from tickets
             order by updated_at desc, id desc limit ${PAGE + 1}`,
          ),
    };
  });
  app.get('/api/v1/tickets/:id', async (req) => (await q(`select id from tickets where id = $1`, [req.params.id]))[0]);
  app.get('/api/v1/tickets/:id/messages', async (req) => {
    await q(`select id from tickets where id = $1`, [req.params.id]);
    return {
      items: await q(`select id from ticket_messages where ticket_id = $1 order by id desc limit ${MESSAGES + 1}`, [
        req.params.id,
      ]),
    };
  });
  app.get('/api/v1/dashboard', async (req) => {
    const v = who(req);
    const [list, recent] = await Promise.all([
      q(`select id, updated_at from tickets where customer_id = $1 order by updated_at desc, id desc limit 20`, [
        v.userId,
      ]),
      q(
        `select m.id from (select id from tickets where customer_id = $1) t
         cross join lateral (select id from ticket_messages m where m.ticket_id = t.id order by id desc limit 10) m
         order by m.id desc limit 10`,
        [v.userId],
      ),
    ]);
    return { list, recent };
  });
} else {
  throw new Error(`mode: own | index, not ${mode}`);
}
app.get('/api/ready', async () => ({ status: 'ready' }));
await app.listen({ port: Number(portArg), host: '127.0.0.1' });
