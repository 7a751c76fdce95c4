import { sql, statementChunks, tables, type Database } from '@ona/db';
import type { HrPlan, PersonValues } from './hr-diff.ts';

const { directoryPeople: people, directoryPersonHistory: history } = tables;

type TTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Rows per bulk UPDATE: one JSON parameter each, so only the statement's size limits it. */
const UPDATE_CHUNK = 2_000;

type THistoryRow = { personId: number; unitPath: string | null; managerExternalId: string | null; active: boolean; leaveDate: string | null };

async function writeHistory(tx: TTransaction, organizationId: number, rows: THistoryRow[], now: Date): Promise<void> {
  for (const chunk of statementChunks(rows.map((r) => ({ ...r, organizationId, validFrom: now, source: 'hr_file' })))) {
    await tx.insert(history).values(chunk);
  }
}

const asRecord = (id: number, v: PersonValues, revive: boolean) => ({
  id,
  external_id: v.externalId,
  user_name: v.userName,
  email: v.email,
  display_name: v.displayName,
  unit_path: v.unitPath,
  manager_external_id: v.managerExternalId,
  hire_date: v.hireDate,
  leave_date: v.leaveDate,
  leave_reason: v.leaveReason,
  language: v.language,
  time_zone: v.timeZone,
  gender: v.gender,
  generation: v.generation,
  location: v.location,
  attributes: v.attributes,
  active: v.active,
  revive,
});

/**
 * Writes a sync's plan inside the caller's transaction: updates first, leavers before the rest (a
 * leaver's address may go to a joiner or a colleague in the same file, and the active e-mail index
 * checks each row as it is written), then the joiners; a history row (source `hr_file`) for every
 * arrival and every change of unit, manager or active state, as SCIM writes them.
 */
export async function writePlan(tx: TTransaction, organizationId: number, plan: HrPlan, now: Date): Promise<void> {
  const updates = [...plan.updates].sort((a, b) => Number(a.values.active) - Number(b.values.active));
  for (let i = 0; i < updates.length; i += UPDATE_CHUNK) {
    const chunk = updates.slice(i, i + UPDATE_CHUNK);
    const json = JSON.stringify(chunk.map((u) => asRecord(u.id, u.values, u.revive)));
    await tx.execute(sql`
      update ${people} as p set
        external_id = v.external_id, user_name = v.user_name, email = v.email, display_name = v.display_name,
        unit_path = v.unit_path, manager_external_id = v.manager_external_id, hire_date = v.hire_date::date,
        leave_date = v.leave_date::date, leave_reason = v.leave_reason, language = v.language, time_zone = v.time_zone,
        gender = v.gender, generation = v.generation, location = v.location, attributes = v.attributes, active = v.active,
        deleted_at = case when v.revive then null else p.deleted_at end, version = p.version + 1, updated_at = ${now}
      from jsonb_to_recordset(${json}::jsonb) as v(
        id int, external_id text, user_name text, email text, display_name text, unit_path text, manager_external_id text,
        hire_date text, leave_date text, leave_reason text, language text, time_zone text, gender text, generation text,
        location text, attributes jsonb, active boolean, revive boolean)
      where p.id = v.id and p.organization_id = ${organizationId}`);
    await writeHistory(tx, organizationId, chunk.filter((u) => u.history).map((u) => ({ personId: u.id, unitPath: u.values.unitPath, managerExternalId: u.values.managerExternalId, active: u.values.active, leaveDate: u.values.leaveDate })), now);
  }
  for (const chunk of statementChunks(plan.inserts.map((v) => ({ ...v, organizationId, createdAt: now, updatedAt: now })))) {
    const stored = await tx.insert(people).values(chunk).returning({ id: people.id, unitPath: people.unitPath, managerExternalId: people.managerExternalId, active: people.active, leaveDate: people.leaveDate });
    await writeHistory(tx, organizationId, stored.map((s) => ({ personId: s.id, unitPath: s.unitPath, managerExternalId: s.managerExternalId, active: s.active, leaveDate: s.leaveDate })), now);
  }
}
