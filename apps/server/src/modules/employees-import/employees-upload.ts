import {
  EMPLOYEE_UPLOAD_COLUMNS,
  EMPLOYEE_UPLOAD_REQUIRED,
  EMPLOYEE_UPLOAD_SHEET,
  UNIT_UPLOAD_COLUMNS,
  UNIT_UPLOAD_SHEET,
  type TEmployeesImportResult,
  type TLocale,
} from '@ona/contracts';
import { and, eq, inArray, sql, statementChunks, tables, type Database } from '@ona/db';
import { ApiError } from '../../errors/api-error.ts';
import { RowReader } from './cell-parsers.ts';
import { checkEmployeeRows, checkUnitRows, unitKey, type EmployeeRowInput, type UnitRowInput } from './organisation-rows.ts';
import { RowErrors } from './row-errors.ts';
import { findSheet, readSheetTable } from './sheet-table.ts';
import { copyEmployees, linkableUsers, MAX_SHEET_ROWS, reserveEmployeeIds } from './import-shared.ts';
import { syncOpenJourneysFromDirectory } from '../directory-journeys/journey-people-sync.ts';
import { feedDirectoryFromUpload } from '../directory-journeys/upload-to-directory.ts';
import type { UploadedWorkbook } from '../uploads/plain-workbook.ts';

const { employees, units, answers } = tables;

export interface EmployeesUpload {
  units: UnitRowInput[];
  employees: EmployeeRowInput[];
}

/** Reads and checks the whole file; any bad row refuses it (400 with every row's problems). */
export function parseEmployeesWorkbook(workbook: UploadedWorkbook, existingUnitNames: string[], locale: TLocale): EmployeesUpload {
  const errors = new RowErrors();
  // The employees sheet by name, else the first sheet that is not the instructions.
  const employeeSheet = findSheet(workbook, EMPLOYEE_UPLOAD_SHEET) ?? workbook.worksheets.find((s) => s.name.trim().toLowerCase() !== 'instructions');
  if (!employeeSheet) {
    errors.add('', 1, 'survey.rows.missing_sheet', { sheet: EMPLOYEE_UPLOAD_SHEET });
    throw errors.toApiError(locale);
  }
  const unitRows: UnitRowInput[] = [];
  const unitSheet = findSheet(workbook, UNIT_UPLOAD_SHEET);
  if (unitSheet) {
    const table = readSheetTable(unitSheet, UNIT_UPLOAD_COLUMNS, ['name'], errors, UNIT_UPLOAD_SHEET);
    for (const row of table?.rows ?? []) {
      const read = new RowReader(row.cells, errors, UNIT_UPLOAD_SHEET, row.rowNumber);
      unitRows.push({ rowNumber: row.rowNumber, name: read.text('name', { required: true }), parent: read.text('parent') });
    }
  }
  const table = readSheetTable(employeeSheet, EMPLOYEE_UPLOAD_COLUMNS, EMPLOYEE_UPLOAD_REQUIRED, errors, '');
  const employeeRows: EmployeeRowInput[] = [];
  if (table) {
    if (table.rows.length === 0) errors.add('', 1, 'survey.rows.empty_sheet', { sheet: employeeSheet.name });
    if (table.rows.length > MAX_SHEET_ROWS) errors.add('', 1, 'survey.rows.too_many_rows', { max: MAX_SHEET_ROWS });
    for (const row of table.rows.slice(0, MAX_SHEET_ROWS)) {
      const read = new RowReader(row.cells, errors, '', row.rowNumber);
      employeeRows.push({
        rowNumber: row.rowNumber,
        name: read.text('name', { required: true }),
        email: read.email('email', { required: true }),
        unit: read.text('unit'),
        leaderEmail: read.email('leader_email'),
        gender: read.gender('gender'),
        generation: read.generation('generation'),
        entryDate: read.date('entry_date'),
        jobTitle: read.text('job_title'),
      });
    }
  }
  const knownUnits = checkUnitRows(unitRows, existingUnitNames, errors, UNIT_UPLOAD_SHEET);
  checkEmployeeRows(employeeRows, knownUnits, errors, '');
  errors.throwIfAny(locale);
  return { units: unitRows, employees: employeeRows };
}

/**
 * Makes the engagement's participants those of the file, matched by e-mail: existing employees
 * keep their id (and answers), new ones are added, absent ones removed; units of the units sheet
 * are added or re-parented. One transaction: a failure stores nothing.
 */
