import fs from 'node:fs';

/**
 * Removes this run's databases (with the users the tests made: there is no other removal, see
 * tests/fixtures.ts) the demo server's, their key files and the run's mailbox. The web server is stopped after global teardown, so the
 * removal waits for the runner's exit, when the server no longer writes to the directory.
 */
export default function globalTeardown(): void {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir || !dir.includes('.e2e-data-')) return;
  process.on('exit', () => {
    for (const d of [dir, `${dir}-demo`, `${dir}-mail`, `${dir}-keys.json`, `${dir}-demo-keys.json`])
      fs.rmSync(d, { recursive: true, force: true });
  });
}
