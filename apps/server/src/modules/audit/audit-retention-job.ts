import fp from 'fastify-plugin';
import { DEFAULT_AUDIT_RETENTION_DAYS, pruneAuditLog } from './audit-retention.ts';

/**
 * Once a day at 02:15 UTC, before the data-retention run (02:30), whose own entries then land on
 * a freshly cut chain; `missed: 'once'` runs a day skipped by a downtime once, not once per day.
 */
export const AUDIT_RETENTION_CRON = '15 2 * * *';

/**
 * Audit retention on the job engine (queue `audit-retention`, docs/audit-log.md): the schedule is
 * kept in the database, so one job a day runs on one instance however many are up, where a timer
 * per instance pruned at every start and once a day on each. A prune that fails (the database
 * gone for a moment) is retried; each chain's cut is one transaction, so a retry finds whatever a
 * broken-off run left and cuts only what is still due.
 */
export const auditRetentionJobPlugin = fp<{ retentionDays?: number | undefined }>(async (app, options) => {
  const retentionDays = options.retentionDays ?? DEFAULT_AUDIT_RETENTION_DAYS;
  await app.jobs.register('audit-retention', { retryLimit: 5, retryDelay: 600, expireInSeconds: 60 * 60 }, async () => {
    const outcomes = await pruneAuditLog(app.db, app.audit.key, retentionDays, app.clock());
    const pruned = outcomes.filter((o) => o.removed > 0);
    app.log.info({ retentionDays, organizations: pruned.map((o) => ({ organizationId: o.organizationId, removed: o.removed, throughSeq: o.throughSeq })) }, 'audit retention run');
  });
  await app.jobs.boss.schedule('audit-retention', AUDIT_RETENTION_CRON, {}, { tz: 'UTC', missed: 'once' });
});
