import { and, asc, count, eq, sql, tables, type Database, type SQL } from '@ona/db';
import type { TDirectoryPeoplePage, TDirectoryPeopleQuery } from '@ona/contracts';

const { directoryPeople: people } = tables;

/** One page of the directory for its administrator, leavers included (deleted ones too: they are leavers). */
export async function listDirectoryPeople(db: Database, organizationId: number, query: TDirectoryPeopleQuery): Promise<TDirectoryPeoplePage> {
  const search = query.search ? `%${query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const conditions: (SQL | undefined)[] = [
    eq(people.organizationId, organizationId),
    search ? sql`(lower(${people.displayName}) like ${search} or lower(${people.email}) like ${search} or lower(coalesce(${people.unitPath}, '')) like ${search})` : undefined,
  ];
  const state = query.state === 'active' ? eq(people.active, true) : query.state === 'leavers' ? eq(people.active, false) : undefined;
  const [counts] = await db
    .select({ active: sql<number>`count(*) filter (where ${people.active})`.mapWith(Number), leavers: sql<number>`count(*) filter (where not ${people.active})`.mapWith(Number), total: count() })
    .from(people)
    .where(and(...conditions));
  const rows = await db
    .select()
    .from(people)
    .where(and(...conditions, state))
    .orderBy(asc(sql`lower(${people.displayName})`), asc(people.id))
    .offset((query.page - 1) * query.page_size)
    .limit(query.page_size);
  const active = counts?.active ?? 0;
  const leavers = counts?.leavers ?? 0;
  return {
    data: rows.map((p) => ({
      id: p.id,
      external_id: p.externalId,
      email: p.email,
      display_name: p.displayName,
      unit_path: p.unitPath,
      manager_external_id: p.managerExternalId,
      job_title: p.jobTitle,
      hire_date: p.hireDate,
      leave_date: p.leaveDate,
      leave_reason: p.leaveReason,
      active: p.active,
      erased_at: p.erasedAt?.toISOString() ?? null,
      updated_at: p.updatedAt.toISOString(),
    })),
    total: query.state === 'active' ? active : query.state === 'leavers' ? leavers : active + leavers,
    active,
    leavers,
  };
}
