import { describe, expect, it } from 'vitest';
import { createKeyPeopleAnalytics } from '../queries.ts';
import { runAnalysis } from '../run-analysis.ts';
import { OrgBuilder } from '../testing/org-builder.ts';

describe('key people as-values', () => {
  it('counts nominations from the source group to the target group per question, units including sub-units', () => {
    const input = new OrgBuilder().unit('top').unit('sub', 'top').unit('other').person('a', 'sub').person('b', 'other').person('c', 'other')
      .names('a', ['advice'], ['b', 'c']).names('b', ['advice'], ['c']).build();
    const analytics = createKeyPeopleAnalytics(input, runAnalysis(input));
    const view = analytics.asValues([], ['c'], ['top'], []);
    expect(view.sourceCount).toBe(1);
    expect(view.questions.find((q) => q.questionId === 'advice')!.nominations).toBe(1);
    expect(view.targets[0]).toEqual({ employeeId: 'c', total: 1, byQuestion: { advice: 1 } });
  });
});
