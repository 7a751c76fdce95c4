import { Worker } from 'node:worker_threads';
import type { TaskKind, TaskRequest, TaskResult } from './analysis-tasks.ts';
import type { TaskWorkerReply, TaskWorkerRequest } from './task-worker-messages.ts';

// From source (tsx, vitest) the worker is a .ts file that tsx loads; in the built server
// (apps/server/dist, scripts/build-server.ts) it is a .js bundle beside this code's bundle.
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(FROM_SOURCE ? './task-worker.ts' : './task-worker.js', import.meta.url);
const WORKER_EXEC_ARGV = FROM_SOURCE ? ['--import', 'tsx'] : [];

interface Pending {
  /** The message every worker is sent; the first to take its claim runs it. */
  message: TaskWorkerRequest;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/**
 * A fixed set of worker threads that run the analysis' independent tasks in the order they are
 * submitted. Every task is sent to every worker with a shared claim: each worker goes through the
 * tasks in that order, runs the ones it claims first and passes over the ones another took. So a
 * free worker goes on to the next task by itself, without this thread: this thread spends long
 * stretches in synchronous steps of its own (handing over the metrics, the reports), and while
 * it handed out the tasks, a worker that finished had to wait for it (2026-12-03, 100,000 people:
 * both workers idle 10–15 s while tasks waited in the queue; holding the next task in advance
 * halved that, and unbalanced the end of a run, where a held task could not go to the free worker).
 * Tasks are pure calls of the engine (analysis-tasks.ts), so where one runs never changes its
 * result. The first failure stops every worker and fails every task still waiting: an analysis
 * with a missing piece has no use.
 */
export class TaskPool {
  private readonly all: Worker[] = [];
  /** Tasks submitted and not yet answered, by id, in submission order. */
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private failure: Error | null = null;
  private closed = false;

  /**
   * `heapMb`: each worker's heap limit (Node's resourceLimits). A worker that reaches it ends
   * with ERR_WORKER_OUT_OF_MEMORY, which fails the pool's tasks with that error; without a limit
   * it would take the whole process down.
   */
  constructor(
    private readonly size: number,
    private readonly heapMb?: number,
  ) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError(`a task pool needs a whole number ≥ 1 of workers (got ${size})`);
  }

  run<K extends TaskKind>(kind: K, request: TaskRequest<K>): Promise<TaskResult<K>> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.closed) return Promise.reject(new Error('the analysis task pool is closed'));
    return new Promise<TaskResult<K>>((resolve, reject) => {
      const id = this.nextId++;
      const message: TaskWorkerRequest = { id, kind, request, claim: new Int32Array(new SharedArrayBuffer(4)) };
      this.pending.set(id, { message, resolve: resolve as (value: unknown) => void, reject });
      for (const worker of this.all) worker.postMessage(message);
      this.startWorkers();
    });
  }

  /** Stops every worker; tasks still waiting fail. Resolves once the threads are gone. */
  async close(): Promise<void> {
    this.closed = true;
    this.failAll(new Error('the analysis task pool was closed before this task ran'));
    await Promise.all(this.all.map((worker) => worker.terminate()));
  }

  /** Starts workers up to the pool's size while tasks outnumber them; a new worker is sent every task not yet answered (it passes over the ones already taken). */
  private startWorkers(): void {
    while (this.all.length < this.size && this.all.length < this.pending.size) {
      const worker = new Worker(WORKER_URL, { execArgv: WORKER_EXEC_ARGV, ...(this.heapMb === undefined ? {} : { resourceLimits: { maxOldGenerationSizeMb: this.heapMb } }) });
      this.all.push(worker);
      worker.on('message', (reply: TaskWorkerReply) => this.settle(reply));
      worker.on('error', (error) => this.fail(error));
      worker.on('exit', (code) => {
        if (!this.closed) this.fail(new Error(`an analysis worker stopped with code ${code}`));
      });
      for (const task of this.pending.values()) worker.postMessage(task.message);
    }
  }

  private settle(reply: TaskWorkerReply): void {
    const task = this.pending.get(reply.id);
    if (!task) return;
    this.pending.delete(reply.id);
    if (reply.ok) task.resolve(reply.result);
    else task.reject(new Error(`analysis task ${task.message.kind} failed in a worker: ${reply.error}`));
  }

  private fail(error: Error): void {
    if (this.failure || this.closed) return;
    this.failure = error;
    this.failAll(error);
    void Promise.all(this.all.map((worker) => worker.terminate()));
  }

  private failAll(error: Error): void {
    const tasks = [...this.pending.values()];
    this.pending.clear();
    for (const task of tasks) task.reject(error);
  }
}
