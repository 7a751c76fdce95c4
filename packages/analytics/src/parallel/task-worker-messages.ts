import type { TaskKind } from './analysis-tasks.ts';

/** A task sent to a pool worker; `request` is the task's request (analysis-tasks.ts). */
export interface TaskWorkerRequest {
  id: number;
  kind: TaskKind;
  request: unknown;
}

/** A worker's answer to one task. */
export type TaskWorkerReply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };
