import { describe, expect, it } from 'vitest';
import { runAnalysis } from '../run-analysis.ts';
import { OrgBuilder } from '../testing/org-builder.ts';
import type { QuestionKind } from '../types.ts';

const WORK: QuestionKind[] = ['cooperation', 'advice', 'expertise', 'corporate_news', 'attention', 'opinion', 'idea'];

function codesOf(builder: OrgBuilder, leaderId = 'L'): string[] {
  return runAnalysis(builder.build()).groups.find((g) => g.leaderId === leaderId)!.dysfunctions.map((d) => d.code);
}

describe('group dysfunctions', () => {
  it('spanTooWide fires for a leader with more than 15 direct reports', () => {
    const wide = new OrgBuilder().unit('u').person('L', 'u');
    for (let i = 0; i < 16; i++) wide.person(`m${i}`, 'u', 'L');
    expect(codesOf(wide)).toContain('spanTooWide');
    const fine = new OrgBuilder().unit('u').person('L', 'u');
    for (let i = 0; i < 15; i++) fine.person(`m${i}`, 'u', 'L');
    expect(codesOf(fine)).not.toContain('spanTooWide');
  });

  it('two neglected members are a red flag, three a pattern', () => {
    const team = (neglected: number): OrgBuilder => {
      const builder = new OrgBuilder().unit('u').person('L', 'u');
      for (let i = 0; i < 5; i++) {
        builder.person(`m${i}`, 'u', 'L');
        // The content members name the leader everywhere; the neglected name the leader nowhere.
        if (i >= neglected) builder.names(`m${i}`, ['attention', 'sympathy', 'advice', 'personal', 'feedback', 'recognition', 'development'], ['L']);
      }
      return builder;
    };
    expect(codesOf(team(1))).not.toContain('neglectRedFlag');
    expect(codesOf(team(2))).toContain('neglectRedFlag');
    expect(codesOf(team(3))).toContain('neglectPattern');
    expect(codesOf(team(3))).not.toContain('neglectRedFlag');
  });

  it('fragmentedTeam fires when the team splits into parts with no work tie between them', () => {
    const builder = new OrgBuilder().unit('u').person('L', 'u').person('a', 'u', 'L').person('b', 'u', 'L').person('c', 'u', 'L');
    builder.names('a', WORK, ['L']).names('L', WORK, ['a']).names('b', WORK, ['c']).names('c', WORK, ['b']);
    expect(codesOf(builder)).toContain('fragmentedTeam');
    builder.names('b', WORK, ['L']);
    expect(codesOf(builder)).not.toContain('fragmentedTeam');
  });

  it('outwardLooking fires when the team has more work ties outside than inside', () => {
    const builder = new OrgBuilder().unit('u').unit('v').person('L', 'u').person('a', 'u', 'L').person('x', 'v').person('y', 'v').person('z', 'v');
    builder.names('a', WORK, ['L', 'x', 'y', 'z']).names('L', WORK, ['x', 'y']);
    expect(codesOf(builder)).toContain('outwardLooking');
  });

  it('leaderIgnored fires when no answering member names the leader on work', () => {
    const builder = new OrgBuilder().unit('u').person('L', 'u').person('a', 'u', 'L').person('b', 'u', 'L');
    builder.names('a', WORK, ['b']).names('b', WORK, ['a']);
    expect(codesOf(builder)).toContain('leaderIgnored');
  });
});
