import type { GraphMetrics } from '@ona/analytics';
import { and, asc, eq, inArray, or, sql, tables, type Database } from '@ona/db';
import type { TPersonalDataExport } from '@ona/contracts';
import { analysisOfRun, type ResultOf, type SectionPath } from '../analytics-shared/latest-result.ts';
import { latestRunId } from '../analysis/run-repository.ts';
import { EXTERNAL_PARTY, partyKey } from '../collaboration-imports/party-keys.ts';
import type { DataSubject } from './data-subject.ts';

/** What a person's export reads of a run: the people, the survey networks' metrics and the reports, not the graph or retention pages. */
const PERSON_SECTIONS = [['employees'], ['metrics', 'work'], ['metrics', 'byCategory'], ['metrics', 'byKind'], ['individualReports'], ['leaderReports'], ['reports360']] as const satisfies readonly SectionPath[];
type PersonResult = ResultOf<'employees' | 'metrics' | 'individualReports' | 'leaderReports' | 'reports360'>;

type TComputed = NonNullable<TPersonalDataExport['journeys'][number]['computed']>;
const iso = (value: Date | null): string | null => value?.toISOString() ?? null;

/** The audit actions that concern a person through their directory id (the `id` path parameter). */
export const PERSON_ACTIONS = ['personal_data.export', 'person.erasure'] as const;

/**
 * Everything the product holds about one person (GDPR art. 15), as one document: their directory
 * profile and history, groups and user account, each journey's participant row, their own answers
 * (whom they named, their 360 choices), what the latest analysis computed about them, their
 * instant-survey answers and who accessed their data. Never who named them: incoming ties are
 * left out of every part, as everywhere below all_access (ARCHITECTURE.md, house style 9).
 */
