import { describe, expect, it } from 'vitest';
import { enabledFactors, leaderReportPagePath, parseReportId } from './leader-report-pages.ts';

describe('leader report pages', () => {
  it('lists the factor pages the report’s settings switch on, in the spec’s order', () => {
    expect(enabledFactors({ attention: true, prestige: true, impartiality: true, relationship: true })).toEqual(['attention', 'impartiality', 'prestige', 'relationship']);
    expect(enabledFactors({ attention: false, prestige: true, impartiality: true, relationship: false })).toEqual(['impartiality', 'prestige']);
  });

  it('builds the spec’s paths under engagements/{id}/leader-report', () => {
    expect(leaderReportPagePath(3, 42, 'impartiality')).toBe('engagements/3/leader-report/42/impartiality.html');
  });

  it('accepts digits only as a report id', () => {
    expect(parseReportId('42')).toBe(42);
    expect(parseReportId('4x')).toBeNull();
    expect(parseReportId(undefined)).toBeNull();
  });
});
