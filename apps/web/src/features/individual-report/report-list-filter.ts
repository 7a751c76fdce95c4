import type { TIndividualReportListItem } from '@ona/contracts';
import { nameMatcher } from '../../shared/format/name-search.ts';

/** The reports whose employee or unit matches the search (from three characters on, spec §5). */
export function filterReports(reports: readonly TIndividualReportListItem[], search: string): TIndividualReportListItem[] {
  const matches = nameMatcher(search);
  if (matches === null) return [...reports];
  return reports.filter((report) => matches(report.employee.name, report.unit?.name));
}
