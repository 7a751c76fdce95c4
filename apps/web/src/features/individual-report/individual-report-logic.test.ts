import { describe, expect, it } from 'vitest';
import { barAgainstLimit, characterTypeRows, formatScore, formatShare, levelRows } from './report-figures.ts';
import { parseReportId, reportPagePath } from './report-pages.ts';


describe('the report addresses', () => {
  it('reads only positive digit ids', () => {
    expect(parseReportId('303')).toBe(303);
    expect(parseReportId('0')).toBeNull();
    expect(parseReportId('3a')).toBeNull();
    expect(parseReportId(undefined)).toBeNull();
  });

  it('builds each page path under the engagement', () => {
    expect(reportPagePath(1, 303, 'personal-character')).toBe('engagements/1/individual-report/303/personal-character.html');
  });
});

describe('the character types', () => {
  it('lists the five types in spec order and marks every highest score as strongest', () => {
    const rows = characterTypeRows({
      character_types: {
        personal: { nominations: 7, score: 4.5 },
        professional: { nominations: 8, score: 3.3 },
        information_sharing: { nominations: 8, score: 1.4 },
        work_cooperation: { nominations: 6, score: 4.5 },
        influencing_others: { nominations: 7, score: 1.4 },
      },
    });
    expect(rows.map((row) => row.code)).toEqual(['personal', 'professional', 'information_sharing', 'work_cooperation', 'influencing_others']);
    expect(rows.filter((row) => row.strongest).map((row) => row.code)).toEqual(['personal', 'work_cooperation']);
  });

  it('marks nothing as strongest when nobody named the person', () => {
    const none = { nominations: 0, score: 1 };
    const rows = characterTypeRows({ character_types: { personal: none, professional: none, information_sharing: none, work_cooperation: none, influencing_others: none } });
    expect(rows.some((row) => row.strongest)).toBe(false);
  });
});

describe('the relations by hierarchy level', () => {
  it('runs from strategic to implementors whatever order the API used', () => {
    const rows = levelRows({
      relations_by_level: { implementors: { count: 14, share: 14 / 17 }, operative: { count: 2, share: 2 / 17 }, integrative: { count: 1, share: 1 / 17 }, strategic: { count: 0, share: 0 } },
    });
    expect(rows.map((row) => [row.level, row.count])).toEqual([
      ['strategic', 0],
      ['integrative', 1],
      ['operative', 2],
      ['implementors', 14],
    ]);
  });
});

describe('the figures drawn against their limits', () => {
  it('puts the limit at 80% of the bar and caps far-over values at a full bar', () => {
    expect(barAgainstLimit(20, 20)).toBe(80);
    expect(barAgainstLimit(10, 20)).toBe(40);
    expect(barAgainstLimit(100, 20)).toBe(100);
  });

  it('formats shares and scores in the reader language', () => {
    expect(formatShare(0.7, 'en')).toBe('70%');
    expect(formatScore(4.5, 'de')).toBe('4,5');
    expect(formatScore(3, 'en')).toBe('3.0');
  });
});
