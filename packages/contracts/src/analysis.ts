import { z } from 'zod';

export const ANALYSIS_RUN_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

/**
 * The steps of the engine, in order, as a run reports them in `step` (the last one finished; a
 * completed run says `done`). Clients show them by name from their locale files, never raw.
 */
export const ANALYSIS_STEPS = [
  'organisation',
  'metrics',
  'communities',
  'brokerage',
  'key-roles',
  'risk',
  'groups',
  'leader-reports',
  'individual-reports',
  'reports-360',
  'survey-statistics',
  'confidence',
  'layouts',
  'graph-data',
] as const;
export type TAnalysisStep = (typeof ANALYSIS_STEPS)[number];

export function isAnalysisStep(step: string | null): step is TAnalysisStep {
  return step !== null && (ANALYSIS_STEPS as readonly string[]).includes(step);
}

export const ZAnalysisRun = z.object({
  id: z.number().int(),
  status: z.enum(ANALYSIS_RUN_STATUSES),
  progress: z.number().int().min(0).max(100),
  step: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  error: z.string().nullable(),
  timings: z.record(z.string(), z.number()).nullable(),
});
export type TAnalysisRun = z.infer<typeof ZAnalysisRun>;
