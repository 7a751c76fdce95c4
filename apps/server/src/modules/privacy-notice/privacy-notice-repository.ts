import type { TPrivacyNotice, TSurveyPrivacyNotice } from '@ona/contracts';
import { count, desc, eq, sql, tables, type Database } from '@ona/db';

const { privacyNotices, privacyNoticeAcceptances } = tables;
type DbExecutor = Pick<Database, 'select' | 'insert'>;

/** The version in force: the highest one, or null when the organisation wrote none. */
export async function currentPrivacyNotice(db: Pick<Database, 'select'>, organizationId: number): Promise<(NonNullable<TSurveyPrivacyNotice> & { id: number }) | null> {
  const [row] = await db
    .select({ id: privacyNotices.id, version: privacyNotices.version, text: privacyNotices.text })
    .from(privacyNotices)
    .where(eq(privacyNotices.organizationId, organizationId))
    .orderBy(desc(privacyNotices.version))
    .limit(1);
  return row ?? null;
}

/** Every version, newest first, each with how many people accepted it (one grouped statement). */
export async function privacyNoticeVersions(db: Pick<Database, 'select'>, organizationId: number): Promise<TPrivacyNotice> {
  const rows = await db
    .select({ version: privacyNotices.version, text: privacyNotices.text, createdAt: privacyNotices.createdAt, acceptances: count(privacyNoticeAcceptances.employeeId) })
    .from(privacyNotices)
    .leftJoin(privacyNoticeAcceptances, eq(privacyNoticeAcceptances.noticeId, privacyNotices.id))
    .where(eq(privacyNotices.organizationId, organizationId))
    .groupBy(privacyNotices.id)
    .orderBy(desc(privacyNotices.version));
  return { versions: rows.map((r) => ({ version: r.version, text: r.text, created_at: r.createdAt.toISOString(), acceptances: Number(r.acceptances) })) };
}

/**
 * A new version: the next number of the organisation, never an edit of an earlier one. The
 * organisation's row lock orders two saves at once; the unique (organisation, version) index backs it.
 */
export async function addPrivacyNoticeVersion(db: Database, organizationId: number, text: string, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    // Serialises the saves of one organisation, so two administrators get versions n and n+1.
    await tx.select({ id: tables.organizations.id }).from(tables.organizations).where(eq(tables.organizations.id, organizationId)).for('update');
    const [last] = await tx.select({ version: sql<number>`coalesce(max(${privacyNotices.version}), 0)::int` }).from(privacyNotices).where(eq(privacyNotices.organizationId, organizationId));
    await tx.insert(privacyNotices).values({ organizationId, version: (last?.version ?? 0) + 1, text, createdBy: userId });
  });
}

/** Who accepted which version, when: kept once per person and version (a second tick keeps the first time). */
export async function recordAcceptance(db: DbExecutor, noticeId: number, engagementId: number, employeeId: number, at: Date): Promise<void> {
  await db.insert(privacyNoticeAcceptances).values({ noticeId, engagementId, employeeId, acceptedAt: at }).onConflictDoNothing();
}
