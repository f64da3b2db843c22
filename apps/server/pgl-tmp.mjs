import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
const extra = process.argv[2] ? ['-c', `shared_buffers=${process.argv[2]}`] : [];
const t0 = Date.now();
const db = new PGlite({ dataDir: '/tmp/rss-data/db', extensions: { pg_trgm }, ...(extra.length ? { startParams: [...PGlite.defaultStartParams ?? [], ...extra] } : {}) });
await db.waitReady;
const r = await db.query('show shared_buffers');

console.log(r.rows, Date.now()-t0, 'ms');
import fs from 'node:fs'; const st = () => fs.readFileSync('/proc/self/status','utf8').split('\n').filter(l=>/VmRSS|VmHWM/.test(l)).join(' '); console.log(st());
