import ExcelJS from 'exceljs';
import { GENERATIONS, NominationColumnsBuilder, QUESTION_KINDS, type AnalysisInput, type Generation, type GraphCategory, type QuestionKind } from '@ona/analytics';
import { NICE_EXCEL_SHEETS } from '@ona/contracts';
import { ApiError } from '../../errors/api-error.ts';
import type { MessageKey } from '../../i18n/translate.ts';
import { isCategory, type PersonRecord, type QuestionRecord } from './graph-source.ts';
import type { UploadedSheet, UploadedWorkbook } from '../uploads/plain-workbook.ts';

/** Most people an uploaded workbook may list (the analysis runs in-process, in a worker). */
export const RESULTS_MAX_EMPLOYEES = 20_000;
const MAX_ROW_ERRORS = 50;

/** A row problem: sheet, spreadsheet row (header is row 1), message key and the offending value. */
export interface RowProblem {
  sheet: string;
  row: number;
  problem: MessageKey;
  value: string;
}

export interface ResultsWorkbook {
  input: AnalysisInput;
  people: PersonRecord[];
  units: { id: number; name: string; parentId: number | null }[];
  questions: QuestionRecord[];
}

/** A refused upload: 400 with one entry per bad row (`<sheet>_row_<n>`), nothing kept. */
export class ResultsRowsError extends Error {
  constructor(readonly problems: RowProblem[]) {
    super('results workbook has bad rows');
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const GENERATION_SET = new Set<string>(GENERATIONS);
const KIND_SET = new Set<string>(QUESTION_KINDS);

/** The text of a cell, whatever exceljs made of it (rich text, hyperlinks, formulas, dates). */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('').trim();
    if ('text' in value && typeof value.text === 'string') return value.text.trim();
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
    return '';
  }
  return String(value).trim();
}

function rowsOf(sheet: UploadedSheet, columns: number): { row: number; cells: string[] }[] {
  const rows: { row: number; cells: string[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return;
    const cells = Array.from({ length: columns }, (_, i) => cellText(row.getCell(i + 1).value));
    if (cells.some((c) => c !== '')) rows.push({ row: rowNumber, cells });
  });
  return rows;
}

/**
 * The sheets of the nice Excel: by their machine names when present, else by position after the
 * instructions (the export names its sheets in the reader's language but never changes the order).
 */
function findSheets(workbook: UploadedWorkbook): Record<'employees' | 'units' | 'questions' | 'answers', UploadedSheet> {
  const names = ['employees', 'units', 'questions', 'answers'] as const;
  const byName = (name: string) => workbook.worksheets.find((s) => s.name.trim().toLowerCase() === name);
  const named = names.map((n) => byName(NICE_EXCEL_SHEETS[n]));
  const found = named.every((s) => s !== undefined)
    ? named
    : names.map((_, i) => workbook.worksheets[i + (workbook.worksheets.length >= 5 ? 1 : 0)]);
  const result: Partial<Record<(typeof names)[number], UploadedSheet>> = {};
  names.forEach((name, i) => {
    const sheet = found[i];
    if (!sheet) throw new ApiError(400, 'invalid_results_file', 'graph.errors.missing_sheet', undefined, { sheet: name });
    result[name] = sheet;
  });
  return result as Record<(typeof names)[number], UploadedSheet>;
}

/** Ids of a sheet's `id` column when they are distinct positive whole numbers, else 1..n. */
function sheetIds(cells: string[]): number[] {
  const ids = cells.map((c) => (/^\d{1,9}$/.test(c) ? Number(c) : NaN));
  const distinct = new Set(ids);
  return ids.every((id) => id > 0) && distinct.size === ids.length ? ids : ids.map((_, i) => i + 1);
}

