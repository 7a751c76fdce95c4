import type { Database } from '@ona/db';
import { appendAuditEntries, type AuditRecord } from './audit-repository.ts';

/** The most entries one append writes (18 parameters each, far below PostgreSQL's 65,535). */
const BATCH_MAX = 500;

interface Waiting {
  record: AuditRecord;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit for the entries that belong to no change's transaction (the reads and exports the
 * onSend hook records). One organisation's appends queue on its chain head's lock, so one entry per
 * transaction caps an organisation at one commit's round trip per read (about 110 reads a second
 * on 2 cores, docs/audit-log.md). Here the entries that arrive while an append of their
 * organisation is in flight wait and go together in the next one: one head update, one multi-row
 * insert, one commit. Each caller still waits until its own entry is committed (and gets the error
 * if that append fails), so nothing person-level leaves unrecorded; the chain is the same as with
 * appends one by one in arrival order.
 */
export class AuditBatcher {
  private readonly queued = new Map<number, Waiting[]>();
  private readonly running = new Set<number>();

  constructor(
    private readonly db: Database,
    private readonly key: Buffer,
  ) {}

  /** Resolves once `record` is committed to its organisation's chain. */
  append(record: AuditRecord): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const organizationId = record.organizationId;
      const queue = this.queued.get(organizationId);
      if (queue) queue.push({ record, resolve, reject });
      else this.queued.set(organizationId, [{ record, resolve, reject }]);
      if (!this.running.has(organizationId)) void this.drain(organizationId);
    });
  }

  /** Appends the organisation's queued entries, a batch at a time, until none are left. */
  private async drain(organizationId: number): Promise<void> {
    this.running.add(organizationId);
    try {
      for (;;) {
        const queue = this.queued.get(organizationId);
        if (!queue || queue.length === 0) {
          this.queued.delete(organizationId);
          return;
        }
        const batch = queue.splice(0, BATCH_MAX);
        try {
          await appendAuditEntries(
            this.db,
            this.key,
            organizationId,
            batch.map((w) => w.record),
          );
          for (const w of batch) w.resolve();
        } catch (err) {
          for (const w of batch) w.reject(err);
        }
      }
    } finally {
      this.running.delete(organizationId);
    }
  }
}