export async function personalDataExport(db: Database, organizationId: number, subject: DataSubject, now: Date, collaborationKey: Buffer): Promise<TPersonalDataExport> {
  const { person } = subject;
  const employeeIds = subject.employees.map((e) => e.employee.id);
  const [[organization], history, groups, accounts, answers, leadership, participations] = await Promise.all([
    db.select({ id: tables.organizations.id, name: tables.organizations.name }).from(tables.organizations).where(eq(tables.organizations.id, organizationId)),
    db.select().from(tables.directoryPersonHistory).where(and(eq(tables.directoryPersonHistory.organizationId, organizationId), eq(tables.directoryPersonHistory.personId, person.id))).orderBy(asc(tables.directoryPersonHistory.validFrom), asc(tables.directoryPersonHistory.id)),
    db.select({ id: tables.directoryGroups.id, name: tables.directoryGroups.displayName }).from(tables.directoryGroupMembers).innerJoin(tables.directoryGroups, eq(tables.directoryGroups.id, tables.directoryGroupMembers.groupId)).where(eq(tables.directoryGroupMembers.personId, person.id)).orderBy(asc(tables.directoryGroups.id)),
    subject.userIds.length === 0
      ? Promise.resolve([])
      : db.select({ user: tables.users, membership: tables.memberships }).from(tables.users).innerJoin(tables.memberships, and(eq(tables.memberships.userId, tables.users.id), eq(tables.memberships.organizationId, organizationId))).where(inArray(tables.users.id, subject.userIds)),
    employeeIds.length === 0
      ? Promise.resolve([])
      : db.select({ answer: tables.answers, question: tables.questions }).from(tables.answers).innerJoin(tables.questions, eq(tables.questions.id, tables.answers.questionId)).where(inArray(tables.answers.employeeId, employeeIds)).orderBy(asc(tables.questions.position)),
    employeeIds.length === 0
      ? Promise.resolve([])
      : db.select({ answer: tables.leadershipAnswers, item: tables.leadershipItems }).from(tables.leadershipAnswers).innerJoin(tables.leadershipItems, eq(tables.leadershipItems.id, tables.leadershipAnswers.itemId)).where(inArray(tables.leadershipAnswers.employeeId, employeeIds)).orderBy(asc(tables.leadershipItems.position)),
    employeeIds.length === 0 ? Promise.resolve([]) : db.select().from(tables.surveyParticipations).where(inArray(tables.surveyParticipations.employeeId, employeeIds)),
  ]);

  // The names of everyone the person named, of their leaders and of their units, in two reads.
  const namedIds = new Set<number>();
  for (const { answer } of answers) for (const id of answer.selectedEmployeeIds) namedIds.add(id);
  for (const { answer } of leadership) for (const id of answer.selectedLeaderIds) namedIds.add(id);
  for (const { employee } of subject.employees) if (employee.leaderId !== null) namedIds.add(employee.leaderId);
  const unitIds = subject.employees.map((e) => e.employee.unitId).filter((id): id is number => id !== null);
  const [namedRows, unitRows] = await Promise.all([
    namedIds.size === 0 ? Promise.resolve([]) : db.select({ id: tables.employees.id, name: tables.employees.name }).from(tables.employees).where(inArray(tables.employees.id, [...namedIds])),
    unitIds.length === 0 ? Promise.resolve([]) : db.select({ id: tables.units.id, name: tables.units.name }).from(tables.units).where(inArray(tables.units.id, unitIds)),
  ]);
  const names = new Map(namedRows.map((r) => [r.id, r.name]));
  const unitNames = new Map(unitRows.map((r) => [r.id, r.name]));
  const named = (ids: readonly number[]) => [...new Set(ids)].filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id) as string }));

  const journeys: TPersonalDataExport['journeys'] = [];
  for (const { employee, journey } of subject.employees) {
    const participation = participations.find((p) => p.employeeId === employee.id);
    const latest = await latestRunId(db, journey.id);
    const stored = latest ? await analysisOfRun(db, journey.id, latest.id, latest.version, PERSON_SECTIONS) : null;
    const about = stored ? computedAbout(stored, employee.id) : null;
    journeys.push({
      journey: { id: journey.id, name: journey.name, access_from: journey.accessFrom, access_till: journey.accessTill },
      employee: {
        id: employee.id,
        name: employee.name,
        email: employee.email,
        unit: employee.unitId === null ? null : (unitNames.get(employee.unitId) ?? null),
        leader: employee.leaderId !== null && names.has(employee.leaderId) ? { id: employee.leaderId, name: names.get(employee.leaderId) as string } : null,
        job_title: employee.jobTitle,
        gender: employee.gender,
        generation: employee.generation,
        entry_date: employee.entryDate,
        left_at: employee.leftAt,
        attributes: employee.attributes,
      },
      participation: participation
        ? { invited_at: iso(participation.invitedAt), reminded_at: iso(participation.remindedAt), terms_accepted_at: iso(participation.termsAcceptedAt), finished_at: iso(participation.finishedAt) }
        : null,
      nominations: answers
        .filter((a) => a.answer.employeeId === employee.id)
        .map(({ answer, question }) => ({ question_id: question.id, question_key: question.key, question_text: question.texts.en ?? question.key, answered_at: answer.answeredAt.toISOString(), named: named(answer.selectedEmployeeIds) })),
      leadership_answers: leadership
        .filter((a) => a.answer.employeeId === employee.id)
        .map(({ answer, item }) => ({ item_id: item.id, dimension: item.dimension, item_text: item.texts.en, answered_at: answer.answeredAt.toISOString(), named: named(answer.selectedLeaderIds) })),
      computed: stored && about ? { run_id: stored.runId, finished_at: iso(stored.finishedAt), ...about } : null,
    });
  }

  return {
    format_version: 1,
    generated_at: now.toISOString(),
    organization: { id: organizationId, name: organization?.name ?? '' },
    person: {
      id: person.id,
      external_id: person.externalId,
      user_name: person.userName,
      email: person.email,
      given_name: person.givenName,
      family_name: person.familyName,
      display_name: person.displayName,
      employee_number: person.employeeNumber,
      unit_path: person.unitPath,
      manager_external_id: person.managerExternalId,
      job_title: person.jobTitle,
      hire_date: person.hireDate,
      leave_date: person.leaveDate,
      leave_reason: person.leaveReason,
      language: person.language,
      time_zone: person.timeZone,
      gender: person.gender,
      generation: person.generation,
      location: person.location,
      attributes: person.attributes,
      active: person.active,
      created_at: person.createdAt.toISOString(),
      updated_at: person.updatedAt.toISOString(),
    },
    directory_history: history.map((h) => ({ valid_from: h.validFrom.toISOString(), unit_path: h.unitPath, manager_external_id: h.managerExternalId, active: h.active, leave_date: h.leaveDate, source: h.source })),
    groups,
    user_account: accounts[0]
      ? { id: accounts[0].user.id, name: accounts[0].user.name, email: accounts[0].user.email, created_at: accounts[0].user.createdAt.toISOString(), permissions: accounts[0].membership.permissions, deactivated_at: iso(accounts[0].membership.deactivatedAt) }
      : null,
    journeys,
    instant_survey_answers: await instantAnswers(db, organizationId, person.email),
    access_log: await accessLog(db, organizationId, subject),
    collaboration_weeks: await collaborationWeeks(db, organizationId, subject, collaborationKey),
  };
}

