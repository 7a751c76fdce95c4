import {
  CONTENT_LANGUAGES,
  NICE_EMPLOYEE_COLUMNS,
  NICE_EXCEL_SHEET_ROLES,
  NICE_QUESTION_COLUMNS,
  NICE_UNIT_COLUMNS,
  QUESTION_CATEGORIES,
  type TContentLanguage,
  type TLocale,
  type TNiceExcelImportResult,
  type TNiceExcelSheetRole,
} from '@ona/contracts';
import { copyRows, eq, sql, tables, type CopyValue, type Database } from '@ona/db';
import { conflict } from '../../errors/api-error.ts';
import { RowReader } from './cell-parsers.ts';
import { copyEmployees, linkableUsers, reserveEmployeeIds } from './import-shared.ts';
import { SERVER_MESSAGES } from '../../i18n/translate.ts';
import { defaultQuestionnaire } from '../survey/default-questionnaire.ts';
import { findCycles } from './chain-cycles.ts';
import { readNiceAnswers, type NiceAnswers } from './nice-excel-answers.ts';
import { readEmployeeExtras, readQuestionLanguageTexts } from './nice-excel-extras.ts';
import { checkEmployeeRows, unitKey, type EmployeeRowInput } from './organisation-rows.ts';
import { RowErrors } from './row-errors.ts';
import { readPositionalTable } from './sheet-table.ts';
import type { UploadedSheet, UploadedWorkbook } from '../uploads/plain-workbook.ts';
import { continuationTitle } from '../analytics-shared/workbook-stream.ts';

const { answers, employees, engagements, questions, units } = tables;

interface QuestionInput {
  rowNumber: number;
  key: string;
  category: string;
  kind: string;
  texts: Record<string, string>;
}

interface NiceUnitInput {
  rowNumber: number;
  id: number;
  name: string;
  parent: number | null;
}

export interface NiceExcelContent {
  units: NiceUnitInput[];
  employees: (EmployeeRowInput & { attributes: Record<string, string> })[];
  questions: QuestionInput[];
  /** By the positions of the employees and questions above (nice-excel-answers.ts). */
  answers: NiceAnswers;
}

type Tree = { [key: string]: string | Tree };

/** The names a sheet of this role has in every language we export in (and its role name). */
function sheetNames(role: TNiceExcelSheetRole): Set<string> {
  const names = new Set<string>([role]);
  for (const messages of Object.values(SERVER_MESSAGES)) {
    const exportTexts = (messages.analytics as Tree | undefined)?.export;
    const name = typeof exportTexts === 'object' ? exportTexts[`sheet_${role}`] : undefined;
    if (typeof name === 'string') names.add(name.trim().toLocaleLowerCase());
  }
  return names;
}

function findRoleSheet(workbook: UploadedWorkbook, role: TNiceExcelSheetRole): UploadedSheet | undefined {
  const names = sheetNames(role);
  return workbook.worksheets.find((s) => names.has(s.name.trim().toLocaleLowerCase())) ?? workbook.worksheets[NICE_EXCEL_SHEET_ROLES.indexOf(role)];
}

/** The answers sheet and the sheets that continue it (`Answers (2)`, `Answers (3)`, … as the export names them). */
function answerSheets(workbook: UploadedWorkbook, first: UploadedSheet): UploadedSheet[] {
  const sheets = [first];
  for (let part = 2; ; part++) {
    const next = workbook.worksheets.find((s) => s.name === continuationTitle(first.name, part));
    if (!next) return sheets;
    sheets.push(next);
  }
}

/**
 * Texts of an imported question: the export carries one language; when it is a default question
 * with its default text, the other languages come back from the default questionnaire.
 */
function questionTexts(key: string, text: string, language: TContentLanguage): Record<string, string> {
  const known = defaultQuestionnaire().find((q) => q.key === key);
  if (known && Object.values(known.texts).includes(text)) return Object.fromEntries(Object.entries(known.texts).filter((e): e is [string, string] => typeof e[1] === 'string'));
  return { [language]: text };
}

