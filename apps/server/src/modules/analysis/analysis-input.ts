import { DIMENSIONS_360, NominationColumnsBuilder, type AnalysisInput, type NominationColumns, type CollaborationInput, type Dimension360, type Generation, type GraphCategory, type Leadership360Input, type QuestionKind } from '@ona/analytics';
import { and, asc, copyOut, eq, isNotNull, isNull, sql, tables, type Database } from '@ona/db';
import { IdRowsParser } from './id-rows.ts';
import { collaborationPeriod, journeyCollaborationWindow } from '../collaboration-imports/collaboration-network.ts';

const { employees } = tables;

/**
 * Reads one engagement into the engine's plain input. Ids become strings of the database ids, so
 * results map straight back to employees, units and questions. `collaboration`: also read the
 * organisation's collaboration network of the journey's window (an analysis run does; the live
 * queries that reuse the survey input do not need it).
 */
export async function loadAnalysisInput(db: Database, engagementId: number, read: { collaboration?: boolean } = {}): Promise<AnalysisInput> {
  if (!Number.isSafeInteger(engagementId)) throw new Error(`an engagement id is a whole number, not ${engagementId}`);
  const [unitRows, employeeRows, questionRows, lastAnswerRows, participationRows, leadershipItemRows] = await Promise.all([
    db.select().from(tables.units).where(eq(tables.units.engagementId, engagementId)).orderBy(asc(tables.units.id)),
    // Only the columns the input uses: every column of 100,000 employees and their participations
    // (dates the driver turns into Date objects) took 0.5 s more of this thread.
    db
      .select({ id: employees.id, name: employees.name, unitId: employees.unitId, leaderId: employees.leaderId, gender: employees.gender, generation: employees.generation, entryDate: employees.entryDate, directoryPersonId: employees.directoryPersonId, email: employees.email })
      .from(employees)
      .where(eq(employees.engagementId, engagementId))
      .orderBy(asc(employees.id)),
    db.select().from(tables.questions).where(eq(tables.questions.engagementId, engagementId)).orderBy(asc(tables.questions.position)),
    // Each respondent's last answer and how many colleagues they selected in all, in one scan of the
    // answers: the selections' total sizes the columns at once, not grown by doubling (150 MB more
    // at its peak at 100,000 people).
    db
      .select({
        employeeId: tables.answers.employeeId,
        answeredAt: sql<Date>`max(${tables.answers.answeredAt})`.mapWith(tables.answers.answeredAt),
        selections: sql<number>`coalesce(sum(cardinality(${tables.answers.selectedEmployeeIds})), 0)`.mapWith(Number),
      })
      .from(tables.answers)
      .where(eq(tables.answers.engagementId, engagementId))
      .groupBy(tables.answers.employeeId),
    db
      .select({ employeeId: tables.surveyParticipations.employeeId, finishedAt: tables.surveyParticipations.finishedAt })
      .from(tables.surveyParticipations)
      .where(and(eq(tables.surveyParticipations.engagementId, engagementId), isNotNull(tables.surveyParticipations.finishedAt))),
    db.select().from(tables.leadershipItems).where(eq(tables.leadershipItems.engagementId, engagementId)).orderBy(asc(tables.leadershipItems.position), asc(tables.leadershipItems.id)),
  ]);
  // The answers and the 360 answers, the bulk of the read (1.3 and 2.9 million rows at 100,000
  // people), streamed through COPY and folded into the input's columns as their bytes arrive. The
  // two are read at once, on two connections of the pool: each builder gets its own stream's rows
  // in that stream's order, and while this thread parses one stream the database produces the
  // other (one after the other, this thread waited on each query's first rows and on the database
  // between its pieces). On one connection (a transaction, the embedded database) the driver
  // queues the second behind the first.
  let selections = 0;
  for (const row of lastAnswerRows) selections += row.selections;
  const nominations = nominationBuilder(employeeRows, questionRows, selections);
  const leadership = leadershipBuilder(leadershipItemRows, employeeRows);
  await Promise.all([
    copyIdRows(
      db,
      `SELECT employee_id, question_id, array_to_string(selected_employee_ids, ',') FROM answers WHERE engagement_id = ${engagementId} ORDER BY employee_id, question_id`,
      nominations.add,
    ),
    leadership &&
      copyIdRows(
        db,
        `SELECT employee_id, item_id, array_to_string(selected_leader_ids, ',') FROM leadership_answers WHERE engagement_id = ${engagementId} ORDER BY employee_id, item_id`,
        leadership.add,
      ),
  ]);
  const employeeIds = new Set(employeeRows.map((e) => e.id));
  const answered = new Map<number, Date>();
  for (const a of lastAnswerRows) answered.set(a.employeeId, a.answeredAt);
  for (const p of participationRows) if (p.finishedAt) answered.set(p.employeeId, p.finishedAt);
  const rootUnit = unitRows.find((u) => u.parentId === null);
  const leadership360 = leadership?.build();

  return {
    units: unitRows.map((u) => ({ id: String(u.id), name: u.name, parentId: u.parentId === null ? null : String(u.parentId) })),
    employees: employeeRows.map((e) => ({
      id: String(e.id),
      name: e.name,
      unitId: String(e.unitId ?? rootUnit?.id ?? 0),
      leaderId: e.leaderId !== null && employeeIds.has(e.leaderId) ? String(e.leaderId) : null,
      ...(e.gender ? { gender: e.gender } : {}),
      ...(e.generation && ['x', 'y', 'z', 'bb'].includes(e.generation) ? { generation: e.generation as Generation } : {}),
      ...(e.entryDate ? { entryDate: e.entryDate } : {}),
      hasAnswered: answered.has(e.id),
      ...(answered.has(e.id) ? { answeredAt: (answered.get(e.id) as Date).toISOString().slice(0, 10) } : {}),
    })),
    questions: questionRows.map((q) => ({
      id: String(q.id),
      category: q.category as GraphCategory,
      kind: q.kind as QuestionKind,
      label: q.texts.en ?? q.key,
    })),
    nominations: nominations.build(),
    ...(leadership360 ? { leadership360 } : {}),
    ...(read.collaboration ? { collaboration: await loadCollaborationInput(db, engagementId, employeeRows) } : {}),
  };
}

