// The floor: only the work every stored upload must do, in the least code, on every core. Each request body
// is hashed (SHA-256), encrypted (AES-256-GCM) and written to a file that is fsynced before the answer, on a
// pool of worker threads (one per core, at most 4, as the portal's); no HTTP framework, multipart, session,
// database or audit. What the portal reaches is compared with this in the same run: the distance between the
// plain transfer and this floor is the cost of the mandatory work on this machine, not of our code.
// With a third argument `crypto`, the same without the disk (nothing written): what the CPU alone allows.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

if (isMainThread) {
  const [port, dir, mode = 'persist'] = [Number(process.argv[2]), process.argv[3], process.argv[4]];
  fs.mkdirSync(dir, { recursive: true });
  const threads = Math.max(1, Math.min(4, os.availableParallelism()));
  const workers = Array.from(
    { length: threads },
    () => new Worker(new URL(import.meta.url), { workerData: { dir, persist: mode === 'persist' } }),
  );
  const replies = new Map();
  for (const w of workers) w.on('message', (m) => replies.get(m.id)?.(m));
  let seq = 0;
  http
    .createServer((req, res) => {
      const id = seq++;
      const w = workers[id % threads];
      let inFlight = 0;
      replies.set(id, (m) => {
        if (m.op === 'ack') {
          inFlight -= m.n;
          if (inFlight < 512 * 1024 && req.isPaused()) req.resume();
        } else {
          replies.delete(id);
          res.writeHead(201, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ sha256: m.sha256 }));
        }
      });
      w.postMessage({ op: 'open', id });
      req.on('data', (chunk) => {
        const ab = new ArrayBuffer(chunk.length);
        new Uint8Array(ab).set(chunk);
        inFlight += chunk.length;
        w.postMessage({ op: 'data', id, ab }, [ab]);
        if (inFlight >= 512 * 1024) req.pause();
      });
      req.on('end', () => w.postMessage({ op: 'end', id }));
    })
    .listen(port, '127.0.0.1', () => process.send?.('ready'));
} else {
  const open = new Map();
  parentPort.on('message', (m) => {
    if (m.op === 'open') {
      const iv = crypto.randomBytes(12);
      const fd = workerData.persist ? fs.openSync(path.join(workerData.dir, `${m.id}`), 'w', 0o600) : null;
      const cipher = crypto.createCipheriv('aes-256-gcm', crypto.randomBytes(32), iv);
      if (fd !== null) fs.writeSync(fd, iv);
      open.set(m.id, { fd, cipher, sha: crypto.createHash('sha256') });
      return;
    }
    const f = open.get(m.id);
    if (m.op === 'data') {
      const b = Buffer.from(m.ab);
      f.sha.update(b);
      const sealed = f.cipher.update(b);
      if (f.fd !== null) fs.writeSync(f.fd, sealed);
      parentPort.postMessage({ op: 'ack', id: m.id, n: b.length });
    } else {
      open.delete(m.id);
      const tail = Buffer.concat([f.cipher.final(), f.cipher.getAuthTag()]);
      const sha256 = f.sha.digest('hex');
      const done = () => parentPort.postMessage({ op: 'done', id: m.id, sha256 });
      if (f.fd === null) return done();
      fs.writeSync(f.fd, tail);
      fs.fsync(f.fd, () => fs.close(f.fd, done));
    }
  });
}
