import { performance } from 'node:perf_hooks';
import { runAnalysis } from '@ona/analytics';
import { and, asc, eq, isNotNull, lt, statementChunks, tables, type Database } from '@ona/db';
import { loadAnalysisInput } from '../modules/analysis/analysis-input.ts';
import { newLeaderCode } from '../modules/analysis/leader-codes.ts';
import { splitResult } from '../modules/analysis/result-parts.ts';
import { storeFinishedRun } from '../modules/analysis/run-repository.ts';

/** The demo leader's report opens with this code (DECISIONS.md, Demo data). */
export const DEMO_LEADER_CODE = 'DEMOLEAD';

/**
 * Analyses every demo engagement whose survey has closed, so that every module has content on
 * first start. Runs in-process: the demo is small, and the server is not answering yet.
 */
export async function analyseDemoEngagements(db: Database, referenceDate: string, demoLeaderEmail: string): Promise<void> {
  // Oldest first: a wave's run then has a lower id than the next wave's (the latest run is the newest wave's).
  const closed = await db.select().from(tables.engagements).where(lt(tables.engagements.accessTill, referenceDate)).orderBy(asc(tables.engagements.accessFrom), asc(tables.engagements.id));
  for (const engagement of closed) {
    const input = await loadAnalysisInput(db, engagement.id, { collaboration: true });
    const startedAt = new Date();
    const result = runAnalysis(input, {}, undefined, { clock: () => performance.now() });
    const timings = Object.fromEntries(result.timings.map((t) => [t.step, Math.round(t.ms)]));
    // Stored in parts as a worker stores a run (docs/analysis-result-parts.md).
    await storeFinishedRun(db, { engagementId: engagement.id, claimedBy: 'demo', startedAt, heartbeatAt: new Date(), timings }, splitResult(result));
    const leaders = await db
      .selectDistinct({ id: tables.employees.leaderId })
      .from(tables.employees)
      .where(and(eq(tables.employees.engagementId, engagement.id), isNotNull(tables.employees.leaderId)));
    const [demoLeader] = await db
      .select({ id: tables.employees.id })
      .from(tables.employees)
      .innerJoin(tables.users, eq(tables.users.id, tables.employees.userId))
      .where(and(eq(tables.employees.engagementId, engagement.id), eq(tables.users.email, demoLeaderEmail)));
    const rows = leaders
      .map((l) => l.id)
      .filter((id): id is number => id !== null)
      .map((leaderEmployeeId) => ({
        engagementId: engagement.id,
        leaderEmployeeId,
        code: leaderEmployeeId === demoLeader?.id ? DEMO_LEADER_CODE : newLeaderCode(),
        // The demo sends no e-mails at start; admins see the codes on the leader-report list.
        mailedAt: new Date(),
      }));
    for (const chunk of statementChunks(rows)) await db.insert(tables.leaderReportCodes).values(chunk);
  }
}
