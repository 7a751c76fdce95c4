import { createHmac } from 'node:crypto';
import { and, eq, inArray, isNull, ne, or, sql, tables, type Database } from '@ona/db';
import type { TPersonErasureRequest, TPersonErasureResult } from '@ona/contracts';
import { ApiError } from '../../errors/api-error.ts';
import { ORGANIZATION_ADMIN_PERMISSION } from '../organizations/organization-guards.ts';
import { partyKey } from '../collaboration-imports/party-keys.ts';
import { findDataSubject, replaceStrings, type DataSubject } from './data-subject.ts';
import { rewriteStoredResults } from '../analysis/run-parts-repository.ts';

/** What stands for an erased person from then on, everywhere their identity was. */
export interface Pseudonym {
  /** `Erased person 7F3A9C`: readable in reports, the same in every journey and run. */
  name: string;
  /** An address of the reserved `.invalid` domain (RFC 2606), so no mail can ever reach anyone. */
  email: string;
  externalId: string;
}

/**
 * A keyed hash of the organisation and the directory id: stable (the same person gets the same
 * pseudonym in every journey and stored run, so aggregates and other people's reports still add
 * up), and without the key nobody can tell from the pseudonym whom it stands for, nor produce it
 * from a name. The key is the audit chain's (derived from SECRETS_KEY), separated by its label.
 */
export function pseudonymOf(key: Buffer, organizationId: number, personId: number): Pseudonym {
  const digest = createHmac('sha256', key).update(`person-erasure\u0000${organizationId}\u0000${personId}`).digest('hex');
  const id = `erased-${digest.slice(0, 16)}`;
  return { name: `Erased person ${digest.slice(0, 6).toUpperCase()}`, email: `${id}@erased.invalid`, externalId: id };
}

export interface ErasureOutcome extends TPersonErasureResult {
  subject: DataSubject;
  /** Stored runs whose result was rewritten: an instance's parsed copies of them must be dropped. */
  rewrittenRunIds: number[];
}

const refused = (code: string, key: 'open_journey' | 'last_administrator' | 'already_erased' | 'other_organisations', params: Record<string, string> = {}) =>
  new ApiError(409, code, `dataSubject.errors.${key}`, undefined, params);

/**
 * Erases a person (GDPR art. 17) inside the caller's transaction, so that a failure anywhere
 * leaves nothing half-erased. Refused (409, nothing changed) when the person is already erased,
 * takes part in a journey that is still open (their answers and invitations are live), is the
 * organisation's last administrator, or has a user account that other organisations share.
 *
 * Their identity (names, e-mail addresses, user name, external id, employee number, job title)
 * is replaced by the pseudonym in the directory, every journey's participant rows and every stored
 * analysis run of those journeys; their user account is deleted (sign-in data with it); mails to
 * them and sign-in counters of their address are removed; their address in the rest of the
 * organisation's mails and HR-sync files is replaced. Unit, leader, gender, generation, dates and
 * filter attributes stay, so that every figure about groups stays what it was.
 */
