import { and, eq } from 'drizzle-orm';
import { notFound } from '../platform/errors.ts';
import { userRoles } from '../platform/db/schema.ts';
import type { ClientImportDeps } from './client-import.deps.ts';
import * as repo from './client-import.repository.ts';

/** Staff's note on a client (a customer; anyone else is none): the route is staff-only, the client never reads it. */
export async function clientNotes(deps: Pick<ClientImportDeps, 'db'>, userId: string) {
  const [customer] = await deps.db
    .select({ id: userRoles.user_id })
    .from(userRoles)
    .where(and(eq(userRoles.user_id, userId), eq(userRoles.role, 'Customer')));
  if (!customer) throw notFound();
  const row = await repo.findNotes(deps.db, userId);
  return { notes: row?.body ?? null, updated_at: row?.updated_at.toISOString() ?? null };
}
