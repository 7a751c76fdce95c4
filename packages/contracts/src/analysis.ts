import { z } from 'zod';

export const ANALYSIS_RUN_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

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
