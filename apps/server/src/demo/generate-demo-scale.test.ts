import { describe, expect, it } from 'vitest';
import { generateDemoOrganisation } from './generate-demo.ts';
import { answerRowsOf, leadershipRowsOf } from './load-demo.ts';

/**
 * The loader's input at the size the product claims (issue 34: a test of the loader at 100,000,
 * data generation only). Generating is what this test costs (about 15 s on a quiet 2-core machine,
 * 90 s under a load of 19); loading 100,000 people belongs to the benchmark
 * (bench/scale-load.bench.ts, docs/benchmarks.md), not the test stage. What is checked is what
 * COPY would refuse or lose: every row's people among the engagement's participants, no answer
 * twice for one person and question (the primary key), and as many table rows as generated answers.
 */
const SIZE = 100_000;

describe('the demo generator at 100,000 people', () => {
  it('makes 100,000 people whose answers and 360 answers all become rows the loader can COPY', { timeout: 900_000 }, () => {
    const company = generateDemoOrganisation({ size: SIZE, referenceDate: '2026-10-12', earlierWave: false });
    expect(company.employees).toHaveLength(SIZE);
    expect(new Set(company.employees.map((e) => e.key)).size).toBe(SIZE);
    expect(new Set(company.employees.map((e) => e.email)).size).toBe(SIZE);
    const unitKeys = new Set(company.units.map((u) => u.key));
    expect(company.employees.every((e) => unitKeys.has(e.unitKey))).toBe(true);

    const [finished, open] = company.engagements;
    if (!finished || !open) throw new Error('the demo has a finished and an open journey');
    for (const engagement of company.engagements) {
      const participants = new Set(engagement.participantKeys);
      expect(participants.size).toBe(engagement.participantKeys.length);
      // Ids as the loader draws them from the sequence: one per participant.
      const employeeIds = new Map(engagement.participantKeys.map((key, i) => [key, i + 1]));
      const questionIds = new Map(engagement.questions.map((q, i) => [q.key, i + 1]));
      const seen = new Set<string>();
      let named = 0;
      for (const answer of engagement.answers) {
        const pair = `${answer.employeeKey} ${answer.questionKey}`;
        if (seen.has(pair) || !participants.has(answer.employeeKey)) throw new Error(`answer ${pair} is twice or not a participant's`);
        seen.add(pair);
        for (const key of answer.selectedKeys) if (participants.has(key)) named += 1;
      }
      let rows = 0;
      let namedInRows = 0;
      for (const row of answerRowsOf(engagement.answers, 1, employeeIds, questionIds)) {
        rows += 1;
        namedInRows += (row[3] as number[]).length;
      }
      expect([rows, namedInRows]).toEqual([engagement.answers.length, named]);
    }
    // The analysed wave (all but the people who joined since): most answered, several questions each; the 360 block on top.
    expect(finished.participantKeys.length).toBeGreaterThan(SIZE * 0.95);
    expect(finished.answers.length).toBeGreaterThan(SIZE * 8);
    const block = finished.leadership;
    if (!block) throw new Error('the analysed wave has its 360 block');
    const itemIds = new Map(block.items.map((item, i) => [item.key, i + 1]));
    const employeeIds = new Map(finished.participantKeys.map((key, i) => [key, i + 1]));
    const pairs = new Set(block.answers.map((a) => `${a.employeeKey} ${a.itemKey}`));
    expect(pairs.size).toBe(block.answers.length);
    let leadershipRows = 0;
    for (const row of leadershipRowsOf(block, 1, employeeIds, itemIds)) leadershipRows += row.length === 5 ? 1 : 0;
    expect(leadershipRows).toBe(block.answers.length);
    expect(block.answers.length).toBeGreaterThan(SIZE * 10);
  });
});
