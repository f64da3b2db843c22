/** Checks the audit log's hash chain (`npm run audit:verify`); exits 1 and lists the breaks when it is broken. */
import { verifyAuditChain } from '../platform/audit.ts';
import { loadConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/db/client.ts';

const config = loadConfig();
const database = openDatabase(config);
try {
  await database.migrate();
  const report = await verifyAuditChain(database.db);
  if (report.ok) {
    console.log(
      `Audit chain intact: ${report.checked} entries, head ${report.head?.seq ?? 0} ${report.head?.hash ?? ''}`,
    );
  } else {
    console.error(`Audit chain BROKEN (${report.checked} entries checked). First break first:`);
    for (const b of report.breaks) {
      const where = b.seq === null ? 'end of chain' : `seq ${b.seq} (id ${b.id})`;
      const missing = b.missing ? `, missing seq ${b.missing.from}–${b.missing.to}` : '';
      console.error(`  ${b.problem} at ${where}${missing}`);
    }
    if (report.truncated) console.error('  … and more');
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
