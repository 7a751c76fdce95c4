import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNotNull, MAX_ROWS_PER_STATEMENT, MAX_STATEMENT_PARAMETERS, statementChunks, tables } from '@ona/db';
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
