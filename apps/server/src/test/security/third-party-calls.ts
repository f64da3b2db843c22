import type { LightMyRequestResponse } from 'fastify';
import { SHARE_TOKEN_KIND } from '../../document-shares/index.ts';
import { signShareToken } from '../../platform/share-tokens.ts';
import { signedConsent } from '../consent-fixtures.ts';
import type { CallFor } from './authorization-matrix.ts';
import type { World } from './authorization-world.ts';

/**
 * The matrix's calls of §7216 enforcement (issue 33 item 4): the owner holds a consent to disclose to one lender and
 * a consent to use (made once, in the database); each share or offer a call uses up is made by the Admin first.
 */
const LENDER = 'matrix.lender@bank.example';
const DAY_MS = 86_400_000;

const ok = (res: LightMyRequestResponse, what: string) => {
  if (res.statusCode >= 300) throw new Error(`set-up: ${what} answered ${res.statusCode} ${res.body}`);
  return res.json();
};

const consented = new WeakMap<World, Promise<void>>();
function withConsents(w: World): Promise<void> {
  let made = consented.get(w);
  if (!made) {
    const expiresAt = new Date(Date.now() + 300 * DAY_MS);
    made = (async () => {
      await signedConsent(w.t, { customerId: w.ids.owner, kind: 'disclose', recipientEmail: LENDER, expiresAt });
      await signedConsent(w.t, { customerId: w.ids.owner, kind: 'use', expiresAt });
    })();
    consented.set(w, made);
  }
  return made;
}

async function freshShare(w: World): Promise<{ id: string; token: string }> {
  await withConsents(w);
  const share = ok(
    await w.as(w.agents.admin, {
      method: 'POST',
      url: `/api/v1/tickets/${w.ticket.id}/shares`,
      payload: { document_ids: [w.document], recipient_email: LENDER },
    }),
    'share',
  );
  const token = signShareToken(
    w.t.secrets.sessionSecret,
    SHARE_TOKEN_KIND,
    share.id,
    w.ticket.id,
    new Date(share.expires_at as string),
  );
  return { id: share.id, token };
}

async function freshOffer(w: World): Promise<string> {
  await withConsents(w);
  const offer = ok(
    await w.as(w.agents.admin, {
      method: 'POST',
      url: '/api/v1/admin/offers',
      payload: { subject: 'Matrix offer', body: 'Text', audience: 'selected', customer_ids: [w.ids.owner] },
    }),
    'offer',
  );
  return offer.id as string;
}

export const THIRD_PARTY_CALLS = {
  shareConsent: ((w) => ({ params: { id: w.ticket.id }, query: { recipient_email: LENDER } })) as CallFor,
  newShare: (async (w) => {
    await withConsents(w);
    return { params: { id: w.ticket.id }, body: { document_ids: [w.document], recipient_email: LENDER } };
  }) as CallFor,
  revokeShare: (async (w) => ({ params: { id: w.ticket.id, shareId: (await freshShare(w)).id } })) as CallFor,
  sharedDocuments: (async (w) => ({ params: { token: (await freshShare(w)).token } })) as CallFor,
  sharedFile: (async (w) => {
    const { token } = await freshShare(w);
    const page = ok(await w.t.app.inject({ method: 'GET', url: `/api/v1/shared-documents/${token}` }), 'open');
    return { params: { token, fileId: (page.files as { id: string }[])[0]!.id } };
  }) as CallFor,
  offerPreview: (() => ({ body: { audience: 'all' } })) as CallFor,
  newOffer: (async (w) => {
    await withConsents(w);
    return { body: { subject: 'Matrix offer', body: 'Text', audience: 'selected', customer_ids: [w.ids.owner] } };
  }) as CallFor,
  offer: (async (w) => ({ params: { id: await freshOffer(w) } })) as CallFor,
};
