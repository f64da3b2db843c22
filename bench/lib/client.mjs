import { generateSync } from 'otplib';
// bench/lib: what the fault and load scripts share: a signed-in HTTP client (Node's fetch, i.e. undici) with a
// cookie jar, the built server started as a child process, a multipart body and a PDF of any size.
// Cookies are kept by name as the server sets them: no cookie name is written here, so a renamed session
// cookie (a `__Host-` prefix) changes nothing; the CSRF header carries the value of the cookie named like
// `csrf` (whatever its prefix).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const serverMain = path.join(root, 'apps/server/dist/main.js');

export function requireBuild() {
  if (!fs.existsSync(serverMain)) {
    console.error('Build first: npm run build');
    process.exit(1);
  }
}

/** A browser-like client: a cookie jar, the CSRF header on writes, JSON in and out. */
export class Client {
  constructor(base) {
    this.base = base;
    this.jar = new Map();
  }
  get cookieHeader() {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  get csrf() {
    for (const [k, v] of this.jar) if (/csrf/i.test(k)) return decodeURIComponent(v);
    return undefined;
  }
  keep(res) {
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }
  headers(extra = {}) {
    const h = { ...extra };
    if (this.jar.size) h.cookie = this.cookieHeader;
    const csrf = this.csrf;
    if (csrf) h['x-csrf-token'] = csrf;
    return h;
  }
  /** Any request; `json` is sent as JSON; the answer's body is read (JSON when it is JSON). */
  async req(method, urlPath, { json, body, headers = {}, signal } = {}) {
    const h = this.headers(headers);
    if (json !== undefined) h['content-type'] = 'application/json';
    const res = await fetch(this.base + urlPath, {
      method,
      headers: h,
      body: json !== undefined ? JSON.stringify(json) : body,
      signal,
    });
    this.keep(res);
    const type = res.headers.get('content-type') ?? '';
    const text = await res.text();
    let data = text;
    if (/json/.test(type)) {
      try {
        data = JSON.parse(text);
      } catch {
        /* left as text */
      }
    }
    return { status: res.status, type, data };
  }
  get(p, o) {
    return this.req('GET', p, o);
  }
  post(p, json, o = {}) {
    return this.req('POST', p, { ...o, json });
  }
  /** `totpSecret` (base32): staff sign in with a code (accounts made by create-users with `totp_secret`). */
  async login(email, password, totpSecret) {
    const otp = totpSecret ? generateSync({ secret: totpSecret }) : undefined;
    let r = await this.post('/api/v1/auth/login', { email, password, ...(otp ? { otp } : {}) });
    // This step's code was used already (the account signed in a moment ago): the next step's is still taken.
    if (r.status === 401 && totpSecret)
      r = await this.post('/api/v1/auth/login', {
        email,
        password,
        otp: generateSync({ secret: totpSecret, epoch: Math.floor(Date.now() / 1000) + 30 }),
      });
    if (r.status !== 200) throw new Error(`sign-in of ${email} failed: ${r.status} ${JSON.stringify(r.data)}`);
    return r.data;
  }
  /** Opens the event stream; resolves once the answer's headers are in. `close()` ends it. */
  async openEvents(onEvent = () => {}) {
    const ctl = new AbortController();
    const res = await fetch(`${this.base}/api/v1/events`, { headers: this.headers(), signal: ctl.signal });
    if (res.status !== 200) throw new Error(`event stream: ${res.status}`);
    const done = (async () => {
      const decoder = new TextDecoder();
      let buf = '';
      try {
        for await (const chunk of res.body) {
          buf += decoder.decode(chunk, { stream: true });
          let i;
          while ((i = buf.indexOf('\n\n')) >= 0) {
            const block = buf.slice(0, i);
            buf = buf.slice(i + 2);
            const data = block
              .split('\n')
              .filter((l) => l.startsWith('data:'))
              .map((l) => l.slice(5).trim())
              .join('\n');
            if (data) onEvent(data);
          }
        }
      } catch {
        /* aborted or dropped */
      }
    })();
    return {
      close: () => {
        ctl.abort();
        return done;
      },
      done,
    };
  }
}

/** A PDF of `bytes` (a header, a comment block, %%EOF): what the server accepts as a PDF. */
export function pdfOf(bytes, seed = 0) {
  const head = Buffer.from('%PDF-1.4\n%', 'latin1');
  const tail = Buffer.from('\n%%EOF\n', 'latin1');
  const fill = Buffer.alloc(Math.max(0, bytes - head.length - tail.length));
  for (let i = 0; i < fill.length; i++) fill[i] = 0x41 + ((i + seed) % 26);
  return Buffer.concat([head, fill, tail]);
}

export function multipart(fields, fileName, data, type = 'application/pdf') {
  const boundary = '----bench' + Math.random().toString(16).slice(2);
  const parts = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${fileName}"\r\ncontent-type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * Where a benchmark's server keeps the keys it generates for `dataDir`: beside it (`<dataDir>.keys.json`), never in
 * the home directory's default (~/.config/taxportal), so that removeBenchData takes them away with the data.
 */
const keyFileOf = (env) => (env.DATA_DIR && !env.KEY_FILE ? { KEY_FILE: `${env.DATA_DIR}.keys.json` } : {});

/** Removes a benchmark's data directory and the keys generated beside it. */
export function removeBenchData(dataDir) {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(`${dataDir}.keys.json`, { force: true });
}

/** Starts the built server; `ready()` waits for /api/ready. */
export function startServer({ port, env, log = 'ignore' }) {
  const child = spawn(process.execPath, [serverMain], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      ...env,
      ...keyFileOf(env),
    },
    stdio: ['ignore', log, log === 'ignore' ? 'ignore' : 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  return {
    child,
    base,
    async ready(timeoutMs = 60_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        if (child.exitCode !== null || child.signalCode) throw new Error(`server exited (${child.exitCode})`);
        try {
          if ((await fetch(`${base}/api/ready`)).ok) return;
        } catch {
          /* not yet */
        }
        await sleep(100);
      }
      throw new Error('server not ready');
    },
    exited: new Promise((r) => child.once('exit', r)),
  };
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Runs an npm script of the root package (a CLI such as create-users) with this environment. */
export function runScript(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', ...args], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'development',
        SEED_DEMO: 'false',
        ...env,
        ...keyFileOf(env),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`npm run ${args.join(' ')}: ${code}`))));
  });
}

/** Percentile of sorted numbers (nearest rank). */
export function pct(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** A fresh PostgreSQL database for one run, made through `adminUrl` (any database of the cluster); `drop()`. */
export async function freshDatabase(adminUrl, prefix) {
  const { default: pg } = await import('pg');
  const name = `${prefix}_${process.pid}`;
  const run = async (q) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(q);
    } finally {
      await admin.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