export async function erasePerson(
  tx: Database,
  input: { organizationId: number; personId: number; key: Buffer; collaborationKey: Buffer; now: Date; choice: TPersonErasureRequest },
): Promise<ErasureOutcome> {
  const { organizationId, now } = input;
  const subject = await findDataSubject(tx, organizationId, input.personId, { lock: true });
  const { person } = subject;
  if (person.erasedAt) throw refused('already_erased', 'already_erased');

  const today = now.toISOString().slice(0, 10);
  const open = subject.employees.filter(({ journey }) => journey.closedAt === null && journey.archivedAt === null && journey.accessTill >= today);
  if (open.length > 0) throw refused('subject_in_open_journey', 'open_journey', { journeys: [...new Set(open.map((o) => o.journey.name))].join(', ') });
  await refuseAccountsInUse(tx, organizationId, subject.userIds);

  const pseudonym = pseudonymOf(input.key, organizationId, person.id);
  const employeeIds = subject.employees.map((e) => e.employee.id);
  const journeyIds = [...new Set(subject.employees.map((e) => e.journey.id))];
  const accounts = subject.userIds.length === 0 ? [] : await tx.select({ name: tables.users.name, email: tables.users.email }).from(tables.users).where(inArray(tables.users.id, subject.userIds));

  // Every form in which the person's identity may appear, mapped to what replaces it.
  const names = new Set<string>([person.displayName, ...subject.employees.map((e) => e.employee.name), ...accounts.map((a) => a.name)]);
  if (person.givenName && person.familyName) for (const full of [`${person.givenName} ${person.familyName}`, `${person.familyName} ${person.givenName}`]) names.add(full);
  const emails = new Set<string>([person.email, person.userName, ...subject.employees.map((e) => e.employee.email ?? ''), ...accounts.map((a) => a.email)].map((e) => e.trim().toLowerCase()).filter((e) => e.includes('@')));
  const exact = new Map<string, string>();
  for (const name of names) if (name.trim().length > 0) exact.set(name, pseudonym.name);
  const exactIdentifiers = new Map(exact);
  for (const value of [person.externalId, person.userName, person.employeeNumber ?? '']) if (value.trim().length >= 3 && !value.includes('@')) exactIdentifiers.set(value, pseudonym.externalId);
  const replaceExact = (map: ReadonlyMap<string, string>) => (text: string) => map.get(text) ?? (emails.has(text.trim().toLowerCase()) ? pseudonym.email : text);
  // In free text (mails, files) names are only replaced where written in full (with a space), so that a short name does not hit a longer word.
  const inText = [...names].filter((name) => name.trim().includes(' '));
  const replaceInText = (text: string) => {
    let next = text;
    for (const email of emails) next = next.replace(new RegExp(email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), pseudonym.email);
    for (const name of inText) next = next.split(name).join(pseudonym.name);
    return next;
  };

  // The directory: the person's own row, and the manager links and history that point at their external id.
  await tx
    .update(tables.directoryPeople)
    .set({ externalId: pseudonym.externalId, userName: pseudonym.externalId, email: pseudonym.email, givenName: null, familyName: null, displayName: pseudonym.name, employeeNumber: null, jobTitle: null, language: null, timeZone: null, active: false, deletedAt: person.deletedAt ?? now, erasedAt: now, version: person.version + 1, updatedAt: now })
    .where(eq(tables.directoryPeople.id, person.id));
  await tx.update(tables.directoryPeople).set({ managerExternalId: pseudonym.externalId }).where(and(eq(tables.directoryPeople.organizationId, organizationId), eq(tables.directoryPeople.managerExternalId, person.externalId)));
  await tx.update(tables.directoryPersonHistory).set({ managerExternalId: pseudonym.externalId }).where(and(eq(tables.directoryPersonHistory.organizationId, organizationId), eq(tables.directoryPersonHistory.managerExternalId, person.externalId)));
  await tx.delete(tables.directoryGroupMembers).where(eq(tables.directoryGroupMembers.personId, person.id));

  // The journeys: participant rows keep their place (others' answers name them, leaders lead them) under the pseudonym.
  let nominationsDeleted = 0;
  if (employeeIds.length > 0) {
    await tx.update(tables.employees).set({ name: pseudonym.name, email: pseudonym.email, jobTitle: null, userId: null }).where(inArray(tables.employees.id, employeeIds));
    if (input.choice.nominations === 'delete') {
      const deleted = await tx.delete(tables.answers).where(inArray(tables.answers.employeeId, employeeIds)).returning({ id: tables.answers.questionId });
      const deleted360 = await tx.delete(tables.leadershipAnswers).where(inArray(tables.leadershipAnswers.employeeId, employeeIds)).returning({ id: tables.leadershipAnswers.itemId });
      nominationsDeleted = deleted.length + deleted360.length;
    }
  }
  if (emails.size > 0) {
    const list = [...emails];
    await tx.update(tables.leaverReasons).set({ personKey: pseudonym.email }).where(and(eq(tables.leaverReasons.organizationId, organizationId), inArray(tables.leaverReasons.personKey, list)));
    await tx.update(tables.instantUsers).set({ name: pseudonym.name, email: null }).where(and(eq(tables.instantUsers.organizationId, organizationId), inArray(sql`lower(trim(${tables.instantUsers.email}))`, list)));
    await tx
      .update(tables.instantSurveyParticipants)
      .set({ name: pseudonym.name, email: null })
      .where(and(inArray(sql`lower(trim(${tables.instantSurveyParticipants.email}))`, list), inArray(tables.instantSurveyParticipants.surveyId, tx.select({ id: tables.instantSurveys.id }).from(tables.instantSurveys).where(eq(tables.instantSurveys.organizationId, organizationId)))));
    await tx.delete(tables.emailOutbox).where(and(inArray(sql`lower(trim(${tables.emailOutbox.toAddress}))`, list), or(eq(tables.emailOutbox.organizationId, organizationId), isNull(tables.emailOutbox.organizationId))));
    await tx.delete(tables.loginFailures).where(inArray(sql`lower(${tables.loginFailures.email})`, list));
    await tx.delete(tables.passwordResetRequests).where(inArray(sql`lower(${tables.passwordResetRequests.email})`, list));
  }
  const collaborationCountsDeleted = await deleteCollaborationCounts(tx, organizationId, person.id, [...emails].map((email) => partyKey(input.collaborationKey, email)));
  await rewriteMails(tx, organizationId, replaceInText);
  await rewriteHrSyncs(tx, organizationId, (text) => replaceInText(replaceExact(exactIdentifiers)(text)));
  if (subject.userIds.length > 0) await tx.delete(tables.users).where(inArray(tables.users.id, subject.userIds));

  // Stored analysis runs carry names (the graph, 360 and report lists): whole strings only, so no other person's text changes.
  // A run in parts is rewritten part by part (docs/analysis-result-parts.md).
  const rewrittenRunIds = await rewriteStoredResults(tx, journeyIds, (value) => replaceStrings(value, replaceExact(exact)));

  return {
    subject,
    rewrittenRunIds,
    pseudonym: pseudonym.name,
    erased_at: now.toISOString(),
    journeys: journeyIds.length,
    nominations_deleted: nominationsDeleted,
    analysis_runs_rewritten: rewrittenRunIds.length,
    user_account_erased: subject.userIds.length > 0,
    collaboration_counts_deleted: collaborationCountsDeleted,
  };
}

