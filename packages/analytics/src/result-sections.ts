import type { AnalysisResult } from './run-analysis.ts';

/**
 * The result's top-level sections in the order the result object has them, and so the order of
 * its JSON: whoever gets the sections one by one (`runAnalysisInSections`) and stores them puts
 * them back in this order to give the same JSON as the whole result.
 */
export const RESULT_SECTIONS = [
  'engineVersion',
  'employeeIds',
  'employees',
  'metrics',
  'communities',
  'units',
  'brokerage',
  'groups',
  'retention',
  'leaderReports',
  'individualReports',
  'reports360',
  'surveyStatistics',
  'confidence',
  'collaboration',
  'graph',
  'timings',
  'warnings',
] as const satisfies readonly (keyof AnalysisResult)[];

export type ResultSection = (typeof RESULT_SECTIONS)[number];

// A section added to the result and not to the list (or the other way round) fails this line.
type EverySection = [keyof AnalysisResult] extends [ResultSection] ? ([ResultSection] extends [keyof AnalysisResult] ? true : never) : never;
export const RESULT_SECTIONS_COMPLETE: EverySection = true;

/**
 * Receives each section of the result once, as soon as the engine has finished it (the metrics
 * after the metrics step, the reports after theirs, the graph data at the end). The engine keeps
 * no reference to a section it has handed over beyond what later steps read, so a receiver that
 * stores and drops it (the server's analysis worker) never holds the whole result.
 */
export type SectionSink = <K extends ResultSection>(section: K, value: AnalysisResult[K]) => void;

/** A sink that keeps every section, and the result they make with its keys in `RESULT_SECTIONS` order. */
export function collectSections(): { sink: SectionSink; result: () => AnalysisResult } {
  const sections = new Map<ResultSection, unknown>();
  return {
    sink: (section, value) => {
      if (sections.has(section)) throw new Error(`the analysis gave its ${section} section twice`);
      sections.set(section, value);
    },
    result: () => {
      const missing = RESULT_SECTIONS.filter((section) => !sections.has(section));
      if (missing.length > 0) throw new Error(`the analysis gave no ${missing.join(', ')} section`);
      return Object.fromEntries(RESULT_SECTIONS.map((section) => [section, sections.get(section)])) as unknown as AnalysisResult;
    },
  };
}