/** Reads the four sheets of the nice Excel (contracts/excel-rows.ts) and checks them together. */
export function parseNiceExcel(workbook: UploadedWorkbook, locale: TLocale): NiceExcelContent {
  const errors = new RowErrors();
  const sheets = {} as Record<Exclude<TNiceExcelSheetRole, 'instructions'>, UploadedSheet>;
  for (const role of ['employees', 'units', 'questions', 'answers'] as const) {
    const sheet = findRoleSheet(workbook, role);
    if (sheet) sheets[role] = sheet;
    else errors.add(role, 1, 'survey.rows.missing_sheet', { sheet: role });
  }
  errors.throwIfAny(locale);

  const U = 'units';
  const unitRows: NiceUnitInput[] = [];
  const unitRowOfId = new Map<number, number>();
  for (const row of readPositionalTable(sheets.units, NICE_UNIT_COLUMNS, errors, U)) {
    const read = new RowReader(row.cells, errors, U, row.rowNumber);
    const id = read.positiveInt('id', { required: true });
    const name = read.text('name', { required: true });
    const parent = read.positiveInt('parent');
    if (id !== null) {
      const first = unitRowOfId.get(id);
      if (first !== undefined) {
        errors.add(U, first, 'survey.rows.duplicate_id', { id });
        errors.add(U, row.rowNumber, 'survey.rows.duplicate_id', { id });
      } else unitRowOfId.set(id, row.rowNumber);
    }
    if (id !== null && name !== null) unitRows.push({ rowNumber: row.rowNumber, id, name, parent });
  }
  const parentOf = new Map<number, number | null>();
  for (const unit of unitRows) {
    if (unit.parent !== null && !unitRowOfId.has(unit.parent)) errors.add(U, unit.rowNumber, 'survey.rows.unknown_parent_unit', { unit: String(unit.parent) });
    parentOf.set(unit.id, unit.parent);
  }
  for (const cycle of findCycles(parentOf)) {
    const chain = [...cycle, cycle[0]].map((id) => unitRows.find((u) => u.id === id)?.name ?? String(id)).join(' → ');
    for (const id of cycle) errors.add(U, unitRowOfId.get(id) ?? 1, 'survey.rows.unit_cycle', { chain });
  }
  const unitsNamed = new Map<string, number>();
  for (const unit of unitRows) unitsNamed.set(unitKey(unit.name), (unitsNamed.get(unitKey(unit.name)) ?? 0) + 1);

  const E = 'employees';
  const employeeRows: NiceExcelContent['employees'] = [];
  const employeeRowOfId = new Map<number, number>();
  const employeeTable = readPositionalTable(sheets.employees, NICE_EMPLOYEE_COLUMNS, errors, E);
  const employeeExtras = readEmployeeExtras(sheets.employees, errors, E);
  if (employeeTable.length === 0 && errors.size === 0) errors.add(E, 1, 'survey.rows.empty_sheet', { sheet: sheets.employees.name });
  for (const row of employeeTable) {
    const read = new RowReader(row.cells, errors, E, row.rowNumber);
    const id = read.positiveInt('id', { required: true });
    if (id !== null) {
      const first = employeeRowOfId.get(id);
      if (first !== undefined) {
        errors.add(E, first, 'survey.rows.duplicate_id', { id });
        errors.add(E, row.rowNumber, 'survey.rows.duplicate_id', { id });
      } else employeeRowOfId.set(id, row.rowNumber);
    }
    const extras = employeeExtras.get(row.rowNumber);
    const employee: NiceExcelContent['employees'][number] = {
      rowNumber: row.rowNumber,
      name: read.text('name', { required: true }),
      email: read.email('email', { required: true }),
      unit: read.text('unit'),
      leaderEmail: read.email('leader_email'),
      gender: read.gender('gender'),
      generation: read.generation('generation'),
      entryDate: read.date('entry_date'),
      jobTitle: extras?.jobTitle ?? null,
      attributes: extras?.attributes ?? {},
    };
    // Two units of one name: the employee's unit cannot be told apart by name.
    if (employee.unit !== null && (unitsNamed.get(unitKey(employee.unit)) ?? 0) > 1) errors.add(E, row.rowNumber, 'survey.rows.duplicate_unit', { unit: employee.unit });
    employeeRows.push(employee);
  }
  checkEmployeeRows(employeeRows, new Set(unitsNamed.keys()), errors, E);

  const Q = 'questions';
  const language: TContentLanguage = (CONTENT_LANGUAGES as readonly string[]).includes(locale) ? (locale as TContentLanguage) : 'en';
  const questionRows: QuestionInput[] = [];
  const questionTable = readPositionalTable(sheets.questions, NICE_QUESTION_COLUMNS, errors, Q);
  const languageTexts = readQuestionLanguageTexts(sheets.questions, errors, Q);
  if (questionTable.length === 0 && errors.size === 0) errors.add(Q, 1, 'survey.rows.empty_sheet', { sheet: sheets.questions.name });
  const rowOfKey = new Map<string, number>();
  for (const row of questionTable) {
    const read = new RowReader(row.cells, errors, Q, row.rowNumber);
    const key = read.text('key', { required: true, max: 60 });
    const category = read.text('category', { required: true, max: 60 });
    const kind = read.text('kind', { required: true, max: 60 });
    const text = read.text('text', { required: true, max: 500 });
    if (key !== null && !/^[a-z0-9_]{1,60}$/.test(key)) errors.add(Q, row.rowNumber, 'survey.rows.invalid_key');
    if (kind !== null && !/^[a-z0-9_]{1,60}$/.test(kind)) errors.add(Q, row.rowNumber, 'survey.rows.invalid_key');
    if (category !== null && !(QUESTION_CATEGORIES as readonly string[]).includes(category)) errors.add(Q, row.rowNumber, 'survey.rows.invalid_category', { allowed: QUESTION_CATEGORIES.join(', ') });
    if (key !== null) {
      const first = rowOfKey.get(key);
      if (first !== undefined) {
        errors.add(Q, first, 'survey.rows.duplicate_key', { key });
        errors.add(Q, row.rowNumber, 'survey.rows.duplicate_key', { key });
      } else rowOfKey.set(key, row.rowNumber);
    }
    if (key !== null && category !== null && kind !== null && text !== null) questionRows.push({ rowNumber: row.rowNumber, key, category, kind, texts: { ...questionTexts(key, text, language), ...languageTexts.get(row.rowNumber) } });
  }

  // A survey longer than one sheet continues on `Answers (2)`, … (the export's own split at Excel's row limit).
  const answerContent = readNiceAnswers(workbook, answerSheets(workbook, sheets.answers), employeeRows.map((e) => e.email), [...rowOfKey.keys()], errors);
  errors.throwIfAny(locale);
  return { units: unitRows, employees: employeeRows, questions: questionRows, answers: answerContent };
}

