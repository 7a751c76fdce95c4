import type { TRetentionAnalytics, TRetentionEmployee, TRetentionEmployeeListPage } from '@ona/contracts';
import { getAs } from './analytics-fixtures.ts';
import type { TestContext } from './test-app.ts';

/** The retention answer as the web pages ask it (`people=false`), with the people read from the datasheet beside it. */
export type RetentionWithPeople = TRetentionAnalytics & { employees: TRetentionEmployee[]; root_employees: number[] };

/**
 * The retention answer without its people, as the web pages ask it, and everyone the reader sees
 * as the spec's `employees` and `root_employees` hold them, read the pages' way
 * (docs/analysis-result-parts.md): the rows from the datasheet in one page of up to 500, in id
 * order; the tops are those whose leader the reader does not see. For tests, whose organisations
 * are small.
 */
export async function retentionWithPeople(ctx: Pick<TestContext, 'app'>, token: string, engagementId: number, locale?: string): Promise<RetentionWithPeople> {
  const base = `/api/engagements/${engagementId}/retention-analytics-results/`;
  const whole = (await getAs(ctx, token, `${base}?people=false`, locale)).json<TRetentionAnalytics>();
  const page = (await getAs(ctx, token, `${base}employees/?page_size=500&sort=name`, locale)).json<TRetentionEmployeeListPage>();
  if (page.total > page.data.length) throw new Error('more people than one page of the datasheet holds');
  const employees = page.data.map(({ unit_name: _unit, leader_name: _leader, ...row }) => row).sort((a, b) => a.id - b.id);
  const ids = new Set(employees.map((e) => e.id));
  return { ...whole, employees, root_employees: employees.filter((e) => e.leader === null || !ids.has(e.leader)).map((e) => e.id) };
}
