import { createHmac } from 'node:crypto';
import { and, eq, sql, tables, type Database } from '@ona/db';
import { replaceStrings } from '../data-subject-requests/data-subject.ts';
import { rewriteStoredResults } from '../analysis/run-parts-repository.ts';
import type { Pseudonym } from '../data-subject-requests/person-erasure.ts';

/**
 * A participant's pseudonym after retention: a keyed hash (the audit chain's key, separated by its
 * label) of the organisation and the person's e-mail address, so the same person carries the same
 * pseudonym in every anonymised journey and wave comparisons between anonymised journeys still
 * match people (they match by e-mail). Without an address, the participant row's id.
 */
export function retentionPseudonymOf(key: Buffer, organizationId: number, participant: { id: number; email: string | null }): Pseudonym {
  const email = participant.email?.trim().toLowerCase() ?? '';
  const subject = email === '' ? `participant\u0000${participant.id}` : `email\u0000${email}`;
  const digest = createHmac('sha256', key).update(`journey-retention\u0000${organizationId}\u0000${subject}`).digest('hex');
  const id = `anonymised-${digest.slice(0, 16)}`;
  return { name: `Anonymised person ${digest.slice(0, 6).toUpperCase()}`, email: `${id}@anonymised.invalid`, externalId: id };
}

export interface JourneyAnonymisationOutcome {
  participants: number;
  rewrittenRunIds: number[];
}

/**
 * Anonymises one closed journey inside the caller's transaction (docs/privacy/retention.md): every
 * participant row takes a pseudonym as name and e-mail and loses job title, user account and
 * directory link, so the answers (which point to participant rows) name nobody any more; every
 * stored analysis run of the journey gets the pseudonyms wherever a name or address was a whole
 * value. Unit, leader, gender, generation, dates and filter fields stay, and so does every figure.
 * Marks the journey anonymised in the same transaction: a run broken off half-way leaves it as it
 * was, and the next run does it whole. Returns null when it was anonymised meanwhile.
 */
export async function anonymiseJourney(tx: Database, input: { engagementId: number; key: Buffer; now: Date }): Promise<JourneyAnonymisationOutcome | null> {
  const { engagements, employees } = tables;
  // The lock makes two instances' runs queue on the journey; the second finds it done.
  const [journey] = await tx.select({ organizationId: engagements.organizationId, anonymisedAt: engagements.anonymisedAt }).from(engagements).where(eq(engagements.id, input.engagementId)).for('update');
  if (!journey || journey.anonymisedAt) return null;
  const participants = await tx.select({ id: employees.id, name: employees.name, email: employees.email }).from(employees).where(eq(employees.engagementId, input.engagementId));

  const byValue = new Map<string, string>();
  const rows = participants.map((participant) => {
    const pseudonym = retentionPseudonymOf(input.key, journey.organizationId, participant);
    if (participant.name.trim() !== '') byValue.set(participant.name, pseudonym.name);
    if (participant.email && participant.email.trim() !== '') byValue.set(participant.email.trim().toLowerCase(), pseudonym.email);
    return sql`(${participant.id}::int, ${pseudonym.name}, ${pseudonym.email})`;
  });
  // A statement per thousand participants, not per participant (a journey may have tens of thousands).
  for (let start = 0; start < rows.length; start += 1000) {
    await tx.execute(sql`
      update employees as e set name = v.name, email = v.email, job_title = null, user_id = null, directory_person_id = null
      from (values ${sql.join(rows.slice(start, start + 1000), sql`, `)}) as v(id, name, email)
      where e.id = v.id`);
  }

  // Stored runs carry names and addresses as whole values (the graph, 360, report lists): only
  // whole strings are replaced, so no other text and no figure changes. A run in parts is
  // rewritten part by part (docs/analysis-result-parts.md).
  const rewrittenRunIds = await rewriteStoredResults(tx, [input.engagementId], (value) => replaceStrings(value, (text) => byValue.get(text) ?? byValue.get(text.trim().toLowerCase()) ?? text));
  await tx.update(engagements).set({ anonymisedAt: input.now }).where(eq(engagements.id, input.engagementId));
  return { participants: participants.length, rewrittenRunIds };
}
