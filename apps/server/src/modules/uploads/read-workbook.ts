import { Worker } from 'node:worker_threads';
import { ApiError } from '../../errors/api-error.ts';
import { plainWorkbook, type UploadedWorkbook } from './plain-workbook.ts';
import { UploadSlots } from './upload-slots.ts';
import {
  MAX_PARALLEL_WORKBOOK_READS,
  MAX_WAITING_WORKBOOK_READS,
  MB,
  WORKBOOK_LIMITS,
  WORKBOOK_WORKER_HEAP_MB,
  WorkbookRefused,
  type WorkbookLimits,
  type WorkbookRefusal,
} from './workbook-limits.ts';
import type { WorkbookWorkerInput, WorkbookWorkerMessage } from './workbook-reader-worker.ts';
import { readZipDirectory } from './zip-directory.ts';

// From source (tsx, vitest) the worker is a .ts file that tsx loads like in the parent; in the
// built server (apps/server/dist, scripts/build-server.ts) it is a .js bundle beside server.js.
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(FROM_SOURCE ? './workbook-reader-worker.ts' : './workbook-reader-worker.js', import.meta.url);
const WORKER_EXEC_ARGV = FROM_SOURCE ? ['--import', 'tsx'] : [];

/** Workbooks being read in this process; shared by every upload route. */
export const workbookReadSlots = new UploadSlots(MAX_PARALLEL_WORKBOOK_READS, MAX_WAITING_WORKBOOK_READS);

/** The answer to a refused workbook, in the user's language, naming the limit it went over (docs/survey-and-admin.md). */
export function refusalError(reason: WorkbookRefusal, limits: WorkbookLimits = WORKBOOK_LIMITS): ApiError {
  switch (reason) {
    case 'not_a_workbook':
      return new ApiError(415, 'unsupported_file_type', 'uploads.errors.not_a_workbook');
    case 'unpacked_too_large':
      return new ApiError(413, 'workbook_too_large', 'uploads.errors.workbook_too_large', undefined, { max: Math.round(limits.unpackedBytes / MB) });
    case 'too_many_cells':
      return new ApiError(413, 'workbook_too_large', 'uploads.errors.too_many_cells', undefined, { max: limits.cells });
    case 'too_many_rows':
      return new ApiError(413, 'workbook_too_large', 'uploads.errors.too_many_rows', undefined, { max: limits.sheetRows });
  }
}

export interface ReadWorkbookOptions {
  /** Default WORKBOOK_LIMITS (the app's `workbookLimits`). */
  limits?: WorkbookLimits;
  /**
   * Hand the buffer's memory to the worker instead of copying it (a 190 MB upload is not held
   * twice); the caller's buffer is unusable afterwards. A buffer that shares its memory (a slice of
   * Node's pool) is copied all the same.
   */
  handOver?: boolean;
}

function readInWorker(buffer: Buffer, limits: WorkbookLimits, handOver: boolean): Promise<WorkbookWorkerMessage> {
  return new Promise((resolve, reject) => {
    // Memory the worker owns (transferred, not cloned again): the upload's own when it may be handed
    // over and is not part of a shared pool, a copy otherwise.
    const owns = buffer.byteOffset === 0 && buffer.byteLength === buffer.buffer.byteLength && buffer.buffer instanceof ArrayBuffer;
    const bytes = handOver && owns ? new Uint8Array(buffer.buffer, 0, buffer.byteLength) : new Uint8Array(buffer);
    const input: WorkbookWorkerInput = { buffer: bytes, limits };
    const worker = new Worker(WORKER_URL, {
      workerData: input,
      transferList: [bytes.buffer],
      execArgv: WORKER_EXEC_ARGV,
      // Defence in depth: whatever slips past the counted limits cannot take the process's memory.
      resourceLimits: { maxOldGenerationSizeMb: WORKBOOK_WORKER_HEAP_MB },
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
    };
    worker.once('message', (message: WorkbookWorkerMessage) => {
      settle(() => resolve(message));
      void worker.terminate();
    });
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() => (error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? resolve({ type: 'refused', reason: 'unpacked_too_large' }) : reject(error))),
    );
    worker.once('exit', (code) => settle(() => reject(new Error(`workbook reader stopped with code ${code}`))));
  });
}

/**
 * Reads an uploaded .xlsx off the event loop. The zip directory is checked here first (declared
 * sizes, cheap, nothing unpacked); a worker then unpacks within the limits and reads it; at most
 * MAX_PARALLEL_WORKBOOK_READS run at once. Refusals: 415 not a workbook, 413 over a limit, 503
 * when too many uploads wait.
 */
export async function readWorkbookOffThread(buffer: Buffer, options: ReadWorkbookOptions = {}): Promise<UploadedWorkbook> {
  const limits = options.limits ?? WORKBOOK_LIMITS;
  try {
    readZipDirectory(buffer, limits);
  } catch (error) {
    if (error instanceof WorkbookRefused) throw refusalError(error.reason, limits);
    throw error;
  }
  const release = await workbookReadSlots.acquire();
  let message: WorkbookWorkerMessage;
  try {
    message = await readInWorker(buffer, limits, options.handOver ?? false);
  } finally {
    release();
  }
  if (message.type === 'refused') throw refusalError(message.reason, limits);
  if (message.type === 'failed') throw new Error(`workbook reader failed: ${message.message}`);
  return plainWorkbook(message.workbook);
}
