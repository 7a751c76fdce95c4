import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, copyRows, count, eq, isNotNull, MAX_ROWS_PER_STATEMENT, MAX_STATEMENT_PARAMETERS, sql, statementChunks, tables } from '@ona/db';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import type { DemoEmployee, DemoOrganisation } from './demo-types.ts';
import { loadDemo } from './load-demo.ts';

/**
 * 8,000 people: one INSERT of their employee rows binds 80,000 parameters, past PostgreSQL's
 * 65,535 (issue 35, point 8: the demo and benchmark loaders failed above about 7,000 people).
 * Built by hand rather than generated, so the test stays quick: one unit, one question, no answers.
 */
const PEOPLE = 8_000;

function largeOrganisation(): DemoOrganisation {
  const employees: DemoEmployee[] = Array.from({ length: PEOPLE }, (_, i) => ({
    key: `p${i}`,
    name: `Person ${i}`,
    email: `p${i}@large.example`,
    unitKey: 'company',
    leaderKey: i === 0 ? null : `p${Math.floor((i - 1) / 10)}`,
    gender: i % 2 ? 'female' : 'male',
    generation: 'y',
    entryDate: '2020-01-01',
    birthYear: 1990,
    jobTitle: 'Analyst',
    isUnitManager: i === 0,
  }));
  return {
    key: 'large',
    name: 'Large Ltd',
    units: [{ key: 'company', name: 'Large Ltd', parentKey: null, level: 0 }],
    employees,
    engagements: [
      {
        key: 'large-2026',
        name: 'Large survey',
        accessFrom: '2026-03-01',
        accessTill: '2026-03-21',
        defaultLanguage: 'en',
        status: 'open',
        questions: [{ key: 'advice', category: 'work_info', kind: 'advice', order: 1, texts: { en: 'Advice?', hu: 'Tanács?', de: 'Rat?', ru: 'Совет?' } }],
        participantKeys: employees.map((e) => e.key),
        finishedKeys: [],
        answers: [],
        leaverReasons: Object.fromEntries(employees.slice(0, 100).map((e) => [e.key, 'left' as const])),
      },
    ],
  };
}

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.close());

describe('loading a demo of 8,000 people', () => {
  it('stores every employee, leader line and participation (in statements within the parameter limit)', async () => {
    await loadDemo(db.db, [largeOrganisation()], []);
    const [employees] = await db.db.select({ n: count() }).from(tables.employees);
    const [withLeader] = await db.db.select({ n: count() }).from(tables.employees).where(isNotNull(tables.employees.leaderId));
    const [participations] = await db.db.select({ n: count() }).from(tables.surveyParticipations);
    expect([employees?.n, withLeader?.n, participations?.n]).toEqual([PEOPLE, PEOPLE - 1, PEOPLE]);
    // The ids came back in the roster's order: person 15's leader is person 1.
    const [p15] = await db.db.select({ leaderId: tables.employees.leaderId }).from(tables.employees).where(eq(tables.employees.email, 'p15@large.example'));
    const [p1] = await db.db.select({ id: tables.employees.id }).from(tables.employees).where(and(eq(tables.employees.email, 'p1@large.example')));
    expect(p15?.leaderId).toBe(p1?.id);
  });
});

describe('statementChunks', () => {
  it('keeps rows × columns within PostgreSQL’s parameter limit and the rows in order', () => {
    const rows = Array.from({ length: 7_000 }, (_, i) => ({ a: i, b: i, c: i, d: i, e: i, f: i, g: i, h: i, i: i, j: i, k: i }));
    const chunks = statementChunks(rows);
    expect(chunks.every((chunk) => chunk.length * 11 <= MAX_STATEMENT_PARAMETERS)).toBe(true);
    expect(chunks.flat().every((row, i) => row === rows[i])).toBe(true);
    expect(chunks.flat()).toHaveLength(rows.length);
    expect(statementChunks([])).toEqual([]);
    expect(statementChunks(rows, 2).every((chunk) => chunk.length <= MAX_ROWS_PER_STATEMENT)).toBe(true);
  });

  it('takes the answer rows of a 20,000-person organisation (268,665) without overflowing the stack', () => {
    const answers = Array.from({ length: 300_000 }, (_, i) => ({ engagementId: 1, employeeId: i, questionId: 1, selectedEmployeeIds: [i + 1], answeredAt: null }));
    const chunks = statementChunks(answers);
    expect(chunks).toHaveLength(300);
    expect(chunks[299]?.[999]).toBe(answers[299_999]);
  });
});

