import { describe, expect, it } from 'vitest';
import type { Db } from '../platform/db/client.ts';
import type { Mailer } from '../platform/mail/mail.ts';
import { loadConfig } from '../platform/config.ts';
import { createTestApp } from '../test/helper.ts';
import { createBillingDeps } from './billing.deps.ts';

const stripeEnv = {
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
};
const depsFor = (env: Record<string, string>) =>
  createBillingDeps({
    db: {} as Db,
    config: loadConfig(env),
    sessionSecret: Buffer.alloc(32),
    mailer: {} as Mailer,
    log: { error() {}, warn() {}, info() {} } as never,
  });

describe('payment provider configuration', () => {
  it('uses the built-in test provider without keys (the embedded default)', async () => {
    const deps = await depsFor({});
    expect(deps.provider.kind).toBe('test');
    expect(deps.provider.webhooksEnabled).toBe(false);
  });

  it('uses Stripe when the three keys are set', async () => {
    const deps = await depsFor(stripeEnv);
    expect(deps.provider.kind).toBe('stripe');
    expect(deps.provider.publishableKey).toBe('pk_test_x');
    expect(deps.provider.webhooksEnabled).toBe(true);
  });

  it('refuses to start with only some Stripe keys, or malformed ones', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrowError(
      /STRIPE_PUBLISHABLE_KEY[\s\S]*STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ ...stripeEnv, STRIPE_SECRET_KEY: 'pk_oops' })).toThrowError(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ ...stripeEnv, STRIPE_WEBHOOK_SECRET: 'secret' })).toThrowError(/STRIPE_WEBHOOK_SECRET/);
  });

  it("lets Stripe.js and its frames through the CSP only when Stripe's keys are set", async () => {
    for (const [env, allowed] of [
      [{}, false],
      [stripeEnv, true],
    ] as const) {
      const t = await createTestApp(env);
      try {
        const csp = String(
          (await t.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'],
        );
        expect(csp).toContain("frame-ancestors 'none'");
        const directive = (name: string) => csp.split(';').find((d) => d.trim().startsWith(name)) ?? '';
        for (const name of ['script-src', 'frame-src', 'connect-src'])
          expect(directive(name).includes('https://js.stripe.com'), `${name} with keys=${allowed}`).toBe(allowed);
        expect(directive('connect-src').includes('https://api.stripe.com')).toBe(allowed);
      } finally {
        await t.close();
      }
    }
  });
});
