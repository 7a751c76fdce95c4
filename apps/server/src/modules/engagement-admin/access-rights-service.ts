import { MODULES, type TAccessLevel, type TAccessRightsDetails, type TAccessRightsRow, type TLocale, type TModule } from '@ona/contracts';
import type { Database, tables } from '@ona/db';
import { notFound } from '../../errors/api-error.ts';
import { accessMapFromRows } from '../engagements/access-scope.ts';
import * as repo from './access-rights-repository.ts';
import { localizedBadRequest } from './localized-errors.ts';

type EngagementRow = typeof tables.engagements.$inferSelect;

/** The access-rights table: every user of the organisation, filtered by `q` on name, e-mail or unit. */
export async function listAccessRights(db: Database, engagement: EngagementRow, q?: string, onlyUserIds?: ReadonlySet<number>): Promise<TAccessRightsRow[]> {
  const [people, access] = await Promise.all([
    repo.loadOrganisationUsers(db, engagement.organizationId, engagement.id),
    repo.loadAccessOfEngagement(db, engagement.id),
  ]);
  const accessOf = new Map<number, { module: string; accessLevel: string }[]>();
  for (const row of access) {
    // A module that is off is no_access for everybody, whatever level is stored for it.
    if (!engagement.modules.includes(row.module)) continue;
    const list = accessOf.get(row.userId) ?? [];
    list.push(row);
    accessOf.set(row.userId, list);
  }
  const needle = q?.trim().toLocaleLowerCase();
  const seen = new Set<number>();
  const rows: TAccessRightsRow[] = [];
  for (const p of people) {
    // A user with two employee records in one engagement is still one row.
    if (seen.has(p.id)) continue;
    seen.add(p.id);
    if (onlyUserIds && !onlyUserIds.has(p.id)) continue;
    if (needle && ![p.name, p.email, p.unitName ?? ''].some((text) => text.toLocaleLowerCase().includes(needle))) continue;
    rows.push({
      id: p.id,
      name: p.name,
      email: p.email,
      unit: p.unitId === null || p.unitName === null ? null : { id: p.unitId, name: p.unitName },
      employee_id: p.employeeId,
      access_rights: accessMapFromRows(accessOf.get(p.id) ?? []),
    });
  }
  return rows;
}

/** The edit modal's view of a selection: each module's shared level, or `mixed`. */
export async function accessRightsDetails(db: Database, engagement: EngagementRow, userIds: number[]): Promise<TAccessRightsDetails> {
  const rows = await listAccessRights(db, engagement, undefined, new Set(userIds));
  if (rows.length !== new Set(userIds).size) throw notFound();
  const summary = Object.fromEntries(
    MODULES.map((module) => {
      const levels = new Set(rows.map((r) => r.access_rights[module]));
      return [module, levels.size === 1 ? [...levels][0] : 'mixed'];
    }),
  ) as TAccessRightsDetails['access_rights'];
  return { users: rows, access_rights: summary };
}

/** Sets the given modules (only those) for every given user, all or nothing. */
export async function bulkUpdateAccessRights(
  db: Database,
  locale: TLocale,
  engagement: EngagementRow,
  userIds: number[],
  levels: Partial<Record<TModule, TAccessLevel>>,
): Promise<TAccessRightsRow[]> {
  const unique = [...new Set(userIds)];
  // Levels of a module that is off would have no effect; refused, so that nobody believes they granted something.
  const off = (Object.keys(levels) as TModule[]).filter((module) => !engagement.modules.includes(module));
  if (off.length > 0) {
    throw localizedBadRequest(locale, 'module_off', 'journeys.errors.module_off', new Map(off.map((module) => [`access_rights.${module}`, [{ key: 'journeys.errors.module_off_field' as const }]])));
  }
  await db.transaction(async (tx) => {
    const members = await repo.memberIds(tx, engagement.organizationId, unique);
    const strangers = unique.filter((id) => !members.has(id));
    if (strangers.length > 0) {
      throw localizedBadRequest(locale, 'validation_error', 'errors.validation_failed', new Map([['users', [{ key: 'survey.errors.unknown_users', params: { ids: strangers.join(', ') } }]]]));
    }
    const changes = unique.flatMap((userId) => (Object.entries(levels) as [TModule, TAccessLevel][]).map(([module, level]) => ({ userId, module, level })));
    await repo.upsertAccess(tx, engagement.id, changes);
  });
  return listAccessRights(db, engagement, undefined, new Set(unique));
}
