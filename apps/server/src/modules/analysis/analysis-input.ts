import { DIMENSIONS_360, NominationColumnsBuilder, type AnalysisInput, type NominationColumns, type CollaborationInput, type Dimension360, type Generation, type GraphCategory, type Leadership360Input, type QuestionKind } from '@ona/analytics';
import { and, asc, eq, gte, inArray, isNull, lt, sql, tables, type Database } from '@ona/db';
import { collaborationPeriod, journeyCollaborationWindow } from '../collaboration-imports/collaboration-network.ts';

/**
 * Reads one engagement into the engine's plain input. Ids become strings of the database ids, so
 * results map straight back to employees, units and questions. `collaboration`: also read the
 * organisation's collaboration network of the journey's window (an analysis run does; the live
 * queries that reuse the survey input do not need it). `employeesPerRead`: the answers are read for
 * this many employees a statement (EMPLOYEES_PER_READ; tests make it small).
 */
export async function loadAnalysisInput(db: Database, engagementId: number, read: { collaboration?: boolean; employeesPerRead?: number } = {}): Promise<AnalysisInput> {
  const [unitRows, employeeRows, questionRows, lastAnswerRows, participationRows, leadershipItemRows] = await Promise.all([
    db.select().from(tables.units).where(eq(tables.units.engagementId, engagementId)).orderBy(asc(tables.units.id)),
    db.select().from(tables.employees).where(eq(tables.employees.engagementId, engagementId)).orderBy(asc(tables.employees.id)),
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
    db.select().from(tables.surveyParticipations).where(eq(tables.surveyParticipations.engagementId, engagementId)),
    db.select().from(tables.leadershipItems).where(eq(tables.leadershipItems.engagementId, engagementId)).orderBy(asc(tables.leadershipItems.position), asc(tables.leadershipItems.id)),
  ]);
  // The answers and the 360 answers, the bulk of the read (1.3 and 2.9 million rows at 100,000
  // people), a range of employees at a time, each range's rows folded into the input and dropped.
  const ranges = employeeRanges(employeeRows, read.employeesPerRead ?? EMPLOYEES_PER_READ);
  let selections = 0;
  for (const row of lastAnswerRows) selections += row.selections;
  const nominations = nominationBuilder(employeeRows, questionRows, selections);
  for (const range of ranges) {
    nominations.add(
      await db
        .select({ employeeId: tables.answers.employeeId, questionId: tables.answers.questionId, selectedEmployeeIds: idList(tables.answers.selectedEmployeeIds) })
        .from(tables.answers)
        .where(and(eq(tables.answers.engagementId, engagementId), ...inRange(tables.answers.employeeId, range)))
        .orderBy(asc(tables.answers.employeeId), asc(tables.answers.questionId)),
    );
  }
  const leadership = leadershipBuilder(leadershipItemRows, employeeRows);
  if (leadership) {
    for (const range of ranges) {
      leadership.add(
        await db
          .select({ employeeId: tables.leadershipAnswers.employeeId, itemId: tables.leadershipAnswers.itemId, selectedLeaderIds: idList(tables.leadershipAnswers.selectedLeaderIds) })
          .from(tables.leadershipAnswers)
          .where(and(eq(tables.leadershipAnswers.engagementId, engagementId), ...inRange(tables.leadershipAnswers.employeeId, range)))
          .orderBy(asc(tables.leadershipAnswers.employeeId), asc(tables.leadershipAnswers.itemId)),
      );
    }
  }
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
 * An id array read as its text, `1,2,3`, for `parseIds`: the drivers' parser of an int[] is
 * JavaScript that makes a string per element (measured, 1.3 million rows of six ids: 5.0 s of the
 * reading process's CPU as int[], 2.2–2.7 s as text), and the answers and 360 answers are 4.2
 * million such rows at 100,000 people. NULL elements are left out, as the builders left them out.
 */
const idList = (column: typeof tables.answers.selectedEmployeeIds | typeof tables.leadershipAnswers.selectedLeaderIds) => sql<string>`array_to_string(${column}, ',')`;

/** The ids of an `idList` text into `into` (emptied first, reused from row to row): no string per id. */
export function parseIds(text: string, into: number[]): number[] {
  into.length = 0;
  let value = 0;
  let digits = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 44) {
      if (digits) into.push(value);
      value = 0;
      digits = false;
    } else if (code >= 48 && code <= 57) {
      value = value * 10 + (code - 48);
      digits = true;
    } else {
      throw new Error(`an id list read from the database is not ids separated by commas: ${text.slice(0, 80)}`);
    }
  }
  if (digits) into.push(value);
  return into;
}

