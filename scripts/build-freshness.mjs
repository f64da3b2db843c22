// Whether the portal's build is missing or older than its sources: `npm start` (scripts/start.mjs) builds first
// then, and a benchmark (bench/taps) says it measures the build as it is.
import fs from 'node:fs';
import path from 'node:path';

function newest(dir) {
  let latest = 0;
  if (!fs.existsSync(dir)) return latest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return latest;
}
const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);

/** The build of the repository at `root`: `missing` (never built), `stale` (a source is newer than it). */
export function buildState(root) {
  const p = (...parts) => path.join(root, ...parts);
  const sources = Math.max(
    newest(p('apps/server/src')),
    newest(p('packages/contract/src')),
    newest(p('apps/web/src')),
    mtime(p('apps/web/index.html')),
  );
  const built = Math.min(mtime(p('apps/server/dist/main.js')), mtime(p('apps/web/dist/index.html')));
  return { missing: built === 0, stale: sources > built };
}
