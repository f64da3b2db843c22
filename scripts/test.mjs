// `npm test`: every test, as the README says: the production build, then unit and API tests on the embedded
// database (vitest), then the browser journeys against the built server (Playwright). Stops at the first stage that
// fails, and prints each stage's seconds at the end (CI's stage table builds on these lines).
import { spawnSync } from 'node:child_process';

const stages = [
  ['build', 'npm', ['run', 'build']],
  ['unit and API tests (vitest)', 'npx', ['vitest', 'run']],
  ['browser journeys (playwright)', 'npm', ['run', 'test:e2e']],
];

const times = [];
let failed = null;
for (const [name, command, args] of stages) {
  console.log(`\n== npm test: ${name}`);
  const started = Date.now();
  const { status, signal } = spawnSync(command, args, { stdio: 'inherit' });
  times.push([name, Math.round((Date.now() - started) / 1000)]);
  if (status !== 0) {
    failed = `${name} failed (${signal ?? `exit ${status}`})`;
    break;
  }
}
console.log('\n== npm test: seconds per stage');
for (const [name, seconds] of times) console.log(`   ${name.padEnd(40)} ${String(seconds).padStart(5)} s`);
if (failed) {
  console.error(`npm test: ${failed}`);
  process.exit(1);
}