/** Employees per statement of the answers' read: about 65,000 answer rows at 13 questions. */
const EMPLOYEES_PER_READ = 5_000;

/**
 * Ranges of employee ids that together cover every id (the first open below, the last above):
 * an answer of someone outside the engagement's employees is still read, and dropped with the
 * engine's warning as before.
 */
function employeeRanges(employeeRows: readonly { id: number }[], perRead: number): { from: number | null; to: number | null }[] {
  const ranges: { from: number | null; to: number | null }[] = [];
  for (let start = 0; start === 0 || start < employeeRows.length; start += perRead) {
    const next = employeeRows[start + perRead];
    ranges.push({ from: start === 0 ? null : (employeeRows[start] as { id: number }).id, to: next ? next.id : null });
  }
  return ranges;
}

/** `column` within a range of employeeRanges: from ≤ id < to, an open end unbounded. */
function inRange(column: typeof tables.answers.employeeId | typeof tables.leadershipAnswers.employeeId, range: { from: number | null; to: number | null }) {
  return [...(range.from === null ? [] : [gte(column, range.from)]), ...(range.to === null ? [] : [lt(column, range.to)])];
}

/**
 * The answers' selections as the engine's nomination columns (indexes into the employees and
 * questions in the order read), written straight from the answer rows as each range arrives: no
 * object per nomination (8 million of them at 100,000 people). Colleagues who are not employees of
 * the engagement and people naming themselves are left out; an answer to an unknown question or
 * from an unknown employee gets the index −1, which the engine drops with its warning, as it
 * dropped unknown ids.
 */
