import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type EndpointDef } from '@taxportal/contract';
import { Agent, createStaff, createTestApp, signIn, type TestApp } from '../test/helper.ts';

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

/**
 * The OpenAPI document is the API's reference (shared/API.md only states the conventions): every served route is in
 * it, with the schemas of what it takes and answers, and the error answers its declaration allows.
 */
describe('the OpenAPI document', () => {
  it('has every served route with its parameters, body, success answer and error answers', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    type Operation = {
      parameters?: { in: string; name: string; schema?: object }[];
      requestBody?: { content: Record<string, { schema?: object }> };
      responses: Record<string, { content?: Record<string, { schema?: object }> }>;
    };
    const wrong: string[] = [];
    for (const e of declared()) {
      const key = `${e.method} ${e.path}`;
      const op = doc.paths[e.path.replace(/:(\w+)/g, '{$1}')]?.[e.method.toLowerCase()];
      if (!op) {
        wrong.push(`${key}: not in the document`);
        continue;
      }
      const params = (where: string) => (op.parameters ?? []).filter((p) => p.in === where && p.schema);
      const pathNames = [...e.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      for (const name of pathNames)
        if (!params('path').some((p) => p.name === name)) wrong.push(`${key}: no schema for :${name}`);
      if (e.query && params('query').length === 0) wrong.push(`${key}: no query parameters`);
      const bodies = Object.values(op.requestBody?.content ?? {});
      if ((e.body || e.consumes) && !bodies.some((b) => b.schema)) wrong.push(`${key}: no request body schema`);
      const success = Object.entries(e.response ?? {}).filter(([status]) => Number(status) < 300);
      for (const [status] of success) {
        const answer = op.responses[status];
        if (!answer) wrong.push(`${key}: no ${status} answer`);
        else if (status !== '204' && !Object.values(answer.content ?? {}).some((c) => c.schema))
          wrong.push(`${key}: the ${status} answer has no schema`);
      }
      const errors = Object.keys(op.responses).filter((s) => Number(s) >= 400);
      const expected = [
        ...(e.public ? [] : ['401']),
        ...(!e.public && (e.method !== 'GET' || e.roles || e.sessionOnly) ? ['403'] : []),
        ...(pathNames.length ? ['404'] : []),
        ...(pathNames.length || e.query || e.body || e.consumes ? ['422'] : []),
      ];
      for (const status of expected) {
        const problem = op.responses[status]?.content?.['application/problem+json']?.schema;
        if (!errors.includes(status) || !problem) wrong.push(`${key}: no ${status} problem+json answer`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('names each operation once, and gives it a success answer; public ones need no credentials', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, { operationId?: string; security?: unknown[]; responses: object }>>;
    };
    const ids = new Map<string, string>();
    const wrong: string[] = [];
    for (const e of declared()) {
      const key = `${e.method} ${e.path}`;
      const op = doc.paths[e.path.replace(/:(\w+)/g, '{$1}')]![e.method.toLowerCase()]!;
      if (!op.operationId || ids.has(op.operationId)) wrong.push(`${key}: operationId ${op.operationId}`);
      else ids.set(op.operationId, key);
      if (!Object.keys(op.responses).some((s) => Number(s) < 400)) wrong.push(`${key}: no success answer`);
      if (e.public && (op.security?.length ?? -1) !== 0) wrong.push(`${key}: public, yet asks for credentials`);
      if (!e.public && op.security?.length === 0) wrong.push(`${key}: private, yet asks for nothing`);
    }
    expect(wrong).toEqual([]);
  });

  /*
   * What the routes really answer, against what the document says they may: a body that does not parse, a body of a
   * type no route takes, and an id that names nothing (GET only: nothing is changed), from someone signed out and
   * from an Admin (who lacks the customers' roles). Every answer must be one the operation declares.
   */
  it('declares every answer a route gives to a broken body, a foreign content type or an unknown id', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const admin = await signIn(t, (await createStaff(t, 'Admin')).email);
    const anonymous = new Agent(t.app);
    const NONE = '00000000-0000-4000-8000-000000000000';
    const wrong: string[] = [];
    for (const e of declared()) {
      if (e.path === '/api/v1/events') continue; // a stream that stays open
      const declaredStatuses = Object.keys(
        doc.paths[e.path.replace(/:(\w+)/g, '{$1}')]![e.method.toLowerCase()]!.responses,
      );
      const url = e.path.replace(/:(\w+)/g, (_, name: string) => (name === 'provider' ? 'google' : NONE));
      const tries: { what: string; send: (a: Agent) => ReturnType<Agent['request']> }[] = [];
      if (e.body || e.form)
        tries.push(
          {
            what: 'broken JSON',
            send: (a) =>
              a.request({ method: e.method, url, payload: '{"a":', headers: { 'content-type': 'application/json' } }),
          },
          {
            what: 'text/plain',
            send: (a) =>
              a.request({ method: e.method, url, payload: 'hello', headers: { 'content-type': 'text/plain' } }),
          },
        );
      else if (e.method === 'GET' && /:\w+/.test(e.path)) tries.push({ what: 'unknown id', send: (a) => a.get(url) });
      for (const attempt of tries)
        for (const [who, agent] of [
          ['signed out', anonymous],
          ['Admin', admin],
        ] as const) {
          const res = await attempt.send(agent);
          if (!declaredStatuses.includes(String(res.statusCode)))
            wrong.push(`${e.method} ${e.path}, ${attempt.what}, ${who}: ${res.statusCode} is not declared`);
        }
    }
    expect(wrong).toEqual([]);
  });
});
