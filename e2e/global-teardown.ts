import fs from 'node:fs';
import { poolSize, slugOf, STAFF_ROLES } from './staff-pool.ts';

/**
 * Removes this run's databases (with the users the tests made: there is no other removal, see
 * tests/fixtures.ts) the demo server's, their key files and the run's mailbox. The web server is stopped after global teardown, so the
 * removal waits for the runner's exit, when the server no longer writes to the directory.
 */
export default function globalTeardown(): void {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir || !dir.includes('.e2e-data-')) return;
  // How much of the staff pool the run took (staff-pool.ts sizes it: each account is hashed before the server starts).
  const claims = fs.existsSync(`${dir}/e2e-claims`) ? fs.readdirSync(`${dir}/e2e-claims`) : [];
  const taken = STAFF_ROLES.map((role) => {
    const n = claims.filter((c) => c.startsWith(`${slugOf(role)}-`)).length;
    return `${role} ${n} of ${poolSize(role)}`;
  });
  console.log(`staff pool taken: ${taken.join(', ')}`);
  process.on('exit', () => {
    for (const d of [dir, `${dir}-demo`, `${dir}-mail`, `${dir}-keys.json`, `${dir}-demo-keys.json`])
      fs.rmSync(d, { recursive: true, force: true });
  });
}
