import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type EndpointDef } from '@taxportal/contract';
import { createTestApp, type TestApp } from '../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** Every declaration in the contract, the per-section questionnaire ones included. */
function declared(): EndpointDef[] {
  const isEndpoint = (v: unknown): v is EndpointDef =>
    typeof v === 'object' && v !== null && 'method' in v && 'path' in v;
  return Object.values(endpoints).flatMap((v) => (isEndpoint(v) ? [v] : Object.values(v as object).filter(isEndpoint)));
}

describe('the contract declares every API route', () => {
  it('registers each declared endpoint once, with its public flag, and no route the contract does not declare', () => {
    const served = t.routes
      .filter((r) => r.url.startsWith('/api') && !r.url.startsWith('/api/docs') && r.url !== '/api/openapi.json')
      .filter((r) => r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}${r.isPublic ? ' (public)' : ''}`)
      .sort();
    const expected = declared()
      .map((e) => `${e.method} ${e.path}${e.public ? ' (public)' : ''}`)
      .sort();
    expect(served).toEqual(expected);
  });
});