/**
 * The person's weekly collaboration counts per source and week: the rows that name their directory
 * id or one of their addresses' keyed hashes, summed by whether the other party is a colleague (of
 * the organisation's domains) or external. Who the colleagues were is not given: a weekly count of
 * a pair is the other person's data as much as theirs.
 */
async function collaborationWeeks(db: Database, organizationId: number, subject: DataSubject, key: Buffer): Promise<TPersonalDataExport['collaboration_weeks']> {
  const w = tables.collaborationWeeklyCounts;
  const { person } = subject;
  const addresses = [...new Set([person.email, person.userName, ...subject.employees.map((e) => e.employee.email ?? '')].map((e) => e.trim().toLowerCase()).filter((e) => e.includes('@')))];
  const keys = addresses.map((address) => partyKey(key, address));
  const mine = [eq(w.fromPersonId, person.id), eq(w.toPersonId, person.id), ...(keys.length > 0 ? [inArray(w.fromKey, keys), inArray(w.toKey, keys)] : [])];
  const rows = await db
    .select({ source: w.source, weekStart: w.weekStart, fromKey: w.fromKey, toKey: w.toKey, fromPersonId: w.fromPersonId, interactions: w.interactions })
    .from(w)
    .where(and(eq(w.organizationId, organizationId), or(...mine)))
    .orderBy(asc(w.source), asc(w.weekStart));
  const own = new Set(keys);
  const weeks = new Map<string, TPersonalDataExport['collaboration_weeks'][number]>();
  for (const row of rows) {
    const fromThem = row.fromPersonId === person.id || own.has(row.fromKey);
    const other = fromThem ? row.toKey : row.fromKey;
    const id = `${row.source}\u0000${row.weekStart}`;
    const week = weeks.get(id) ?? { source: row.source, week_start: row.weekStart, with_colleagues: 0, with_external: 0 };
    if (other === EXTERNAL_PARTY) week.with_external += row.interactions;
    else week.with_colleagues += row.interactions;
    weeks.set(id, week);
  }
  return [...weeks.values()];
}

