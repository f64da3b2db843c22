import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isStaffRole, MESSAGES, MFA_MESSAGES } from '@taxportal/contract';
import { audit } from '../platform/audit.ts';
import type { AuthContext } from '../platform/auth/sessions.ts';
import { hmacHex } from '../platform/crypto.ts';
import type { Db } from '../platform/db/client.ts';
import { AppError } from '../platform/errors.ts';
import * as repo from './mfa.repository.ts';
import { passkeyView } from './mfa.service.ts';

/**
 * Passkeys (WebAuthn, @simplewebauthn/server): a second factor, and a sign-in of their own (discoverable
 * credentials, user verification required, so the passkey stands for both factors). Challenges live on the
 * server, are taken (deleted) by the first verification that names them, and expire after CHALLENGE_TTL_MS.
 */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const RP_NAME = 'Tax Portal';

export interface PasskeyDeps {
  db: Db;
  sessionSecret: Buffer;
  publicUrl: string;
}
interface Meta {
  ip: string;
}

const relyingParty = (publicUrl: string) => {
  const url = new URL(publicUrl);
  return { rpID: url.hostname, origin: url.origin };
};
const challengeId = (secret: Buffer, challenge: string) => hmacHex(secret, `webauthn:${challenge}`);
const failed = () => new AppError('bad_request', MFA_MESSAGES.passkeyFailed);

