import { parentPort } from 'node:worker_threads';
import { runTask, transferablesOf } from './analysis-tasks.ts';
import type { TaskKind, TaskRequest } from './analysis-tasks.ts';
import type { TaskWorkerReply, TaskWorkerRequest } from './task-worker-messages.ts';

/**
 * One worker of the analysis task pool (task-pool.ts): runs each task it is sent and claims first, and answers with
 * the result, handing over its typed arrays instead of copying them. An error is answered, not
 * thrown, so the pool can name the task that failed.
 */
const port = parentPort;
if (!port) throw new Error('task-worker.ts runs only as a worker thread of the analysis task pool');
port.on('message', (message: TaskWorkerRequest) => {
  // Another worker took it first.
  if (Atomics.compareExchange(message.claim, 0, 0, 1) !== 0) return;
  let reply: TaskWorkerReply;
  try {
    const result = runTask(message.kind, message.request as TaskRequest<TaskKind>);
    reply = { id: message.id, ok: true, result };
    port.postMessage(reply, transferablesOf(result));
  } catch (error) {
    reply = { id: message.id, ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    port.postMessage(reply);
  }
});
