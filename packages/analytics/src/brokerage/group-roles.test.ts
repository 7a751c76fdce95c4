import { describe, expect, it } from 'vitest';
import { runAnalysis } from '../run-analysis.ts';
import type { AnalysisResult } from '../run-analysis.ts';
import type { DeepPartial, AnalysisOptions } from '../options.ts';
import { OrgBuilder } from '../testing/org-builder.ts';
import type { BrokerageRole } from './gould-fernandez.ts';

/** Every person who holds any group role, with the roles. */
function holders(result: AnalysisResult): Record<string, BrokerageRole[]> {
  return Object.fromEntries(result.employees.filter((e) => e.groupRoles.length > 0).map((e) => [e.id, e.groupRoles]));
}

/**
 * One open two-path i → B → k on cooperation (a work kind), with the units of i, B and k chosen so
 * that it is exactly one Gould–Fernandez type, next to a background unit where p and q name each
 * other (p → q → p returns to its start, so nobody brokers there) and r, s, t name no one. The
 * background lowers the density, and with it what chance would broker, to where one two-path is
 * significant for every type (the liaison's expectation is the largest).
 */
function chainOrganisation(units: { i: string; broker: string; k: string }): OrgBuilder {
  const builder = new OrgBuilder().person('i', units.i).person('B', units.broker).person('k', units.k);
  const background = ['p', 'q', 'r', 's', 't'];
  for (const id of background) builder.person(id, 'background');
  builder.names('p', ['cooperation'], ['q']).names('q', ['cooperation'], ['p']);
  return builder.names('i', ['cooperation'], ['B']).names('B', ['cooperation'], ['k']);
}

describe('group roles: one hand-made organisation per role, exactly that role for exactly one person', () => {
  it.each([
    ['coordinator', { i: 'u', broker: 'u', k: 'u' }],
    ['gatekeeper', { i: 'v', broker: 'u', k: 'u' }],
    ['representative', { i: 'u', broker: 'u', k: 'v' }],
    ['itinerant', { i: 'u', broker: 'v', k: 'u' }],
    ['liaison', { i: 'v', broker: 'u', k: 'w' }],
  ] as [BrokerageRole, { i: string; broker: string; k: string }][])('%s: i (unit %j) → B → k', (role, units) => {
    expect(holders(runAnalysis(chainOrganisation(units).build()))).toEqual({ B: [role] });
  });
});

describe('group roles pair the absolute rule (count and z) with a top share of the organisation', () => {
  /**
   * Ten people; two significant gatekeepers: B1 passes requests of two outsiders (x, y) to c, B2
   * those of one outsider (z) to e. Both have z ≥ 1.96; only B1 is in the top 10% (one of ten).
   */
  function twoGatekeepers(): OrgBuilder {
    const builder = new OrgBuilder();
    for (const [id, unit] of [['x', 'v'], ['y', 'v'], ['B1', 'u'], ['c', 'u'], ['d', 'u'], ['B2', 'w'], ['e', 'w'], ['z', 'v2'], ['p', 'bg'], ['q', 'bg']] as const) builder.person(id, unit);
    return builder.names('x', ['cooperation'], ['B1']).names('y', ['cooperation'], ['B1']).names('B1', ['cooperation'], ['c']).names('z', ['cooperation'], ['B2']).names('B2', ['cooperation'], ['e']);
  }

  it('leaves a significant gatekeeper out when they are not in the top 10% by gatekeeping count', () => {
    const result = runAnalysis(twoGatekeepers().build());
    const b2 = result.brokerage.nodes[result.employeeIds.indexOf('B2')]!;
    expect(b2.raw.gatekeeper).toBe(1);
    expect(b2.z.gatekeeper!).toBeGreaterThanOrEqual(1.96);
    expect(holders(result)).toEqual({ B1: ['gatekeeper'] });
  });

  it('gives both the role when the top share is widened to 20%', () => {
    const options: DeepPartial<AnalysisOptions> = { brokerage: { topShare: 0.2 } };
    expect(holders(runAnalysis(twoGatekeepers().build(), options))).toEqual({ B1: ['gatekeeper'], B2: ['gatekeeper'] });
  });

  it('needs the absolute count too: minCount 2 drops the one-path brokers of the chain organisations', () => {
    const options: DeepPartial<AnalysisOptions> = { brokerage: { minCount: 2 } };
    expect(holders(runAnalysis(chainOrganisation({ i: 'v', broker: 'u', k: 'u' }).build(), options))).toEqual({});
  });
});

describe('the broker key role (between-unit brokerage and top work betweenness)', () => {
  /** B receives work requests from `outsiders` people of unit v and passes them to `colleagues` in unit u. */
  function brokerOrganisation(outsiders: number, colleagues: number): AnalysisResult {
    const builder = new OrgBuilder().person('B', 'u');
    const inside = Array.from({ length: colleagues }, (_, i) => `c${i}`);
    for (const id of inside) builder.person(id, 'u');
    for (let i = 0; i < outsiders; i++) builder.person(`x${i}`, 'v').names(`x${i}`, ['cooperation'], ['B']);
    return runAnalysis(builder.names('B', ['cooperation'], inside).build());
  }

  it('makes B, who brokers 4 × 3 = 12 between-unit two-paths and tops betweenness, the only broker', () => {
    const result = brokerOrganisation(4, 3);
    const brokers = result.employees.filter((e) => e.keyRoles.includes('broker')).map((e) => e.id);
    expect(brokers).toEqual(['B']);
    expect(result.employees.find((e) => e.id === 'B')!.keyRoles).toEqual(['broker']);
  });

  it('gives no broker below the absolute minimum of 10 two-paths (3 × 3 = 9)', () => {
    expect(brokerOrganisation(3, 3).employees.filter((e) => e.keyRoles.includes('broker'))).toEqual([]);
  });
});
