import type { LightMyRequestResponse } from 'fastify';
import { uniqueEmail } from '../helper.ts';
import { multipart } from '../upload-fixtures.ts';
import type { CallFor } from './authorization-matrix.ts';
import type { World } from './authorization-world.ts';

/**
 * The matrix's calls of the client import (issue 32): each on a new import of the Admin's (the Admin's token is the
 * same person), brought to the step the route needs, so that the Admin's cells succeed and every other caller's
 * refusal is about access only.
 */
const BASE = '/api/v1/admin/client-imports';

const ok = (res: LightMyRequestResponse, what: string) => {
  if (res.statusCode >= 300) throw new Error(`set-up: ${what} answered ${res.statusCode} ${res.body}`);
  return res.json();
};

const csv = () => Buffer.from(`Name,Email,Phone\nMatrix Client,${uniqueEmail('imported')},\n`);

async function importAt(w: World, step: 'uploaded' | 'checked' | 'committed' | 'invited'): Promise<string> {
  const admin = w.agents.admin;
  const form = multipart({}, [{ name: 'clients.csv', data: csv(), type: 'text/csv' }]);
  const imp = ok(
    await w.as(admin, { method: 'POST', url: BASE, payload: form.payload, headers: form.headers }),
    'upload',
  );
  if (step === 'uploaded') return imp.id;
  ok(
    await w.as(admin, { method: 'PUT', url: `${BASE}/${imp.id}/mapping`, payload: { mapping: imp.suggested_mapping } }),
    'mapping',
  );
  ok(await w.as(admin, { method: 'POST', url: `${BASE}/${imp.id}/dry-run` }), 'dry run');
  if (step === 'checked') return imp.id;
  ok(await w.as(admin, { method: 'POST', url: `${BASE}/${imp.id}/commit` }), 'commit');
  if (step === 'committed') return imp.id;
  ok(
    await w.as(admin, { method: 'POST', url: `${BASE}/${imp.id}/invitations`, payload: { channel: 'email' } }),
    'invite',
  );
  return imp.id;
}

export const CLIENT_IMPORT_CALLS = {
  clientImportUpload: (() => ({ form: { fields: {}, file: { name: 'clients.csv', data: csv() } } })) as CallFor,
  clientImport: (async (w) => ({ params: { id: await importAt(w, 'uploaded') } })) as CallFor,
  clientImportMapping: (async (w) => ({
    params: { id: await importAt(w, 'uploaded') },
    body: { mapping: { full_name: 0, email: 1, phone: 2 } },
  })) as CallFor,
  clientImportMapped: (async (w) => {
    const id = await importAt(w, 'uploaded');
    ok(
      await w.as(w.agents.admin, {
        method: 'PUT',
        url: `${BASE}/${id}/mapping`,
        payload: { mapping: { full_name: 0, email: 1 } },
      }),
      'mapping',
    );
    return { params: { id } };
  }) as CallFor,
  clientImportRows: (async (w) => ({
    params: { id: await importAt(w, 'checked') },
    query: { outcome: 'create' },
  })) as CallFor,
  clientImportChecked: (async (w) => ({ params: { id: await importAt(w, 'checked') } })) as CallFor,
  clientImportInvite: (async (w) => ({
    params: { id: await importAt(w, 'committed') },
    body: { channel: 'email' },
  })) as CallFor,
  clientImportInvited: (async (w) => ({ params: { id: await importAt(w, 'invited') } })) as CallFor,
  clientInvitation: (async (w) => {
    const id = await importAt(w, 'invited');
    const list = ok(await w.as(w.agents.admin, { method: 'GET', url: `${BASE}/${id}/invitations` }), 'invitations');
    return { params: { id, invitationId: list.items[0].id } };
  }) as CallFor,
  clientInvitationOpen: (() => ({ body: { token: 'not-an-invitation-token' } })) as CallFor,
  clientNotes: ((w) => ({ params: { id: w.ids.owner } })) as CallFor,
};
