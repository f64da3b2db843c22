import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@taxportal/contract';
import { registerErrorHandler } from './errors.ts';

/** What the pool's driver throws when PostgreSQL goes away (a restart, a failover) or the disk is full. */
const failures: Record<string, () => Error> = {
  'the server shutting down (57P01)': () =>
    Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
  'the server starting up (57P03)': () =>
    Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
  'a refused connection': () =>
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
  'a connection cut mid-query': () => new Error('Connection terminated unexpectedly'),
  'the same, wrapped by the query builder': () =>
    new Error('Failed query: select 1', { cause: new Error('Connection terminated unexpectedly') }),
};

async function appThrowing(make: () => Error) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.get('/boom', async () => {
    throw make();
  });
  await app.ready();
  return app;
}

describe('errors the outside world causes', () => {
  for (const [name, make] of Object.entries(failures)) {
    it(`answers ${name} with 503 problem+json and Retry-After, not 500`, async () => {
      const app = await appThrowing(make);
      const res = await app.inject({ method: 'GET', url: '/boom' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({ status: 503, detail: MESSAGES.serviceUnavailable });
      await app.close();
    });
  }

  it('answers a full disk (ENOSPC) anywhere with 507, not 500', async () => {
    const app = await appThrowing(() =>
      Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }),
    );
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(507);
    expect(res.json()).toMatchObject({ status: 507, title: 'Insufficient storage' });
    await app.close();
  });

  it('still answers a plain bug with 500', async () => {
    const app = await appThrowing(() => new TypeError('x is undefined'));
    expect((await app.inject({ method: 'GET', url: '/boom' })).statusCode).toBe(500);
    await app.close();
  });
});