/** The person's figures in one stored analysis; null when the run did not include them. */
function computedAbout(stored: { result: PersonResult; employeeIndex: ReadonlyMap<number, number> }, employeeId: number): Omit<TComputed, 'run_id' | 'finished_at'> | null {
  const { result } = stored;
  const index = stored.employeeIndex.get(employeeId);
  if (index === undefined) return null;
  const employee = result.employees[index];
  if (!employee) return null;
  const engineId = String(employeeId);
  const networks: [string, GraphMetrics | undefined][] = [
    ['work', result.metrics.work],
    ...Object.entries(result.metrics.byCategory).map(([key, value]): [string, GraphMetrics | undefined] => [`category:${key}`, value]),
    ...Object.entries(result.metrics.byKind).map(([key, value]): [string, GraphMetrics | undefined] => [`kind:${key}`, value]),
  ];
  const metrics: TComputed['metrics'] = {};
  for (const [network, figures] of networks) {
    if (!figures) continue;
    const own: Record<string, number | null> = {};
    // Every per-person column of the network (an array that follows employeeIds) at this person's place.
    for (const [metric, column] of Object.entries(figures)) if (Array.isArray(column)) own[metric] = (column as (number | null)[])[index] ?? null;
    metrics[network] = own;
  }
  const individual = result.individualReports.find((r) => r.employeeId === engineId);
  // `received` lists who named the person: never part of what they are given.
  const individualReport = individual ? (({ received: _received, ...own }) => own)(individual) : null;
  const leader = result.leaderReports.find((r) => r.leaderId === engineId);
  const report360 = result.reports360.find((r) => r.employee.id === engineId);
  return {
    hierarchy_level: employee.hierarchyLevel,
    risk_level: employee.risk_level,
    risk_score: employee.riskScore,
    risk_factors: [...employee.riskFactors],
    key_roles: [...employee.keyRoles],
    group_roles: [...employee.groupRoles],
    community: employee.community,
    metrics,
    individual_report: individualReport as Record<string, unknown> | null,
    // Scores only: the tie lists of a leader report say which team members named the leader.
    leader_report: leader ? { team_size: leader.teamSize, attention: leader.attention.score, prestige: leader.prestige.score, impartiality: leader.impartiality.score, relationship: leader.relationship.score } : null,
    report_360: report360 ? { hierarchy_level: report360.hierarchy_level, dimension_means: report360.dimensionMeans, result: report360.result } : null,
  };
}

/** Answers given in the organisation's instant surveys by a participant listed under the person's e-mail. */
async function instantAnswers(db: Database, organizationId: number, email: string): Promise<TPersonalDataExport['instant_survey_answers']> {
  const t = tables;
  const rows = await db
    .select({ survey: t.instantSurveys.title, question: t.instantSurveyQuestions.label, value: t.instantSurveyAnswers.value, answeredAt: t.instantSurveyAnswers.answeredAt })
    .from(t.instantSurveyAnswers)
    .innerJoin(t.instantSurveyParticipants, eq(t.instantSurveyParticipants.id, t.instantSurveyAnswers.participantId))
    .innerJoin(t.instantSurveys, eq(t.instantSurveys.id, t.instantSurveyAnswers.surveyId))
    .innerJoin(t.instantSurveyQuestions, eq(t.instantSurveyQuestions.id, t.instantSurveyAnswers.questionId))
    .where(and(eq(t.instantSurveys.organizationId, organizationId), sql`lower(trim(${t.instantSurveyParticipants.email})) = ${email.trim().toLowerCase()}`))
    .orderBy(asc(t.instantSurveyAnswers.answeredAt), asc(t.instantSurveyAnswers.id));
  return rows.map((r) => ({ survey: r.survey, question: r.question, value: r.value, answered_at: r.answeredAt.toISOString() }));
}

/** Every audit entry about the person: reads of their participants' data, changes of their account, requests about them. */
async function accessLog(db: Database, organizationId: number, subject: DataSubject): Promise<TPersonalDataExport['access_log']> {
  const t = tables.auditEntries;
  const employeeIds = subject.employees.map((e) => e.employee.id);
  const about = [
    employeeIds.length > 0 ? inArray(t.subjectEmployeeId, employeeIds) : undefined,
    subject.userIds.length > 0 ? inArray(t.subjectUserId, subject.userIds) : undefined,
    and(inArray(t.action, [...PERSON_ACTIONS]), sql`${t.targetIds}->>'id' = ${String(subject.person.id)}`),
  ];
  const rows = await db.select().from(t).where(and(eq(t.organizationId, organizationId), or(...about))).orderBy(asc(t.seq));
  return rows.map((r) => ({ seq: r.seq, occurred_at: r.occurredAt.toISOString(), action: r.action, actor_user_id: r.actorUserId, route: r.route, engagement_id: r.engagementId, subject_employee_id: r.subjectEmployeeId }));
}