/**
 * The person's weekly collaboration counts (docs/collaboration-network.md): every row that names
 * their directory id on either side, and every row of one of their addresses' keyed hashes (kept
 * before they were matched to the directory, or by an import made while they were not in it).
 * The other party's share goes with the row: a count of a pair cannot be kept without its pair.
 */
async function deleteCollaborationCounts(tx: Database, organizationId: number, personId: number, partyKeys: readonly string[]): Promise<number> {
  const w = tables.collaborationWeeklyCounts;
  const theirs = [eq(w.fromPersonId, personId), eq(w.toPersonId, personId), ...(partyKeys.length > 0 ? [inArray(w.fromKey, [...partyKeys]), inArray(w.toKey, [...partyKeys])] : [])];
  const deleted = await tx.delete(w).where(and(eq(w.organizationId, organizationId), or(...theirs))).returning({ id: w.id });
  return deleted.length;
}

/**
 * A user account is deleted with the person, so it must be theirs alone: refused when it belongs
 * to another organisation too (this organisation cannot decide about it), or when it is the last
 * active administrator here (nobody could manage the organisation afterwards).
 */
async function refuseAccountsInUse(tx: Database, organizationId: number, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  const m = tables.memberships;
  const [elsewhere] = await tx.select({ userId: m.userId }).from(m).where(and(inArray(m.userId, [...userIds]), ne(m.organizationId, organizationId))).limit(1);
  if (elsewhere) throw refused('subject_account_shared', 'other_organisations');
  const admins = await tx
    .select({ userId: m.userId })
    .from(m)
    .innerJoin(tables.users, eq(tables.users.id, m.userId))
    .where(and(eq(m.organizationId, organizationId), isNull(m.deactivatedAt), eq(tables.users.isActive, true), sql`${ORGANIZATION_ADMIN_PERMISSION} = any(${m.permissions})`));
  const erased = new Set(userIds);
  if (admins.some((a) => erased.has(a.userId)) && admins.every((a) => erased.has(a.userId))) throw refused('last_administrator', 'last_administrator');
}

/** The organisation's mails (and those of no organisation) that mention the person, rewritten. */
async function rewriteMails(tx: Database, organizationId: number, replace: (text: string) => string): Promise<void> {
  const o = tables.emailOutbox;
  const rows = await tx.select({ id: o.id, subject: o.subject, textBody: o.textBody, htmlBody: o.htmlBody, replyTo: o.replyTo }).from(o).where(or(eq(o.organizationId, organizationId), isNull(o.organizationId)));
  for (const row of rows) {
    const next = { subject: replace(row.subject), textBody: replace(row.textBody), htmlBody: row.htmlBody === null ? null : replace(row.htmlBody), replyTo: row.replyTo === null ? null : replace(row.replyTo) };
    if (next.subject !== row.subject || next.textBody !== row.textBody || next.htmlBody !== row.htmlBody || next.replyTo !== row.replyTo) await tx.update(o).set(next).where(eq(o.id, row.id));
  }
}

/** The organisation's stored HR files (rows and diffs) carry the person as the file named them. */
async function rewriteHrSyncs(tx: Database, organizationId: number, replace: (text: string) => string): Promise<void> {
  const h = tables.hrSyncs;
  const rows = await tx.select({ id: h.id, records: h.records, diff: h.diff, fileName: h.fileName }).from(h).where(eq(h.organizationId, organizationId));
  for (const row of rows) {
    const records = replaceStrings(row.records, replace);
    const diff = replaceStrings(row.diff, replace);
    if (records.changed || diff.changed) await tx.update(h).set({ records: records.value, diff: diff.value as Record<string, unknown> }).where(eq(h.id, row.id));
  }
}


