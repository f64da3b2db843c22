import { expect } from 'vitest';
import type { Agent } from '../test/helper.ts';
import { multipart } from '../test/upload-fixtures.ts';

export const BASE = '/api/v1/admin/client-imports';

/** Uploads a CSV (text or bytes) as a browser would. */
export const upload = (agent: Agent, csv: string | Buffer, name = 'clients.csv') =>
  agent.request({
    method: 'POST',
    url: BASE,
    ...multipart({}, [{ name, data: typeof csv === 'string' ? Buffer.from(csv, 'utf8') : csv, type: 'text/csv' }]),
  });

/** Upload → the suggested mapping → dry run; the import's id and the dry run's counts. */
export async function checked(agent: Agent, csv: string) {
  const up = await upload(agent, csv);
  expect(up.statusCode, up.body).toBe(201);
  const imp = up.json();
  const mapped = await agent.put(`${BASE}/${imp.id}/mapping`, { mapping: imp.suggested_mapping });
  expect(mapped.statusCode, mapped.body).toBe(200);
  const dry = await agent.post(`${BASE}/${imp.id}/dry-run`);
  expect(dry.statusCode, dry.body).toBe(200);
  return { id: imp.id as string, counts: dry.json(), imp };
}

export const rowsOf = async (agent: Agent, id: string, outcome: string) =>
  (await agent.get(`${BASE}/${id}/rows?outcome=${outcome}&limit=200`)).json().items as {
    line: number;
    reason: string | null;
    reasons: string[];
    full_name: string | null;
    email: string | null;
    duplicate_line: number | null;
    user_id: string | null;
  }[];
