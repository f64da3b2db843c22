import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every environment variable the server reads. `.env.example` and the README list the same. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// URL' })
    .optional(),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  ENCRYPTION_KEY: z
    .string()
    .regex(/^[A-Za-z0-9+/]{43}=$/, { error: 'must be 32 bytes, base64-encoded' })
    .optional(),
  KEY_FILE: z.string().min(1).optional(),
  SEED_DEMO: bool.optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('Tax Portal <no-reply@localhost>'),
  TRUST_PROXY: bool.default(false),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  // The language the firm writes in (e-mail, text messages, PDFs) to someone who never chose one (issue 31).
  FIRM_LANGUAGE: z.enum(['en', 'es'], { error: "must be 'en' or 'es'" }).default('en'),
  // Seconds the public site's published content is kept in memory (site/published-cache.ts); 0 turns it off.
  SITE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  // Card payments: all three set = Stripe; none = the built-in test provider (billing/providers).
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, { error: 'must be a Stripe secret key (sk_...)' })
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, { error: 'must be a Stripe publishable key (pk_...)' }).optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, { error: 'must be a Stripe webhook signing secret (whsec_...)' })
    .optional(),
  // Document storage: local disk under DATA_DIR/files (default) or an S3-compatible bucket.
  STORAGE: z.enum(['disk', 's3'], { error: "must be 'disk' or 's3'" }).default('disk'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: 'must be an S3 bucket name (3-63 of a-z, 0-9, . and -)' })
    .optional(),
  S3_ENDPOINT: z.url({ error: 'must be a URL like https://s3.example.com' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  // Text messages (phone sign-in codes): all three set = Twilio; none = printed to the terminal in development,
  // phone sign-in off in production (platform/sms.ts).
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, { error: 'must be a Twilio Account SID (AC...)' })
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16, { error: 'must be a Twilio auth token' }).optional(),
  TWILIO_FROM: z
    .string()
    .regex(/^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/, {
      error: 'must be a sending number in E.164 (+15551234567) or a Messaging Service SID (MG...)',
    })
    .optional(),
  /** Another origin speaking Twilio's API (tests: the local fake server); unset = api.twilio.com. */
  TWILIO_API_URL: z.url().optional(),
  // Social sign-in (OpenID Connect): a provider is on when its client id and secret are set.
  OIDC_GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  OIDC_GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  OIDC_MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
  OIDC_MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
  /** The tenant's issuer; the default accepts personal accounts only. */
  OIDC_MICROSOFT_ISSUER: z.url().default('https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0'),
  OIDC_APPLE_CLIENT_ID: z.string().min(1).optional(),
  /** Apple's client secret: the ES256 JWT made from your Sign in with Apple key (renew it before it expires). */
  OIDC_APPLE_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_APPLE_ISSUER: z.url().default('https://appleid.apple.com'),
});

export type Env = z.infer<typeof envSchema>;
export interface Config extends Omit<Env, 'PUBLIC_URL' | 'SEED_DEMO' | 'KEY_FILE'> {
  PUBLIC_URL: string;
  /** Absolute: where the embedded default keeps its generated keys (platform/secrets.ts). */
  KEY_FILE: string;
  SEED_DEMO: boolean;
  isProduction: boolean;
  /** Absolute. */
  DATA_DIR: string;
}

export class ConfigError extends Error {}

/** Parses the environment; throws one message naming every bad or missing variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  if (cleaned.NODE_ENV === 'production') {
    for (const name of ['SESSION_SECRET', 'ENCRYPTION_KEY', 'PUBLIC_URL']) {
      if (!cleaned[name]) problems.push(`  ${name}: required in production`);
    }
  }
  const stripeKeys = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'];
  if (stripeKeys.some((k) => cleaned[k])) {
    for (const name of stripeKeys) {
      if (!cleaned[name]) problems.push(`  ${name}: required when any STRIPE_* key is set`);
    }
  }
  const twilioKeys = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'];
  if (twilioKeys.some((k) => cleaned[k])) {
    for (const name of twilioKeys) {
      if (!cleaned[name])
        problems.push(`  ${name}: required when any of TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM is set`);
    }
  }
  for (const p of ['GOOGLE', 'MICROSOFT', 'APPLE']) {
    const id = `OIDC_${p}_CLIENT_ID`;
    const secret = `OIDC_${p}_CLIENT_SECRET`;
    if (Boolean(cleaned[id]) !== Boolean(cleaned[secret])) problems.push(`  ${id}, ${secret}: set both or neither`);
  }
  if (cleaned.STORAGE === 's3' && !cleaned.S3_BUCKET) problems.push('  S3_BUCKET: required when STORAGE=s3');
  if (Boolean(cleaned.S3_ACCESS_KEY_ID) !== Boolean(cleaned.S3_SECRET_ACCESS_KEY)) {
    problems.push(
      '  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither (neither = the AWS default credentials)',
    );
  }
  if (!parsed.success || problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    ...e,
    DATA_DIR: dataDir,
    KEY_FILE: path.resolve(e.KEY_FILE ?? defaultKeyFile(dataDir, cleaned)),
    PUBLIC_URL: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    // Production never creates demo users; elsewhere they are on unless switched off.
    SEED_DEMO: isProduction ? false : (e.SEED_DEMO ?? true),
    isProduction,
  };
}

/**
 * The generated keys live outside the data they protect (docs/decisions/0011): in the user's configuration
 * directory, one file per data directory (named after it and a hash of its absolute path).
 */
function defaultKeyFile(dataDir: string, env: NodeJS.ProcessEnv): string {
  const configHome = env.XDG_CONFIG_HOME || path.join(env.HOME || os.homedir(), '.config');
  const slug = path
    .basename(dataDir)
    .replace(/[^\w.-]+/g, '_')
    .slice(0, 40);
  const hash = createHash('sha256').update(dataDir).digest('hex').slice(0, 12);
  return path.join(configHome, 'taxportal', `keys-${slug}-${hash}.json`);
}
