import type { CallFor } from './authorization-matrix.ts';
import type { World } from './authorization-world.ts';

/**
 * The matrix's calls of uploads matched to requests (issue 32): each on a new open request of the owner's and a new
 * upload of theirs, so the allowed callers succeed and a refusal is about access only; unmatching needs a request
 * staff fulfilled first.
 */
const pair = async (w: World) => ({
  params: { id: await w.fresh.request() },
  body: { document_id: await w.fresh.document() },
});

async function fulfilled(w: World): Promise<string> {
  const { params, body } = await pair(w);
  const res = await w.as(w.agents.preparer, {
    method: 'PUT',
    url: `/api/v1/document-requests/${params.id}/document`,
    payload: body,
  });
  if (res.statusCode !== 200) throw new Error(`set-up: match answered ${res.statusCode} ${res.body}`);
  return params.id;
}

export const REQUEST_MATCH_CALLS = {
  requestDocument: (async (w) => pair(w)) as CallFor,
  unmatchRequest: (async (w) => ({ params: { id: await fulfilled(w) }, body: { reason: 'Wrong year' } })) as CallFor,
};
