// bench/faults/disk-full.mjs: an upload when the disk is full. DATA_DIR is a small tmpfs of its own (mount -t
// tmpfs; needs root), the embedded database and the file store on it; once the server is up, a filler file
// takes all but FREE_KB of it, and a customer uploads a PDF bigger than what is left. Expected: 507
// problem+json (not 500), no documents row, nothing left in the file store (not even an unfinished `.part`);
// then, with room again (filler removed), the same upload succeeds on the same server, without a restart.
//
// Usage: npm run build && node bench/faults/disk-full.mjs
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, multipart, pdfOf, removeBenchData, requireBuild, runScript, startServer } from '../lib/client.mjs';

requireBuild();
const PORT = 3152;
const SIZE_MB = 96;
const FREE_KB = 1536;
const UPLOAD_BYTES = 4 * 1024 * 1024;
const PASSWORD = 'faults-pass-2026';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-diskfull-'));
try {
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${SIZE_MB}m,mode=0700`, 'tmpfs', dataDir]);
} catch (err) {
  console.error(`Could not mount a tmpfs at ${dataDir} (root needed): ${err.message}`);
  process.exit(2);
}
const env = { DATA_DIR: dataDir, LOGIN_RATE_LIMIT_PER_MINUTE: '10000' };
const filler = path.join(dataDir, 'filler');
let server;
const results = [];
const check = (name, ok, detail = '') => {
  results.push({ name, ok });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? `: ${detail}` : ''}`);
};
const storedFiles = () => {
  const root = path.join(dataDir, 'files');
  if (!fs.existsSync(root)) return [];
  return fs.readdirSync(root).flatMap((s) => fs.readdirSync(path.join(root, s)));
};
const freeBytes = () => {
  const s = fs.statfsSync(dataDir);
  return s.bavail * s.bsize;
};

try {
  const usersFile = path.join(os.tmpdir(), `tp-diskfull-users-${process.pid}.json`);
  fs.writeFileSync(
    usersFile,
    JSON.stringify([
      { email: 'full.customer@example.test', full_name: 'Full Disk', role: 'Customer', password: PASSWORD },
    ]),
  );
  await runScript(['create-users', '--', '--file', usersFile], env);
  fs.rmSync(usersFile);
  server = startServer({ port: PORT, env, log: process.env.FAULTS_LOG ? 'inherit' : 'ignore' });
  await server.ready(180_000);
  const c = new Client(server.base);
  await c.login('full.customer@example.test', PASSWORD);
  const services = (await c.get('/api/v1/catalog/services')).data.items;
  const docType = (await c.get('/api/v1/catalog/document-types')).data.items[0].id;
  const ticket = await c.post('/api/v1/tickets', { service_id: services[0].id, year: 2025, phone: '+12025550100' });
  const upload = () =>
    c.req(
      'POST',
      '/api/v1/documents',
      multipart({ document_type: docType, ticket_id: ticket.data.id }, 'w2.pdf', pdfOf(UPLOAD_BYTES)),
    );
  const docCount = async () => (await c.get('/api/v1/documents')).data.items.length;

  // Fill the tmpfs up to FREE_KB.
  const fill = freeBytes() - FREE_KB * 1024;
  const fd = fs.openSync(filler, 'w');
  const block = Buffer.alloc(1024 * 1024, 1);
  for (let left = fill; left > 0; left -= block.length) fs.writeSync(fd, block, 0, Math.min(left, block.length));
  fs.closeSync(fd);
  console.log(
    `tmpfs ${SIZE_MB} MB as DATA_DIR (${dataDir}); free after the filler: ${(freeBytes() / 1024).toFixed(0)} KB; upload ${UPLOAD_BYTES / 1024} KB`,
  );

  const before = await docCount();
  const full = await upload();
  check('the upload on a full disk answers 507', full.status === 507, `${full.status} ${JSON.stringify(full.data)}`);
  check('as problem+json', /^application\/problem\+json/.test(full.type), full.type);
  check('no documents row was added', (await docCount()) === before);
  check('nothing half-written is left in the file store', storedFiles().length === 0, JSON.stringify(storedFiles()));
  // The server stops reading a refused upload's body and closes that connection; a client that had it in its
  // keep-alive pool may see one reset, as browsers do (and retry).
  let resets = 0;
  let after;
  for (let attempt = 0; attempt < 2 && !after; attempt++)
    after = await c.get('/api/v1/tickets').catch(() => (resets++, null));
  after ??= { status: `no answer (server exit ${server.child.exitCode} ${server.child.signalCode})` };
  check(
    'the server goes on answering (a list of tickets)',
    after.status === 200,
    `${after.status}; connection resets on the way: ${resets}`,
  );

  fs.rmSync(filler);
  const again = await upload();
  check('with room again, the same upload succeeds without a restart', again.status === 201, String(again.status));
  check('and its file is stored', storedFiles().length === 1, JSON.stringify(storedFiles()));
} finally {
  if (server) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  execFileSync('umount', [dataDir]);
  removeBenchData(dataDir);
}
const failed = results.filter((r) => !r.ok).length;
console.log(`\n${results.length} checks, ${failed} failed`);
process.exit(failed ? 1 : 0);