/**
 * Rows of two ids and an id list (`array_to_string` leaves out NULL elements, as the builders did)
 * through `COPY … TO STDOUT`, parsed from the bytes (id-rows.ts) and handed to `onRow` one by one
 * in the query's order. The driver's rows were an object and strings each: at 100,000 people the
 * read of 4.2 million of them took 12–14 s of the reading thread's CPU (docs/benchmarks.md).
 */
async function copyIdRows(db: Database, query: string, onRow: (first: number, second: number, ids: readonly number[]) => void): Promise<void> {
  const rows = new IdRowsParser(onRow);
  await copyOut(db, query, (bytes) => rows.push(bytes));
  rows.end();
}

/**
 * The answers' selections as the engine's nomination columns (indexes into the employees and
 * questions in the order read), written straight from the answer rows as each range arrives: no
 * object per nomination (8 million of them at 100,000 people). Colleagues who are not employees of
 * the engagement and people naming themselves are left out; an answer to an unknown question or
 * from an unknown employee gets the index −1, which the engine drops with its warning, as it
 * dropped unknown ids.
 */
function nominationBuilder(employeeRows: readonly { id: number }[], questionRows: readonly { id: number }[], selections: number): { add: (employeeId: number, questionId: number, selected: readonly number[]) => void; build: () => NominationColumns } {
  const employeeIndex = new Map<number, number>();
  employeeRows.forEach((e, i) => employeeIndex.set(e.id, i));
  const questionIndex = new Map<number, number>();
  questionRows.forEach((q, i) => questionIndex.set(q.id, i));
  const columns = new NominationColumnsBuilder(selections);
  return {
    add(employeeId, questionId, selected) {
      const source = employeeIndex.get(employeeId) ?? -1;
      const question = questionIndex.get(questionId) ?? -1;
      for (const id of selected) {
        const target = employeeIndex.get(id);
        if (target !== undefined && id !== employeeId) columns.push(source, target, question);
      }
    },
    build: () => columns.build(),
  };
}

/**
 * The collaboration network of a journey's window (docs/collaboration-network.md, "In the
 * analysis"): the organisation's weekly counts between directory people, tied by the tie rule,
 * mapped to the journey's employees through `employees.directory_person_id`. Ties with someone
 * outside the journey are left out; a journey employee the data covers but who has no tie is an
 * isolate. null when the data covers none of the journey's employees (no import, another period,
 * people without a directory link): the run is then exactly what it was without the feature.
 */
