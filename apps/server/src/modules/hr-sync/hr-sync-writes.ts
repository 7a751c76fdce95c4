import { sql, tables, type Database } from '@ona/db';
import type { HrPlan, PersonValues } from './hr-diff.ts';

const { directoryPeople: people, directoryPersonHistory: history } = tables;

type TTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * People per statement. Each statement carries its rows as one JSON parameter (jsonb_to_recordset),
 * so neither the 65,535-parameter limit nor the ORM's statement building (slow, and recursive, for
 * thousands of rows) sets the size; a person and their history row go in one statement.
 */
const CHUNK = 5_000;

const asRecord = (v: PersonValues, id: number | null, revive: boolean, withHistory: boolean) => ({
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
  history: withHistory,
});

const recordColumns = sql.raw(`id int, external_id text, user_name text, email text, display_name text, unit_path text, manager_external_id text,
  hire_date text, leave_date text, leave_reason text, language text, time_zone text, gender text, generation text,
  location text, attributes jsonb, active boolean, revive boolean, history boolean`);

/**
 * Writes a sync's plan inside the caller's transaction: updates first, leavers before the rest (a
 * leaver's address may go to a joiner or a colleague in the same file, and the active e-mail index
 * checks each row as it is written), then the joiners; a history row (source `hr_file`) for every
 * arrival and every change of unit, manager or active state, as SCIM writes them.
 */
export async function writePlan(tx: TTransaction, organizationId: number, plan: HrPlan, now: Date): Promise<void> {
  const updates = [...plan.updates].sort((a, b) => Number(a.values.active) - Number(b.values.active));
  for (let i = 0; i < updates.length; i += CHUNK) {
    const json = JSON.stringify(updates.slice(i, i + CHUNK).map((u) => asRecord(u.values, u.id, u.revive, u.history)));
    await tx.execute(sql`
      with changed as (
        update ${people} as p set
          external_id = v.external_id, user_name = v.user_name, email = v.email, display_name = v.display_name,
          unit_path = v.unit_path, manager_external_id = v.manager_external_id, hire_date = v.hire_date::date,
          leave_date = v.leave_date::date, leave_reason = v.leave_reason, language = v.language, time_zone = v.time_zone,
          gender = v.gender, generation = v.generation, location = v.location, attributes = v.attributes, active = v.active,
          deleted_at = case when v.revive then null else p.deleted_at end, version = p.version + 1, updated_at = ${now}
        from jsonb_to_recordset(${json}::jsonb) as v(${recordColumns})
        where p.id = v.id and p.organization_id = ${organizationId}
        returning p.id, p.unit_path, p.manager_external_id, p.active, p.leave_date, v.history)
      insert into ${history} (organization_id, person_id, valid_from, unit_path, manager_external_id, active, leave_date, source)
      select ${organizationId}, id, ${now}, unit_path, manager_external_id, active, leave_date, 'hr_file' from changed where history`);
  }
  for (let i = 0; i < plan.inserts.length; i += CHUNK) {
    const json = JSON.stringify(plan.inserts.slice(i, i + CHUNK).map((v) => asRecord(v, null, false, true)));
    await tx.execute(sql`
      with arrived as (
        insert into ${people} (organization_id, external_id, user_name, email, display_name, unit_path, manager_external_id, hire_date,
          leave_date, leave_reason, language, time_zone, gender, generation, location, attributes, active, created_at, updated_at)
        select ${organizationId}, external_id, user_name, email, display_name, unit_path, manager_external_id, hire_date::date,
          leave_date::date, leave_reason, language, time_zone, gender, generation, location, attributes, active, ${now}, ${now}
        from jsonb_to_recordset(${json}::jsonb) as v(${recordColumns})
        returning id, unit_path, manager_external_id, active, leave_date)
      insert into ${history} (organization_id, person_id, valid_from, unit_path, manager_external_id, active, leave_date, source)
      select ${organizationId}, id, ${now}, unit_path, manager_external_id, active, leave_date, 'hr_file' from arrived`);
  }
}