/**
 * Replaces the engagement's units, employees, questions and answers with the workbook's, in one
 * transaction. Only into an engagement without answers: a survey's own answers are never
 * overwritten by a file. Employees keep their sign-in link by e-mail.
 */
export async function importNiceExcel(db: Database, engagement: { id: number; organizationId: number }, content: NiceExcelContent): Promise<TNiceExcelImportResult> {
  return db.transaction(async (tx) => {
    // The imported study's people are its own: the journey does not follow the directory (docs/directory-journeys.md).
    await tx.update(tables.engagements).set({ peopleSource: 'upload', directoryUnits: null }).where(eq(tables.engagements.id, engagement.id));
    const [answered] = await tx.select({ n: sql<number>`count(*)::int` }).from(answers).where(eq(answers.engagementId, engagement.id));
    if ((answered?.n ?? 0) > 0) throw conflict('engagement_has_answers', 'survey.errors.engagement_has_answers');

    const previousLinks = await tx.select({ email: sql<string | null>`lower(${employees.email})`, userId: employees.userId }).from(employees).where(eq(employees.engagementId, engagement.id));
    await tx.delete(questions).where(eq(questions.engagementId, engagement.id));
    await tx.delete(employees).where(eq(employees.engagementId, engagement.id));
    await tx.delete(units).where(eq(units.engagementId, engagement.id));

    // File ids → new ids; names → new ids for the employees sheet (names are unique, checked).
    const unitIdOfFileId = new Map<number, number>();
    const unitIdOf = new Map<string, number>();
    for (const [position, row] of content.units.entries()) {
      const [created] = await tx.insert(units).values({ engagementId: engagement.id, name: row.name, parentId: null, position }).returning({ id: units.id });
      if (!created) continue;
      unitIdOfFileId.set(row.id, created.id);
      unitIdOf.set(unitKey(row.name), created.id);
    }
    for (const row of content.units) {
      if (row.parent === null) continue;
      await tx.update(units).set({ parentId: unitIdOfFileId.get(row.parent) ?? null }).where(eq(units.id, unitIdOfFileId.get(row.id) as number));
    }

    const emails = content.employees.map((e) => e.email as string);
    const userOf = await linkableUsers(tx, engagement.organizationId, emails);
    for (const link of previousLinks) if (link.email && link.userId !== null && !userOf.has(link.email)) userOf.set(link.email, link.userId);
    // Ascending in file order, as the export numbers them; people and leaders then go in by one COPY.
    const ids = await reserveEmployeeIds(tx, content.employees.length);
    const idOf = new Map<string, number>(content.employees.map((e, i) => [e.email as string, ids[i] as number]));
    await copyEmployees(
      tx,
      content.employees.map((e) => ({
        id: idOf.get(e.email as string),
        engagementId: engagement.id,
        unitId: e.unit === null ? null : (unitIdOf.get(unitKey(e.unit)) ?? null),
        leaderId: e.leaderEmail === null ? null : (idOf.get(e.leaderEmail) ?? null),
        name: e.name,
        email: e.email,
        gender: e.gender,
        generation: e.generation,
        entryDate: e.entryDate,
        jobTitle: e.jobTitle,
        attributes: e.attributes,
        userId: userOf.get(e.email as string) ?? null,
      })),
    );

    const questionIdOf = new Map<string, number>();
    for (const [position, q] of content.questions.entries()) {
      const [created] = await tx.insert(questions).values({ engagementId: engagement.id, key: q.key, category: q.category, kind: q.kind, position, texts: q.texts }).returning({ id: questions.id });
      if (created) questionIdOf.set(q.key, created.id);
    }

    // Answers as COPY rows made as they are sent (20,000 a piece), one (respondent, question) each.
    const { respondents, questions: answerQuestions, starts, nominees, questionKeys } = content.answers;
    const questionIdAt = questionKeys.map((key) => questionIdOf.get(key) as number);
    const answerRows = function* (): Generator<CopyValue[]> {
      for (let i = 0; i < respondents.length; i++) {
        const named: number[] = [];
        for (let at = starts[i] as number; at < (starts[i + 1] as number); at++) named.push(ids[nominees[at] as number] as number);
        yield [engagement.id, ids[respondents[i] as number] as number, questionIdAt[answerQuestions[i] as number] as number, named];
      }
    };
    await copyRows(tx, 'answers', ['engagement_id', 'employee_id', 'question_id', 'selected_employee_ids'], answerRows());
    await tx.update(engagements).set({ surveyCreatedAt: sql`coalesce(${engagements.surveyCreatedAt}, now())` }).where(eq(engagements.id, engagement.id));

    return {
      employee_count: content.employees.length,
      unit_count: content.units.length,
      question_count: content.questions.length,
      answer_count: respondents.length,
      nomination_count: content.answers.nominationCount,
    };
  });
}
