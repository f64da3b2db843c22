/**
 * Removes stored files that no `documents` row names, now: the sweep every server runs every 15 minutes.
 *   npm run sweep-files [-- --grace-minutes 60]
 * Files younger than the grace period are left (an upload may still be writing its row). With every server
 * stopped, `--grace-minutes 0` also removes what an upload killed a moment ago left behind; the fault bench
 * (bench/faults) runs it so before it checks that every stored file has its row.
 */
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { sweepOrphans, SWEEP_GRACE_MS } from '../documents/index.ts';
import { loadConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/db/client.ts';
import { loadSecrets } from '../platform/secrets.ts';
import { createFileStore } from '../platform/storage/index.ts';

const { values } = parseArgs({ options: { 'grace-minutes': { type: 'string' } } });
const graceMs = values['grace-minutes'] === undefined ? SWEEP_GRACE_MS : Number(values['grace-minutes']) * 60_000;
if (!Number.isFinite(graceMs) || graceMs < 0) {
  console.error('Usage: npm run sweep-files [-- --grace-minutes N]');
  process.exit(1);
}
const config = loadConfig();
const database = openDatabase(config);
try {
  const files = createFileStore(config, loadSecrets(config).encryptionKey);
  const log = pino({ level: config.LOG_LEVEL });
  const { removed } = await sweepOrphans({ db: database.db, files, log, now: () => new Date() }, graceMs);
  console.log(`${removed.length} orphaned stored file(s) removed.`);
} finally {
  await database.close();
}
