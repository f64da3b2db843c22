import type { AuthContext } from './sessions.ts';

/**
 * What a revocation names (sent by the database's triggers on every change that can end or alter a signed-in
 * principal, see migration 0009_auth_revocations): `s` a session (deleted), `u` every principal of a user (the
 * user, their roles or one of their API tokens changed).
 */
export interface Revocation {
  s?: string;
  u?: string;
}

/** How long a resolved session or token is trusted without asking the database again. */
export const PRINCIPAL_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  auth: AuthContext;
  until: number;
}

/**
 * Resolved callers (session or API token) kept for a few seconds, so that a request costs no session query.
 * Correctness rests on revocations, not on the TTL: every server drops a principal as soon as the database
 * announces a change to it (LISTEN/NOTIFY through the realtime hub, within milliseconds), and the TTL only
 * bounds the damage of a notification lost while the listener reconnects. A load that began before a
 * revocation arrived is never cached (the epoch check), so a revoked session cannot slip back in.
 */
export interface PrincipalCache {
  /** The cached caller for `key`, or the loader's answer (cached when it is someone). */
  resolve(key: string, load: () => Promise<AuthContext | null>): Promise<AuthContext | null>;
  revoke(r: Revocation): void;
  /** Forgets everyone (the listener lost notifications, or a test wants a cold cache). */
  clear(): void;
  readonly size: number;
}

export function createPrincipalCache(opts: { ttlMs?: number; now?: () => number } = {}): PrincipalCache {
  const ttl = opts.ttlMs ?? PRINCIPAL_TTL_MS;
  const now = opts.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let epoch = 0;

  const drop = (match: (a: AuthContext) => boolean) => {
    for (const [key, e] of entries) if (match(e.auth)) entries.delete(key);
  };

  return {
    async resolve(key, load) {
      const hit = entries.get(key);
      const t = now();
      if (hit && hit.until > t) return hit.auth;
      if (hit) entries.delete(key);
      const started = epoch;
      const auth = await load();
      if (!auth || started !== epoch) return auth;
      const expires = auth.expiresAt?.getTime() ?? Infinity;
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(key, { auth, until: Math.min(t + ttl, expires) });
      return auth;
    },
    revoke(r) {
      epoch++;
      if (r.s) drop((a) => a.sessionId === r.s);
      if (r.u) drop((a) => a.user.id === r.u);
    },
    clear() {
      epoch++;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
