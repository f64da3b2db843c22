import fs from 'node:fs';

/**
 * Removes this run's database. The web server is stopped after global teardown, so the
 * removal waits for the runner's exit, when the server no longer writes to the directory.
 */
export default function globalTeardown(): void {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir || !dir.includes('.e2e-data-')) return;
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
}
