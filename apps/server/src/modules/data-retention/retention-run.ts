import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@ona/db';
import type { TAuditAction } from '@ona/contracts';
import { ApiError } from '../../errors/api-error.ts';
import { forgetRuns } from '../analytics-shared/latest-result.ts';
import { appendAuditEntry } from '../audit/audit-repository.ts';
import { erasePerson } from '../data-subject-requests/person-erasure.ts';
import { anonymiseJourney } from './journey-anonymisation.ts';
import { dueJourneys, dueLeavers } from './retention-schedule.ts';
import { expireCollaborationCounts } from '../collaboration-imports/collaboration-expiry.ts';

/** Once a day, at 02:30 UTC (a quiet hour in Europe), and with `missed: 'once'` after a downtime. */
export const RETENTION_CRON = '30 2 * * *';
const RETRIES = 5;

export interface RetentionRunOutcome {
  journeysAnonymised: number[];
  leaversErased: number[];
  /** Leavers retention may not erase yet (still in an open journey, the last administrator, an account shared): tried again tomorrow. */
  leaversWaiting: { personId: number; code: string }[];
  /** Journeys whose transaction failed: untouched, tried again on the job's retry. */
  journeysFailed: number[];
  /** Weekly collaboration counts deleted past their organisation's retention. */
  collaborationCountsExpired: number;
}

/** An entry of the run itself: no actor, no route, ids only (docs/audit-log.md). */
async function recordRunEntry(app: FastifyInstance, tx: Database, action: TAuditAction, organizationId: number, facts: { engagementId?: number; targetIds: Record<string, number> }) {
  await appendAuditEntry(tx, app.audit.key, {
    organizationId,
    occurredAt: app.clock(),
    action,
    outcome: 'success',
    actorUserId: null,
    apiKeyId: null,
    scimTokenId: null,
    sessionId: null,
    route: null,
    engagementId: facts.engagementId ?? null,
    subjectEmployeeId: null,
    subjectUserId: null,
    targetIds: facts.targetIds,
    ipAddress: null,
    userAgent: null,
  });
}

/**
 * What is due today under each organisation's own policy (docs/privacy/retention.md): each due
 * journey anonymised in a transaction of its own together with its audit entry, then each due
 * leaver erased as a data-subject erasure would (nominations kept under the pseudonym). A journey
 * whose transaction fails is left whole for the next attempt; the others go on.
 */
export async function runRetention(app: FastifyInstance): Promise<RetentionRunOutcome> {
  const now = app.clock();
  const today = now.toISOString().slice(0, 10);
  const outcome: RetentionRunOutcome = { journeysAnonymised: [], leaversErased: [], leaversWaiting: [], journeysFailed: [], collaborationCountsExpired: 0 };
  for (const journey of await dueJourneys(app.db, today)) {
    try {
      const done = await app.db.transaction(async (tx) => {
        const anonymised = await anonymiseJourney(tx, { engagementId: journey.engagementId, key: app.audit.key, now });
        if (anonymised) await recordRunEntry(app, tx, 'retention.journey_anonymised', journey.organizationId, { engagementId: journey.engagementId, targetIds: { id: journey.engagementId, participants: anonymised.participants } });
        return anonymised;
      });
      if (done) {
        forgetRuns(app.db, done.rewrittenRunIds);
        outcome.journeysAnonymised.push(journey.engagementId);
      }
    } catch (err) {
      app.log.error({ err, engagementId: journey.engagementId }, 'retention: anonymising a journey failed; it stays as it was');
      outcome.journeysFailed.push(journey.engagementId);
    }
  }
  for (const leaver of await dueLeavers(app.db, today)) {
    try {
      const erased = await app.db.transaction(async (tx) => {
        const result = await erasePerson(tx, { organizationId: leaver.organizationId, personId: leaver.personId, key: app.audit.key, collaborationKey: app.collaborationKey, now, choice: { nominations: 'anonymise' } });
        await recordRunEntry(app, tx, 'retention.leaver_erased', leaver.organizationId, { targetIds: { id: leaver.personId, ...(result.subject.userIds[0] ? { user: result.subject.userIds[0] } : {}) } });
        return result;
      });
      forgetRuns(app.db, erased.rewrittenRunIds);
      outcome.leaversErased.push(leaver.personId);
    } catch (err) {
      // A refusal (409) is a reason to wait, not a failure: the person is still in an open journey, say.
      if (err instanceof ApiError && err.statusCode === 409) outcome.leaversWaiting.push({ personId: leaver.personId, code: err.code });
      else throw err;
    }
  }
  outcome.collaborationCountsExpired = await expireCollaborationCounts(app.db, today);
  app.log.info({ ...outcome }, 'retention run');
  if (outcome.journeysFailed.length > 0) throw new Error(`retention: ${outcome.journeysFailed.length} journeys could not be anonymised; they are tried again`);
  return outcome;
}

/** The daily retention job on the job engine (queue `data-retention`, docs/operations.md). */
export const retentionJobsPlugin = fp(async (app) => {
  await app.jobs.register('data-retention', { retryLimit: RETRIES, retryDelay: 600, expireInSeconds: 60 * 60 }, async () => {
    await runRetention(app);
  });
  await app.jobs.boss.schedule('data-retention', RETENTION_CRON, {}, { tz: 'UTC', missed: 'once' });
});
