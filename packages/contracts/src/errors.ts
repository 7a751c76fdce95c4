import { z } from 'zod';

/** The one error shape of every API answer that is not a success (DECISIONS.md, API conventions). */
export const ZApiError = z.object({
  detail: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type TApiError = z.infer<typeof ZApiError>;

/** `GET /api/health/`: the process answers and its database does too (for load balancers). */
export const ZHealth = z.object({
  status: z.literal('ok'),
  database: z.enum(['postgres', 'pglite']),
});
export type THealth = z.infer<typeof ZHealth>;
