import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS, InvalidOptionsError, resolveOptions } from './options.ts';
import type { AnalysisOptions, DeepPartial } from './options.ts';
import { runAnalysis } from './run-analysis.ts';
import { syntheticOrganisation } from './testing/synthetic.ts';

/** Options as they arrive from JSON or a settings screen, where the compiler cannot check them. */
function fromJson(json: string): DeepPartial<AnalysisOptions> {
  return JSON.parse(json) as DeepPartial<AnalysisOptions>;
}

function problemsOf(partial: DeepPartial<AnalysisOptions>): string[] {
  try {
    resolveOptions(partial);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidOptionsError);
    return (error as InvalidOptionsError).problems;
  }
  return [];
}

describe('resolveOptions rejects what it cannot use, naming the path and the fix', () => {
  it('rejects a misspelt key and names the nearest valid key', () => {
    const problems = problemsOf(fromJson('{"risk": {"overloadedInCoperation": {"above": 20}}}'));
    expect(problems).toEqual([expect.stringContaining('risk.overloadedInCoperation is not an option; did you mean risk.overloadedInCooperation?')]);
  });

  it('rejects a misspelt top-level key and a wrongly cased nested one', () => {
    expect(problemsOf(fromJson('{"brokrage": {"topShare": 0.2}}'))).toEqual([expect.stringContaining('brokrage is not an option; did you mean brokerage?')]);
    expect(problemsOf(fromJson('{"individual": {"TooManyMutual": 12}}'))).toEqual([expect.stringContaining('did you mean individual.tooManyMutual?')]);
  });

  it('rejects the removed human limits as unknown options', () => {
    expect(problemsOf(fromJson('{"individual": {"humanGraspLimit": 7}}'))).toEqual([expect.stringContaining('individual.humanGraspLimit is not an option')]);
  });

  it('explains null where an object belongs instead of failing with a TypeError', () => {
    const problems = problemsOf(fromJson('{"risk": null}'));
    expect(problems).toEqual([expect.stringMatching(/^risk is null; give an object with some of overloadedInCooperation, .*or leave risk out to keep the defaults\.$/)]);
    expect(() => runAnalysis(syntheticOrganisation({ employees: 5, seed: 1 }), fromJson('{"risk": null}'))).toThrow(InvalidOptionsError);
  });

  it('explains a string, an object or null where a number belongs', () => {
    expect(problemsOf(fromJson('{"seed": "42"}'))).toEqual(['seed is "42" (a string); give a number such as 20260101 (the default), or leave it out.']);
    expect(problemsOf(fromJson('{"brokerage": {"zThreshold": {"value": 2}}}'))).toEqual([expect.stringContaining('brokerage.zThreshold is an object; give a number such as 1.96')]);
    expect(problemsOf(fromJson('{"groups": {"atRiskShare": null}}'))).toEqual([expect.stringContaining('groups.atRiskShare is null; give a number such as 0.3')]);
  });

  it('explains a number where an object belongs and a wrong palette', () => {
    expect(problemsOf(fromJson('{"risk": {"overwhelmedWithConsultancy": 30}}'))).toEqual([expect.stringContaining('risk.overwhelmedWithConsultancy is 30 (a number); give an object with some of above, topShare, relativeFloor')]);
    expect(problemsOf(fromJson('{"layout": {"palette": "#fff"}}'))).toEqual([expect.stringContaining('layout.palette is "#fff" (a string); give a list of colour strings')]);
  });

  it('reports every problem at once', () => {
    expect(problemsOf(fromJson('{"seed": null, "risk": {"highRiskLevl": 3}, "groups": []}'))).toHaveLength(3);
  });

  it('merges valid partial options over the defaults and leaves undefined keys at their default', () => {
    const options = resolveOptions({ risk: { overloadedInCooperation: { above: 20 } }, brokerage: { topShare: undefined } });
    expect(options.risk.overloadedInCooperation).toEqual({ ...DEFAULT_OPTIONS.risk.overloadedInCooperation, above: 20 });
    expect(options.brokerage).toEqual(DEFAULT_OPTIONS.brokerage);
  });
});
