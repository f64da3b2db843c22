import { organizerDefinitionSchema, type OrganizerDefinition } from '@taxportal/contract';
import type { Tx } from '../platform/db/client.ts';
import * as repo from './organizers.repository.ts';

/**
 * A version's definition as the rules read it. A published version never changes, so its parsed definition (and
 * the answers schema the contract builds once per definition object) is kept, for the few hundred versions read
 * last; a draft is parsed each time.
 */
const KEEP = 200;
const published = new Map<string, OrganizerDefinition>();

export function definitionOf(v: Pick<repo.VersionRow, 'id' | 'definition' | 'published_at'>): OrganizerDefinition {
  const kept = v.published_at ? published.get(v.id) : undefined;
  if (kept) return kept;
  const definition = organizerDefinitionSchema.parse(v.definition);
  if (v.published_at) {
    if (published.size >= KEEP) published.delete(published.keys().next().value!);
    published.set(v.id, definition);
  }
  return definition;
}

export interface LoadedVersion {
  id: string;
  version: number;
  definition: OrganizerDefinition;
}

/** A version by id, parsed (null if there is none). */
export async function loadVersion(db: Tx, id: string): Promise<LoadedVersion | null> {
  const row = await repo.findVersion(db, id);
  return row ? { id: row.id, version: row.version, definition: definitionOf(row) } : null;
}
