import { Worker } from 'node:worker_threads';
import type { TaskKind, TaskRequest, TaskResult } from './analysis-tasks.ts';
import type { TaskWorkerReply, TaskWorkerRequest } from './task-worker-messages.ts';

// From source (tsx, vitest) the worker is a .ts file that tsx loads; in the built server
// (apps/server/dist, scripts/build-server.ts) it is a .js bundle beside this code's bundle.
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(FROM_SOURCE ? './task-worker.ts' : './task-worker.js', import.meta.url);
const WORKER_EXEC_ARGV = FROM_SOURCE ? ['--import', 'tsx'] : [];

interface Pending {
  id: number;
  kind: TaskKind;
  request: unknown;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/**
 * A fixed set of worker threads that take the analysis' independent tasks in the order they are
 * submitted, each worker the next task as soon as it is free. Tasks are pure calls of the engine
 * (analysis-tasks.ts), so where one runs never changes its result. The first failure stops every
 * worker and fails every task still waiting: an analysis with a missing piece has no use.
 */
export class TaskPool {
  private readonly idle: Worker[] = [];
  private readonly all: Worker[] = [];
  private readonly queue: Pending[] = [];
  private readonly running = new Map<Worker, Pending>();
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
      this.queue.push({ id: this.nextId++, kind, request, resolve: resolve as (value: unknown) => void, reject });
      this.startWorkers();
      this.dispatch();
    });
  }

  /** Stops every worker; tasks still waiting fail. Resolves once the threads are gone. */
  async close(): Promise<void> {
    this.closed = true;
    this.failAll(new Error('the analysis task pool was closed before this task ran'));
    await Promise.all(this.all.map((worker) => worker.terminate()));
  }

  private startWorkers(): void {
    while (this.all.length < this.size && this.all.length < this.queue.length + this.running.size) {
      const worker = new Worker(WORKER_URL, { execArgv: WORKER_EXEC_ARGV, ...(this.heapMb === undefined ? {} : { resourceLimits: { maxOldGenerationSizeMb: this.heapMb } }) });
      this.all.push(worker);
      this.idle.push(worker);
      worker.on('message', (reply: TaskWorkerReply) => this.settle(worker, reply));
      worker.on('error', (error) => this.fail(error));
      worker.on('exit', (code) => {
        if (!this.closed) this.fail(new Error(`an analysis worker stopped with code ${code}`));
      });
    }
  }

  private dispatch(): void {
    while (this.idle.length > 0 && this.queue.length > 0) {
      const worker = this.idle.shift()!;
      const task = this.queue.shift()!;
      this.running.set(worker, task);
      const message: TaskWorkerRequest = { id: task.id, kind: task.kind, request: task.request };
      worker.postMessage(message);
    }
  }

  private settle(worker: Worker, reply: TaskWorkerReply): void {
    const task = this.running.get(worker);
    if (!task || task.id !== reply.id) return;
    this.running.delete(worker);
    this.idle.push(worker);
    if (reply.ok) task.resolve(reply.result);
    else task.reject(new Error(`analysis task ${task.kind} failed in a worker: ${reply.error}`));
    this.dispatch();
  }

  private fail(error: Error): void {
    if (this.failure || this.closed) return;
    this.failure = error;
    this.failAll(error);
    void Promise.all(this.all.map((worker) => worker.terminate()));
  }

  private failAll(error: Error): void {
    for (const task of this.running.values()) task.reject(error);
    this.running.clear();
    for (const task of this.queue.splice(0)) task.reject(error);
  }
}
