import type { TDysfunctionSet } from '@ona/contracts';

/** The four risk pages of spec §2, in its order; the bare `risks` path opens the first. */
export const RISK_PAGES = ['most-typical-causes', 'key-people-in-danger', 'leaders-in-need-of-support', 'corresponding-causes'] as const;
export type TRiskPage = (typeof RISK_PAGES)[number];

/**
 * The four group pages of spec §2 and the dysfunction set each shows. The API has a fifth set,
 * leader_relationship, which the spec gives no page: its findings reach the reader through
 * "leaders in need of support" (docs/retention-analytics.md).
 */
export const GROUP_PAGES = ['several-employees-at-risk', 'leader-at-risk', 'key-person-at-risk', 'incoherent-team'] as const;
export type TGroupPage = (typeof GROUP_PAGES)[number];

export const GROUP_PAGE_SETS: Record<TGroupPage, TDysfunctionSet> = {
  'several-employees-at-risk': 'several_employees_at_risk',
  'leader-at-risk': 'leader_at_risk',
  'key-person-at-risk': 'key_person_at_risk',
  'incoherent-team': 'incoherent_team',
};

/**
 * The menu of spec §2 (home, risks, employees, groups, org chart; "back" sits in the header), and
 * the wave comparison (issue 21), which follows this module's access level.
 */
export const RETENTION_SECTIONS = ['home', 'risks', 'employees', 'groups', 'org-chart', 'compare'] as const;
export type TRetentionSection = (typeof RETENTION_SECTIONS)[number];

/** Where a section's menu entry leads, under engagements/{id}/retention-analytics/. */
export const SECTION_PATHS: Record<TRetentionSection, string> = {
  home: 'index.html',
  risks: `risks/${RISK_PAGES[0]}.html`,
  employees: 'employees-analytics.html',
  groups: `groups-analytics/${GROUP_PAGES[0]}.html`,
  'org-chart': 'org-chart.html',
  compare: 'compare.html',
};

export const retentionPath = (engagementId: number, page: string) => `engagements/${engagementId}/retention-analytics/${page}`;
