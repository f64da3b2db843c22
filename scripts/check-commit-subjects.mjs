// Commit subjects stay short (≤ 72 characters), the detail in the body (CONVENTIONS.md).
// Checks every commit after the last one that predates the rule; run by .ci/run.
import { execFileSync } from 'node:child_process';

const SINCE = 'a2b2895'; // the last commit before the rule was enforced
const MAX = 72;

const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).trim();

let range;
try {
  git('cat-file', '-e', `${SINCE}^{commit}`);
  range = [`${SINCE}..HEAD`];
} catch {
  console.warn(`check-commit-subjects: ${SINCE} is not in this clone; checking HEAD only`);
  range = ['-1', 'HEAD'];
}
const long = git('log', '--format=%h %s', ...range)
  .split('\n')
  .filter(Boolean)
  .filter((line) => line.length - line.indexOf(' ') - 1 > MAX);
if (long.length > 0) {
  console.error(`Commit subjects over ${MAX} characters:\n${long.join('\n')}`);
  process.exit(1);
}
console.log(`check-commit-subjects: every subject since ${SINCE} is ≤ ${MAX} characters`);
