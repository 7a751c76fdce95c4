/** The four pages of one individual report (spec §2), in menu order. */
export const REPORT_PAGES = ['index', 'manageability', 'personal-character', 'distribution'] as const;
export type TReportPage = (typeof REPORT_PAGES)[number];

export const REPORT_PAGE_LABEL_KEYS = {
  index: 'nav.index',
  manageability: 'nav.manageability',
  'personal-character': 'nav.personalCharacter',
  distribution: 'nav.distribution',
} as const satisfies Record<TReportPage, string>;

export const reportListPath = (engagementId: number) => `engagements/${engagementId}/individual-report/list.html`;

export const reportPagePath = (engagementId: number, reportId: number, page: TReportPage) =>
  `engagements/${engagementId}/individual-report/${reportId}/${page}.html`;

/** Report ids in the address are employee ids: digits only, anything else is not found. */
export function parseReportId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
