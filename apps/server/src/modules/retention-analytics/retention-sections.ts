import type { ResultOf, SectionPath } from '../analytics-shared/latest-result.ts';

/**
 * What the retention page reads of a run (docs/analysis-result-parts.md): the people, the
 * retention pages and the groups, not the metrics, graph or reports beside them.
 */
export const RETENTION_SECTIONS = [['employees'], ['retention'], ['groups']] as const satisfies readonly SectionPath[];
export type RetentionResult = ResultOf<'employees' | 'retention' | 'groups'>;
