import type { QuestionnaireSection } from '@taxportal/contract';
import type { Tx } from '../platform/db/client.ts';
import { openForCarry } from './questionnaire-secrets.ts';
import * as repo from './questionnaire.repository.ts';

type Json = Record<string, unknown>;

/** A questionnaire of an earlier year, its secrets in clear (in memory only): what an organizer carries from it. */
export interface EarlierQuestionnaire {
  ticketId: string;
  year: number;
  sections: Partial<Record<QuestionnaireSection, Json>>;
}

/**
 * The customer's questionnaire of the latest tax year before `year` that a person saved (issue 32 item 1: a client
 * whose last year used the questionnaire, whose new year has an organizer): its sections' answers with SSNs, ITINs
 * and account numbers opened, for the organizers feature to seal again under its own rules. Null: none.
 */
export async function earlierQuestionnaire(
  deps: { db: Tx; encryptionKey: Buffer },
  customerId: string,
  ticketId: string,
  year: number,
): Promise<EarlierQuestionnaire | null> {
  const from = await repo.earlierAnsweredTicket(deps.db, customerId, ticketId, year);
  if (!from) return null;
  const sections: EarlierQuestionnaire['sections'] = {};
  for (const row of await repo.listSections(deps.db, from.id))
    sections[row.section] = openForCarry(deps.encryptionKey, from.id, row.section, row.answers);
  return { ticketId: from.id, year: from.year, sections };
}