function nominationBuilder(employeeRows: readonly { id: number }[], questionRows: readonly { id: number }[], selections: number): { add: (rows: readonly { employeeId: number; questionId: number; selectedEmployeeIds: string }[]) => void; build: () => NominationColumns } {
  const employeeIndex = new Map<number, number>();
  employeeRows.forEach((e, i) => employeeIndex.set(e.id, i));
  const questionIndex = new Map<number, number>();
  questionRows.forEach((q, i) => questionIndex.set(q.id, i));
  const columns = new NominationColumnsBuilder(selections);
  const ids: number[] = [];
  return {
    add(rows) {
      for (const a of rows) {
        const source = employeeIndex.get(a.employeeId) ?? -1;
        const question = questionIndex.get(a.questionId) ?? -1;
        for (const selected of parseIds(a.selectedEmployeeIds, ids)) {
          const target = employeeIndex.get(selected);
          if (target !== undefined && selected !== a.employeeId) columns.push(source, target, question);
        }
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
  const employeeOf = new Map<number, number>();
  for (const e of employeeRows) if (e.directoryPersonId !== null && !employeeOf.has(e.directoryPersonId)) employeeOf.set(e.directoryPersonId, e.id);
  // A journey whose people came from an employees file is not linked to the directory person by
  // person (the upload feeds the directory, it does not follow it): its employees are matched by
  // e-mail, as the imports match addresses to the directory.
  for (const [person, employee] of await directoryPeopleByEmail(db, journey.organizationId, employeeRows.filter((e) => e.directoryPersonId === null))) {
    if (!employeeOf.has(person)) employeeOf.set(person, employee);
  }
  if (employeeOf.size === 0) return null;
  const period = journeyCollaborationWindow(journey, journey.timeZone);
  const { people, ties: directoryTies } = await collaborationPeriod(db, journey.organizationId, period);
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

const EMAIL_CHUNK = 5_000;

/**
 * Directory person id → employee id for employees without a directory link, by e-mail (compared in
 * lower case, as the imports compare them). An address held by several directory people (a leaver
 * and a later hire) goes to the active one, else to the latest; erased people are never matched.
 */
async function directoryPeopleByEmail(db: Database, organizationId: number, unlinked: readonly { id: number; email: string | null }[]): Promise<Map<number, number>> {
  const employeeOfEmail = new Map<string, number>();
  for (const e of unlinked) if (e.email && !employeeOfEmail.has(e.email.toLowerCase())) employeeOfEmail.set(e.email.toLowerCase(), e.id);
  const emails = [...employeeOfEmail.keys()];
  const chosen = new Map<string, { id: number; active: boolean }>();
  for (let i = 0; i < emails.length; i += EMAIL_CHUNK) {
    const people = await db
      .select({ id: tables.directoryPeople.id, email: tables.directoryPeople.email, active: tables.directoryPeople.active })
      .from(tables.directoryPeople)
      .where(and(eq(tables.directoryPeople.organizationId, organizationId), isNull(tables.directoryPeople.erasedAt), inArray(sql`lower(${tables.directoryPeople.email})`, emails.slice(i, i + EMAIL_CHUNK))));
    for (const person of people) {
      const email = person.email.toLowerCase();
      const before = chosen.get(email);
      if (!before || (person.active && !before.active) || (person.active === before.active && person.id > before.id)) chosen.set(email, { id: person.id, active: person.active });
    }
  }
  return new Map([...chosen].map(([email, person]) => [person.id, employeeOfEmail.get(email)!]));
}

type LeadershipItemRow = typeof tables.leadershipItems.$inferSelect;
type LeadershipAnswerRow = Pick<typeof tables.leadershipAnswers.$inferSelect, 'employeeId' | 'itemId'> & { selectedLeaderIds: string };

/**
 * The optional 360 block: its items (of the seven known dimensions) and one nomination per chosen
 * leader, keeping only leaders who are employees of the engagement. A respondent choosing themself
 * stays in: that is the leader's own selection. Without items the engagement has no 360 block.
 *
 * The nominations' ids are one string per employee and item, shared by every nomination that
 * names them: at 100,000 people there are millions of nominations, and a string of its own per
 * field was most of their memory, held for the whole run.
 */
function leadershipBuilder(itemRows: LeadershipItemRow[], employeeRows: readonly { id: number }[]): { add: (rows: readonly LeadershipAnswerRow[]) => void; build: () => Leadership360Input } | undefined {
  const items = itemRows
    .filter((item) => Object.hasOwn(DIMENSIONS_360, item.dimension))
    .map((item) => ({ id: String(item.id), dimension: item.dimension as Dimension360, label: item.texts.en }));
  if (items.length === 0) return undefined;
  const itemIndexOf = new Map(items.map((item, k) => [Number(item.id), k]));
  const employeeIndexOf = new Map<number, number>();
  employeeRows.forEach(({ id }, v) => employeeIndexOf.set(id, v));
  // Columns like the survey's nominations (types.ts, `Leadership360Input`): no object per choice.
  const nominations = new NominationColumnsBuilder();
  const ids: number[] = [];
  return {
    add(rows) {
      for (const a of rows) {
        const item = itemIndexOf.get(a.itemId);
        const source = employeeIndexOf.get(a.employeeId);
        if (item === undefined || source === undefined) continue;
        for (const chosen of new Set(parseIds(a.selectedLeaderIds, ids))) {
          const leader = employeeIndexOf.get(chosen);
          if (leader !== undefined) nominations.push(source, leader, item);
        }
      }
    },
    build: () => ({ items, nominations: nominations.build() }),
  };
}