export async function applyEmployeesUpload(db: Database, engagement: { id: number; organizationId: number }, upload: EmployeesUpload): Promise<TEmployeesImportResult> {
  const { result, directoryPersonIds } = await db.transaction(async (tx) => {
    const existingUnits = await tx.select({ id: units.id, name: units.name, position: units.position }).from(units).where(eq(units.engagementId, engagement.id));
    const unitIdOf = new Map<string, number>();
    for (const u of existingUnits) if (!unitIdOf.has(unitKey(u.name))) unitIdOf.set(unitKey(u.name), u.id);
    let position = existingUnits.reduce((max, u) => Math.max(max, u.position), -1) + 1;
    for (const row of upload.units) {
      if (row.name === null || unitIdOf.has(unitKey(row.name))) continue;
      const [created] = await tx.insert(units).values({ engagementId: engagement.id, name: row.name, parentId: null, position: position++ }).returning({ id: units.id });
      if (created) unitIdOf.set(unitKey(row.name), created.id);
    }
    for (const row of upload.units) {
      if (row.name === null) continue;
      const id = unitIdOf.get(unitKey(row.name));
      const parentId = row.parent === null ? null : (unitIdOf.get(unitKey(row.parent)) ?? null);
      if (id !== undefined) await tx.update(units).set({ parentId }).where(eq(units.id, id));
    }

    const current = await tx.select({ id: employees.id, email: employees.email }).from(employees).where(eq(employees.engagementId, engagement.id));
    const idOfEmail = new Map(current.filter((e) => e.email).map((e) => [(e.email as string).toLowerCase(), e.id]));
    const inFile = new Set(upload.employees.map((e) => e.email as string));
    const absent = current.filter((e) => !e.email || !inFile.has(e.email.toLowerCase())).map((e) => e.id);
    if (absent.length > 0) {
      const [answered] = await tx.select({ n: sql<number>`count(*)::int` }).from(answers).where(eq(answers.engagementId, engagement.id));
      if ((answered?.n ?? 0) > 0) throw new ApiError(409, 'employees_have_answers', 'survey.errors.employees_have_answers', undefined, { count: absent.length });
      for (let i = 0; i < absent.length; i += 1000) await tx.delete(employees).where(and(eq(employees.engagementId, engagement.id), inArray(employees.id, absent.slice(i, i + 1000))));
    }

    const users = await linkableUsers(tx, engagement.organizationId, [...inFile]);
    const unitOf = (row: EmployeeRowInput) => (row.unit === null ? null : (unitIdOf.get(unitKey(row.unit)) ?? null));
    const existing = upload.employees.filter((row) => idOfEmail.has(row.email as string));
    const added = upload.employees.filter((row) => !idOfEmail.has(row.email as string));
    // New people's ids are drawn from the sequence first, so that every leader is known before a
    // row is written: the new rows then go in by one COPY, the kept ones by a few multi-row
    // updates, rather than two statements per person (200,000 for a file of 100,000).
    const newIds = await reserveEmployeeIds(tx, added.length);
    added.forEach((row, i) => idOfEmail.set(row.email as string, newIds[i] as number));
    const leaderOf = (row: EmployeeRowInput) => (row.leaderEmail === null ? null : (idOfEmail.get(row.leaderEmail) ?? null));
    await copyEmployees(
      tx,
      added.map((row) => ({
        id: idOfEmail.get(row.email as string),
        engagementId: engagement.id,
        unitId: unitOf(row),
        leaderId: leaderOf(row),
        name: row.name,
        email: row.email,
        gender: row.gender,
        generation: row.generation,
        entryDate: row.entryDate,
        jobTitle: row.jobTitle,
        userId: users.get(row.email as string) ?? null,
      })),
    );
    const updates = existing.map(
      (row) =>
        sql`(${idOfEmail.get(row.email as string) as number}::int, ${row.name}::text, ${row.email}::text, ${unitOf(row)}::int, ${row.gender}::text, ${row.generation}::text, ${row.entryDate}::date, ${row.jobTitle}::text, ${leaderOf(row)}::int)`,
    );
    for (const chunk of statementChunks(updates, 9)) {
      await tx.execute(sql`update ${employees} set name = v.name, email = v.email, unit_id = v.unit_id, gender = v.gender, generation = v.generation, entry_date = v.entry_date, job_title = v.job_title, leader_id = v.leader_id
        from (values ${sql.join(chunk, sql`, `)}) as v(id, name, email, unit_id, gender, generation, entry_date, job_title, leader_id) where ${employees.id} = v.id`);
    }
    const created = added.length;
    const updated = existing.length;
    const [unitCount] = await tx.select({ n: sql<number>`count(*)::int` }).from(units).where(eq(units.engagementId, engagement.id));
    // The file now decides who takes part: the journey stops following the directory, and the
    // directory learns the file's people (docs/directory-journeys.md).
    await tx.update(tables.engagements).set({ peopleSource: 'upload', directoryUnits: null }).where(eq(tables.engagements.id, engagement.id));
    const directoryPersonIds = await feedDirectoryFromUpload(tx, engagement.organizationId, engagement.id, upload.employees, new Date());
    return { result: { created_count: created, updated_count: updated, removed_count: absent.length, unit_count: unitCount?.n ?? 0 }, directoryPersonIds };
  });
  // After the commit, like every directory writer: the open directory journeys follow.
  await syncOpenJourneysFromDirectory(db, engagement.organizationId, { personIds: directoryPersonIds });
  return result;
}
