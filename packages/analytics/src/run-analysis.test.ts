import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { runAnalysis } from './run-analysis.ts';
import type { AnalysisInput } from './types.ts';
import { syntheticOrganisation } from './testing/synthetic.ts';
import { DEFAULT_OPTIONS, resolveOptions, validateOptions } from './options.ts';
import { EXPLANATIONS } from './explanations.ts';
import { RISK_FACTOR_CODES } from './risk/factor-codes.ts';
import { KEY_ROLES } from './roles/key-roles.ts';
import { DYSFUNCTION_CODES, DYSFUNCTION_SETS } from './groups/dysfunction-codes.ts';

function renameIds(input: AnalysisInput, prefix: string): AnalysisInput {
  const id = (value: string): string => `${prefix}${value}`;
  return {
    ...input,
    employees: input.employees.map((e) => ({ ...e, id: id(e.id), leaderId: e.leaderId === null ? null : id(e.leaderId) })),
    nominations: input.nominations.map((n) => ({ ...n, sourceId: id(n.sourceId), targetId: id(n.targetId) })),
    leadership360: input.leadership360 && {
      items: input.leadership360.items,
      nominations: input.leadership360.nominations.map((n) => ({ ...n, sourceId: id(n.sourceId), leaderId: id(n.leaderId) })),
    },
  };
}

/** Everything of a result that must not depend on the spelling of employee ids. */
function idFree(result: ReturnType<typeof runAnalysis>): unknown {
  return {
    levels: result.employees.map((e) => [e.risk_level, e.riskFactors, e.keyRoles, e.groupRoles, e.community]),
    leader: result.leaderReports.map((r) => [r.attention.score, r.prestige.score, r.impartiality.score, r.relationship.score]),
    groups: result.groups.map((g) => g.dysfunctions.map((d) => [d.code, d.affected.length])),
    pagerank: result.metrics.work.pagerank,
    layout: result.graph.layouts.regular,
  };
}

const sizes = fc.record({ employees: fc.integer({ min: 2, max: 60 }), seed: fc.integer({ min: 1, max: 10_000 }), answerRate: fc.double({ min: 0.3, max: 1, noNaN: true }) });

describe('runAnalysis invariants', () => {
  it('keeps risk levels in 0..4 and every leader score in 1..10', () => {
    fc.assert(
      fc.property(sizes, (spec) => {
        const result = runAnalysis(syntheticOrganisation({ ...spec, with360: true }));
        for (const e of result.employees) {
          expect(e.risk_level).toBeGreaterThanOrEqual(0);
          expect(e.risk_level).toBeLessThanOrEqual(4);
          expect(e.risk_level === 0).toBe(e.riskFactors.length === 0);
        }
        for (const r of result.leaderReports) {
          for (const score of [r.attention.score, r.prestige.score, r.impartiality.score, r.relationship.score, r.prestige.advice, r.attention.opinion]) {
            expect(score).toBeGreaterThanOrEqual(1);
            expect(score).toBeLessThanOrEqual(10);
          }
        }
      }),
      { numRuns: 25 },
    );
  });

  it('gives the same result when every id is renamed', () => {
    fc.assert(
      fc.property(sizes, fc.constantFrom('x-', 'employee/', 'ü'), (spec, prefix) => {
        const input = syntheticOrganisation(spec);
        expect(idFree(runAnalysis(renameIds(input, prefix)))).toEqual(idFree(runAnalysis(input)));
      }),
      { numRuns: 15 },
    );
  });

  it('is deterministic: two runs give byte-identical JSON', () => {
    const input = syntheticOrganisation({ employees: 150, seed: 3, with360: true });
    expect(JSON.stringify(runAnalysis(input))).toBe(JSON.stringify(runAnalysis(input)));
  });

  it('reports progress for every step and times steps with the injected clock', () => {
    let now = 0;
    const steps: string[] = [];
    const result = runAnalysis(syntheticOrganisation({ employees: 30, seed: 1 }), {}, (event) => steps.push(event.step), { clock: () => (now += 5) });
    expect(steps).toHaveLength(13);
    expect(result.timings.every((t) => t.ms === 5)).toBe(true);
  });

  it('returns null eigenvector centrality instead of throwing on an acyclic relation', () => {
    const input: AnalysisInput = {
      employees: ['a', 'b', 'c'].map((id) => ({ id, name: id, unitId: 'u', leaderId: id === 'a' ? null : 'a', hasAnswered: true })),
      units: [{ id: 'u', name: 'u', parentId: null }],
      questions: [{ id: 'q', category: 'work_info', kind: 'advice' }],
      nominations: [
        { questionId: 'q', sourceId: 'b', targetId: 'a' },
        { questionId: 'q', sourceId: 'c', targetId: 'a' },
      ],
    };
    expect(runAnalysis(input).metrics.byKind.advice!.eigenvector).toBeNull();
  });
});

describe('options', () => {
  it('accepts the defaults', () => {
    expect(validateOptions(DEFAULT_OPTIONS)).toEqual([]);
  });

  it('rejects a bad share with a message that says how to fix it', () => {
    const problems = validateOptions(resolveOptions({ groups: { atRiskShare: 30 } }));
    expect(problems).toEqual([expect.stringMatching(/groups\.atRiskShare is 30; use a share between 0 \(exclusive\) and 1/)]);
    expect(() => runAnalysis(syntheticOrganisation({ employees: 5, seed: 1 }), { groups: { atRiskShare: 30 } })).toThrow(/atRiskShare/);
  });

  it('keeps the spec’s constants as defaults', () => {
    expect(DEFAULT_OPTIONS.risk.overloadedInCooperation.above).toBe(15);
    expect(DEFAULT_OPTIONS.risk.overwhelmedWithPersonalSupport.above).toBe(12);
    expect(DEFAULT_OPTIONS.risk.overwhelmedWithConsultancy.above).toBe(20);
    expect(DEFAULT_OPTIONS.risk.alienatedMaxReciprocation).toBe(0.3);
    expect(DEFAULT_OPTIONS.groups.atRiskShare).toBe(0.3);
    expect(DEFAULT_OPTIONS.groups.managerMaxSpan).toBe(15);
    expect(DEFAULT_OPTIONS.statistics.highAnswerCount).toBe(14);
    expect(DEFAULT_OPTIONS.layout.palette).toHaveLength(18);
  });
});

describe('explanations', () => {
  it('has one sentence for every factor, key role and dysfunction, and twenty dysfunctions in five sets', () => {
    for (const code of RISK_FACTOR_CODES) expect(EXPLANATIONS.riskFactors[code]).toMatch(/\.$/);
    for (const role of KEY_ROLES) expect(EXPLANATIONS.keyRoles[role]).toMatch(/\.$/);
    for (const code of DYSFUNCTION_CODES) expect(EXPLANATIONS.dysfunctions[code]).toMatch(/\.$/);
    expect(DYSFUNCTION_CODES).toHaveLength(20);
    expect(Object.keys(DYSFUNCTION_SETS)).toHaveLength(5);
  });
});