export async function loadCollaborationInput(db: Database, engagementId: number, employeeRows: readonly { id: number; directoryPersonId: number | null; email: string | null }[]): Promise<CollaborationInput | null> {
  const [journey] = await db
    .select({ organizationId: tables.engagements.organizationId, accessFrom: tables.engagements.accessFrom, accessTill: tables.engagements.accessTill, closedAt: tables.engagements.closedAt, timeZone: tables.organizations.timeZone })
    .from(tables.engagements)
    .innerJoin(tables.organizations, eq(tables.organizations.id, tables.engagements.organizationId))
    .where(eq(tables.engagements.id, engagementId));
  if (!journey) return null;
  const period = journeyCollaborationWindow(journey, journey.timeZone);
  const { people, ties: directoryTies } = await collaborationPeriod(db, journey.organizationId, period);
  // No collaboration data in the window (no import, or one of another period): nothing to map, so
  // the employees are not matched to directory people (at 100,000 people that took 2.5 s of every
  // analysis of an organisation that never imported any).
  if (people.size === 0) return null;
  const employeeOf = new Map<number, number>();
  for (const e of employeeRows) if (e.directoryPersonId !== null && !employeeOf.has(e.directoryPersonId)) employeeOf.set(e.directoryPersonId, e.id);
  // A journey whose people came from an employees file is not linked to the directory person by
  // person (the upload feeds the directory, it does not follow it): its employees are matched by
  // e-mail, as the imports match addresses to the directory.
  for (const [person, employee] of await directoryPeopleByEmail(db, journey.organizationId, employeeRows.filter((e) => e.directoryPersonId === null))) {
    if (!employeeOf.has(person)) employeeOf.set(person, employee);
  }
  if (employeeOf.size === 0) return null;
  const covered = [...people].flatMap((person) => (employeeOf.has(person) ? [employeeOf.get(person)!] : [])).sort((x, y) => x - y);
  if (covered.length === 0) return null;
  const ties = directoryTies.flatMap((tie) => {
    const a = employeeOf.get(tie.a);
    const b = employeeOf.get(tie.b);
    if (a === undefined || b === undefined || a === b) return [];
    // One entry per pair, lower id first (as strings, the engine's id order).
    const [source, target, fromSource, fromTarget] = String(a) < String(b) ? [a, b, tie.fromA, tie.fromB] : [b, a, tie.fromB, tie.fromA];
    return [{ source: String(source), target: String(target), interactions: tie.interactions, fromSource, fromTarget, met: tie.met }];
  });
  return { ...period, coveredEmployeeIds: covered.map(String), ties };
}

/**
 * Directory person id → employee id for employees without a directory link, by e-mail (compared in
 * lower case, as the imports compare them). An address held by several directory people (a leaver
 * and a later hire) goes to the active one, else to the latest; erased people are never matched.
 * The organisation's directory is read once and matched here: the addresses in the query, in
 * chunks of 5,000, took one scan of the directory per chunk (`lower(email)` is indexed for active
 * people only), 20 scans for 100,000 employees.
 */
async function directoryPeopleByEmail(db: Database, organizationId: number, unlinked: readonly { id: number; email: string | null }[]): Promise<Map<number, number>> {
  const employeeOfEmail = new Map<string, number>();
  for (const e of unlinked) if (e.email && !employeeOfEmail.has(e.email.toLowerCase())) employeeOfEmail.set(e.email.toLowerCase(), e.id);
  if (employeeOfEmail.size === 0) return new Map();
  const directory = await db
    .select({ id: tables.directoryPeople.id, email: tables.directoryPeople.email, active: tables.directoryPeople.active })
    .from(tables.directoryPeople)
    .where(and(eq(tables.directoryPeople.organizationId, organizationId), isNull(tables.directoryPeople.erasedAt)));
  const chosen = new Map<string, { id: number; active: boolean }>();
  for (const person of directory) {
    const email = person.email.toLowerCase();
    if (!employeeOfEmail.has(email)) continue;
    const before = chosen.get(email);
    if (!before || (person.active && !before.active) || (person.active === before.active && person.id > before.id)) chosen.set(email, { id: person.id, active: person.active });
  }
  return new Map([...chosen].map(([email, person]) => [person.id, employeeOfEmail.get(email)!]));
}

type LeadershipItemRow = typeof tables.leadershipItems.$inferSelect;

/**
 * The optional 360 block: its items (of the seven known dimensions) and one nomination per chosen
 * leader, keeping only leaders who are employees of the engagement. A respondent choosing themself
 * stays in: that is the leader's own selection. Without items the engagement has no 360 block.
 *
 */
function leadershipBuilder(itemRows: LeadershipItemRow[], employeeRows: readonly { id: number }[]): { add: (employeeId: number, itemId: number, chosen: readonly number[]) => void; build: () => Leadership360Input } | undefined {
  const items = itemRows
    .filter((item) => Object.hasOwn(DIMENSIONS_360, item.dimension))
    .map((item) => ({ id: String(item.id), dimension: item.dimension as Dimension360, label: item.texts.en }));
  if (items.length === 0) return undefined;
  const itemIndexOf = new Map(items.map((item, k) => [Number(item.id), k]));
  const employeeIndexOf = new Map<number, number>();
  employeeRows.forEach(({ id }, v) => employeeIndexOf.set(id, v));
  // Columns like the survey's nominations (types.ts, `Leadership360Input`): no object per choice.
  const nominations = new NominationColumnsBuilder();
  return {
    add(employeeId, itemId, chosen) {
      const item = itemIndexOf.get(itemId);
      const source = employeeIndexOf.get(employeeId);
      if (item === undefined || source === undefined) return;
      chosen.forEach((id, i) => {
        // A leader listed twice in one answer counts once (the first time).
        if (chosen.indexOf(id) !== i) return;
        const leader = employeeIndexOf.get(id);
        if (leader !== undefined) nominations.push(source, leader, item);
      });
    },
    build: () => ({ items, nominations: nominations.build() }),
  };
}