/** Reads an uploaded nice-Excel workbook into the engine's input; any bad row refuses the whole file. */
export function readResultsWorkbook(workbook: UploadedWorkbook): ResultsWorkbook {
  const sheets = findSheets(workbook);
  const problems: RowProblem[] = [];
  const problem = (sheet: string, row: number, key: MessageKey, value = '') => problems.push({ sheet, row, problem: key, value });

  // Units: id, name, parent (a parent unit's id or name).
  const unitRows = rowsOf(sheets.units, 3);
  const unitIds = sheetIds(unitRows.map((r) => r.cells[0]!));
  const unitByName = new Map<string, number>();
  unitRows.forEach((r, i) => {
    if (r.cells[1] === '') problem('units', r.row, 'graph.errors.missing_name');
    else unitByName.set(r.cells[1]!, unitIds[i]!);
  });
  const idSet = new Set(unitIds);
  const units = unitRows.map((r, i) => {
    const parent = r.cells[2]!;
    let parentId: number | null = null;
    if (parent !== '') {
      const byId = /^\d+$/.test(parent) && idSet.has(Number(parent)) ? Number(parent) : undefined;
      parentId = byId ?? unitByName.get(parent) ?? null;
      if (parentId === null) problem('units', r.row, 'graph.errors.unknown_unit', parent);
    }
    return { id: unitIds[i]!, name: r.cells[1]!, parentId: parentId === unitIds[i] ? null : parentId };
  });

  // Employees: id, name, email, unit, leader_email, gender, generation, entry_date.
  const employeeRows = rowsOf(sheets.employees, 8);
  if (employeeRows.length === 0) throw new ApiError(400, 'invalid_results_file', 'graph.errors.no_employees');
  if (employeeRows.length > RESULTS_MAX_EMPLOYEES) {
    throw new ApiError(400, 'invalid_results_file', 'graph.errors.too_many_employees', undefined, { count: employeeRows.length, max: RESULTS_MAX_EMPLOYEES });
  }
  const employeeIds = sheetIds(employeeRows.map((r) => r.cells[0]!));
  const idByEmail = new Map<string, number>();
  employeeRows.forEach((r, i) => {
    const email = r.cells[2]!.toLowerCase();
    if (r.cells[1] === '') problem('employees', r.row, 'graph.errors.missing_name');
    if (!EMAIL.test(email)) problem('employees', r.row, 'graph.errors.bad_email', r.cells[2]);
    else if (idByEmail.has(email)) problem('employees', r.row, 'graph.errors.duplicate_email', r.cells[2]);
    else idByEmail.set(email, employeeIds[i]!);
  });
  let fallbackUnit: number | null = units.find((u) => u.parentId === null)?.id ?? null;
  const people: PersonRecord[] = employeeRows.map((r, i) => {
    const [, name, , unit, leaderEmail, gender, generation] = r.cells as [string, string, string, string, string, string, string, string];
    const unitId = unit === '' ? null : (unitByName.get(unit) ?? null);
    if (unit !== '' && unitId === null) problem('employees', r.row, 'graph.errors.unknown_unit', unit);
    const leaderId = leaderEmail === '' ? null : (idByEmail.get(leaderEmail.toLowerCase()) ?? null);
    if (leaderEmail !== '' && leaderId === null) problem('employees', r.row, 'graph.errors.unknown_leader', leaderEmail);
    const id = employeeIds[i]!;
    return { id, name, unitId, leaderId: leaderId === id ? null : leaderId, gender: gender || null, generation: generation.toLowerCase() || null, attributes: {} };
  });
  if (people.some((p) => p.unitId === null) && fallbackUnit === null) {
    fallbackUnit = Math.max(0, ...units.map((u) => u.id)) + 1;
    units.push({ id: fallbackUnit, name: '—', parentId: null });
  }

  // Questions: key, category, kind, text.
  const questionRows = rowsOf(sheets.questions, 4);
  const questionByKey = new Map<string, number>();
  const questions: QuestionRecord[] = [];
  questionRows.forEach((r, i) => {
    const [key, category, kind, text] = r.cells as [string, string, string, string];
    if (!isCategory(category)) problem('questions', r.row, 'graph.errors.bad_category', category);
    if (!KIND_SET.has(kind)) problem('questions', r.row, 'graph.errors.bad_kind', kind);
    if (questionByKey.has(key)) problem('questions', r.row, 'graph.errors.duplicate_key', key);
    questionByKey.set(key, i + 1);
    questions.push({ id: i + 1, label: text || key, category, kind });
  });

  // Answers: respondent_email, question_key, colleague_email (empty: an answer naming nobody).
  const answerRows = rowsOf(sheets.answers, 3);
  const answered = new Set<number>();
  // Employees and questions are indexed in the order of the input below.
  const personIndex = new Map(people.map((p, i) => [p.id, i]));
  const nominations = new NominationColumnsBuilder(answerRows.length);
  for (const r of answerRows) {
    const [respondent, key, colleague] = r.cells as [string, string, string];
    const source = idByEmail.get(respondent.toLowerCase());
    const question = questionByKey.get(key);
    const target = colleague === '' ? undefined : idByEmail.get(colleague.toLowerCase());
    if (source === undefined) problem('answers', r.row, 'graph.errors.unknown_employee', respondent);
    if (question === undefined) problem('answers', r.row, 'graph.errors.unknown_question', key);
    if (colleague !== '' && target === undefined) problem('answers', r.row, 'graph.errors.unknown_employee', colleague);
    if (source === undefined || question === undefined) continue;
    answered.add(source);
    if (target !== undefined && target !== source) nominations.push(personIndex.get(source) ?? -1, personIndex.get(target) ?? -1, question - 1);
  }
  if (problems.length > 0) throw new ResultsRowsError(problems.slice(0, MAX_ROW_ERRORS));

  const input: AnalysisInput = {
    units: units.map((u) => ({ id: String(u.id), name: u.name, parentId: u.parentId === null ? null : String(u.parentId) })),
    employees: people.map((p) => ({
      id: String(p.id),
      name: p.name,
      unitId: String(p.unitId ?? fallbackUnit),
      leaderId: p.leaderId === null ? null : String(p.leaderId),
      ...(p.gender ? { gender: p.gender } : {}),
      ...(p.generation && GENERATION_SET.has(p.generation) ? { generation: p.generation as Generation } : {}),
      hasAnswered: answered.has(p.id),
    })),
    questions: questions.map((q) => ({ id: String(q.id), category: q.category as GraphCategory, kind: q.kind as QuestionKind, label: q.label })),
    nominations: nominations.build(),
  };
  return { input, people: people.map((p) => ({ ...p, unitId: p.unitId ?? fallbackUnit })), units, questions };
}

/** The error answer of a refused workbook, in the shared shape. */
export function rowErrorsOf(problems: readonly RowProblem[], translate: (key: MessageKey, params?: Record<string, string | number>) => string): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const p of problems) {
    const text = translate('graph.errors.row_problem', { sheet: p.sheet, row: p.row, problem: translate(p.problem, { value: p.value }) });
    (errors[`${p.sheet}_row_${p.row}`] ??= []).push(text);
  }
  return errors;
}