describe('copyRows (COPY FROM STDIN on PostgreSQL, COPY from a blob on the embedded database)', () => {
  it('writes text that needs escaping, nulls, dates, id arrays and JSON as they were, inside the caller’s transaction', async () => {
    const [engagement] = await db.db.select({ id: tables.engagements.id }).from(tables.engagements).limit(1);
    const engagementId = engagement?.id ?? 0;
    const awkward = 'tab\there\nnew line \\ back\\slash, \r "quoted" Ünőke Łódź Мария \\N';
    await db.db.transaction(async (tx) => {
      const written = await copyRows(tx as unknown as typeof db.db, 'employees', ['engagement_id', 'name', 'email', 'entry_date', 'attributes'], [
        [engagementId, awkward, null, '2024-02-29', { note: awkward }],
        [engagementId, 'second', 'second@copy.example', null, {}],
      ]);
      expect(written).toBe(2);
    });
    const rows = await db.db.select({ name: tables.employees.name, email: tables.employees.email, entryDate: tables.employees.entryDate, attributes: tables.employees.attributes }).from(tables.employees).where(sql`${tables.employees.name} in (${awkward}, 'second')`).orderBy(tables.employees.name);
    expect(rows).toEqual([
      { name: 'second', email: 'second@copy.example', entryDate: null, attributes: {} },
      { name: awkward, email: null, entryDate: '2024-02-29', attributes: { note: awkward } },
    ].sort((a, b) => (a.name < b.name ? -1 : 1)));
  });

  it('sends rows in several pieces (1,000 rows each here), and a transaction that fails keeps none of them', async () => {
    const [engagement] = await db.db.select({ id: tables.engagements.id }).from(tables.engagements).limit(1);
    const [question] = await db.db.select({ id: tables.questions.id }).from(tables.questions).limit(1);
    const people = await db.db.select({ id: tables.employees.id }).from(tables.employees).where(eq(tables.employees.engagementId, engagement?.id ?? 0)).limit(2_500);
    expect(people).toHaveLength(2_500);
    const at = new Date('2026-03-02T10:11:12.345Z');
    const rows = people.map((p, i) => [engagement?.id ?? 0, p.id, question?.id ?? 0, [people[(i + 1) % people.length]?.id ?? 0], at] as const);
    await expect(
      db.db.transaction(async (tx) => {
        await copyRows(tx as unknown as typeof db.db, 'answers', ['engagement_id', 'employee_id', 'question_id', 'selected_employee_ids', 'answered_at'], rows, 1_000);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const [none] = await db.db.select({ n: count() }).from(tables.answers);
    expect(none?.n).toBe(0);
    await copyRows(db.db, 'answers', ['engagement_id', 'employee_id', 'question_id', 'selected_employee_ids', 'answered_at'], rows, 1_000);
    const [all] = await db.db.select({ n: count() }).from(tables.answers);
    expect(all?.n).toBe(people.length);
    const [first] = await db.db.select({ selected: tables.answers.selectedEmployeeIds, answeredAt: tables.answers.answeredAt }).from(tables.answers).where(eq(tables.answers.employeeId, people[0]?.id ?? 0));
    expect(first).toEqual({ selected: [people[1]?.id], answeredAt: at });
  });
});
