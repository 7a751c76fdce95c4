import type { TReportEmployee } from '@ona/contracts';

type TTie = { employee: TReportEmployee; given: boolean };

/** One team member with the leader's own sympathy and expertise ties to them. */
export type TMemberTies = { employee: TReportEmployee; sympathy: boolean; expertise: boolean };

/**
 * Puts the impartiality page's two lists (the leader's sympathy and expertise ties, one entry per
 * member) side by side, one row per member, sorted by name. A member missing from one list has
 * no tie there.
 */
export function memberTies(sympathy: readonly TTie[], expertise: readonly TTie[], locale: string): TMemberTies[] {
  const rows = new Map<number, TMemberTies>();
  const row = (employee: TReportEmployee) => {
    const existing = rows.get(employee.id);
    if (existing) return existing;
    const created = { employee, sympathy: false, expertise: false };
    rows.set(employee.id, created);
    return created;
  };
  for (const tie of sympathy) row(tie.employee).sympathy ||= tie.given;
  for (const tie of expertise) row(tie.employee).expertise ||= tie.given;
  const collator = new Intl.Collator(locale);
  return [...rows.values()].sort((a, b) => collator.compare(a.employee.name, b.employee.name) || a.employee.id - b.employee.id);
}

/** How many members the leader named on each list: the spread the impartiality score measures. */
export function tieCounts(rows: readonly TMemberTies[]): { sympathy: number; expertise: number; none: number } {
  return {
    sympathy: rows.filter((r) => r.sympathy).length,
    expertise: rows.filter((r) => r.expertise).length,
    none: rows.filter((r) => !r.sympathy && !r.expertise).length,
  };
}