/** A challenge handed out (single use, 5 minutes), keyed by its HMAC, for the purpose and person it was made for. */
async function rememberChallenge(
  deps: PasskeyDeps,
  challenge: string,
  purpose: 'register' | 'login' | 'step_up',
  userId: string | null,
): Promise<void> {
  await repo.insertChallenge(deps.db, {
    id: challengeId(deps.sessionSecret, challenge),
    challenge,
    purpose,
    user_id: userId,
    expires_at: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
}
/** The challenge the browser signed, read from its client data (base64url JSON); null if unreadable. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' && data.challenge.length <= 512 ? data.challenge : null;
  } catch {
    return null;
  }
}

export async function registrationOptions(deps: PasskeyDeps, auth: AuthContext) {
  if (auth.via === 'token') throw new AppError('forbidden', MESSAGES.forbidden);
  const { rpID } = relyingParty(deps.publicUrl);
  const existing = await repo.listPasskeys(deps.db, auth.user.id);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: auth.user.email,
    userDisplayName: auth.user.full_name,
    userID: new TextEncoder().encode(auth.user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({
      id: p.id,
      ...(p.transports ? { transports: p.transports.split(',') } : {}),
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await rememberChallenge(deps, options.challenge, 'register', auth.user.id);
  return { ...options };
}

export async function register(
  deps: PasskeyDeps,
  auth: AuthContext,
  body: { response: RegistrationResponseJSON; name?: string | undefined },
  meta: Meta,
) {
  if (auth.via === 'token') throw new AppError('forbidden', MESSAGES.forbidden);
  const challenge = challengeOf(body.response.response.clientDataJSON);
  const row = challenge && (await repo.takeChallenge(deps.db, challengeId(deps.sessionSecret, challenge), 'register'));
  if (!row || row.user_id !== auth.user.id) throw failed();
  const { rpID, origin } = relyingParty(deps.publicUrl);
  const result = await verifyRegistrationResponse({
    response: body.response,
    expectedChallenge: row.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
  }).catch(() => null);
  if (!result?.verified) throw failed();
  const { credential, credentialBackedUp } = result.registrationInfo;
  if (await repo.findPasskey(deps.db, credential.id)) throw failed();
  const count = (await repo.listPasskeys(deps.db, auth.user.id)).length;
  const created = await repo.insertPasskey(deps.db, {
    id: credential.id,
    user_id: auth.user.id,
    name: body.name ?? `Passkey ${count + 1}`,
    public_key: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports?.join(',') ?? null,
    backed_up: credentialBackedUp,
  });
  await audit(deps.db, {
    actorId: auth.user.id,
    action: 'mfa.passkey_added',
    entityType: 'user',
    entityId: auth.user.id,
    ip: meta.ip,
  });
  return passkeyView(created);
}

export async function loginOptions(deps: PasskeyDeps) {
  const { rpID } = relyingParty(deps.publicUrl);
  const options = await generateAuthenticationOptions({ rpID, userVerification: 'required', allowCredentials: [] });
  await rememberChallenge(deps, options.challenge, 'login', null);
  return { ...options };
}

/** The user a passkey assertion proves, or a 400 that says nothing more (unknown key, bad signature, old challenge). */
export async function verifyLogin(deps: PasskeyDeps, response: AuthenticationResponseJSON): Promise<string> {
  const key = await verifiedKey(deps, response, 'login', null);
  if (!key) throw failed();
  return key.user_id;
}

/**
 * The passkey that signed `response` for a challenge of `purpose` (and, for a step-up, of this user), its
 * counter moved on; null for anything else. The challenge is taken whatever the outcome: good once.
 */
async function verifiedKey(
  deps: PasskeyDeps,
  response: AuthenticationResponseJSON,
  purpose: 'login' | 'step_up',
  userId: string | null,
) {
  const challenge = challengeOf(response.response.clientDataJSON);
  const row = challenge && (await repo.takeChallenge(deps.db, challengeId(deps.sessionSecret, challenge), purpose));
  if (!row || row.user_id !== userId) return null;
  const key = await repo.findPasskey(deps.db, response.id);
  if (!key || (userId !== null && key.user_id !== userId)) return null;
  // The authenticator names whose credential it used: the user handle given at registration (the user's id). A
  // sign-in that named no one first must carry it, and wherever it is sent it must be the key's owner (WebAuthn
  // §7.2, steps 6 and 7): an assertion whose handle names someone else is not this key's.
  const handle = response.response.userHandle;
  if (handle !== undefined || purpose === 'login') {
    if (!handle || Buffer.from(handle, 'base64url').toString('utf8') !== key.user_id) return null;
  }
  const { rpID, origin } = relyingParty(deps.publicUrl);
  const result = await verifyAuthenticationResponse({
    response,
    expectedChallenge: row.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: {
      id: key.id,
      publicKey: new Uint8Array(Buffer.from(key.public_key, 'base64url')),
      counter: key.counter,
      ...(key.transports ? { transports: key.transports.split(',') } : {}),
    },
    requireUserVerification: true,
  }).catch(() => null);
  if (!result?.verified) return null;
  await repo.touchPasskey(deps.db, key.id, result.authenticationInfo.newCounter);
  return key;
}

/**
 * A signed-in person proves it is them again at a sensitive step (signing Form 8879): options naming only their
 * own passkeys, the challenge bound to them; null when they have none.
 */
export async function stepUpOptions(deps: PasskeyDeps, userId: string) {
  const keys = await repo.listPasskeys(deps.db, userId);
  if (!keys.length) return null;
  const { rpID } = relyingParty(deps.publicUrl);
  const options = await generateAuthenticationOptions({
    rpID,
    userVerification: 'required',
    allowCredentials: keys.map((k) => ({
      id: k.id,
      ...(k.transports ? { transports: k.transports.split(',') } : {}),
    })),
  });
  await rememberChallenge(deps, options.challenge, 'step_up', userId);
  return { ...options };
}

/** Whether `response` is this user's passkey answering a step-up challenge made for them (single use). */
export async function verifyStepUp(deps: PasskeyDeps, userId: string, response: AuthenticationResponseJSON) {
  return (await verifiedKey(deps, response, 'step_up', userId)) !== null;
}

export async function rename(deps: PasskeyDeps, auth: AuthContext, id: string, name: string) {
  if (auth.via === 'token') throw new AppError('forbidden', MESSAGES.forbidden);
  const row = await repo.renamePasskey(deps.db, auth.user.id, id, name);
  if (!row) throw new AppError('not_found', MESSAGES.notFound);
  return passkeyView(row);
}

/** Staff keep at least one factor: their last passkey goes only when an authenticator app remains. */
export async function remove(deps: PasskeyDeps, auth: AuthContext, id: string, meta: Meta) {
  if (auth.via === 'token') throw new AppError('forbidden', MESSAGES.forbidden);
  const keys = await repo.listPasskeys(deps.db, auth.user.id);
  if (!keys.some((k) => k.id === id)) throw new AppError('not_found', MESSAGES.notFound);
  if (auth.roles.some(isStaffRole) && keys.length === 1) {
    const totp = await repo.findTotp(deps.db, auth.user.id);
    if (!totp?.enabled_at) throw new AppError('forbidden', MFA_MESSAGES.staffNeedFactor);
  }
  await repo.deletePasskey(deps.db, auth.user.id, id);
  await audit(deps.db, {
    actorId: auth.user.id,
    action: 'mfa.passkey_removed',
    entityType: 'user',
    entityId: auth.user.id,
    ip: meta.ip,
  });
}
