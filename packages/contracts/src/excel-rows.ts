import { z } from 'zod';
import { EMPLOYEE_GENERATIONS } from './analytics-shared.ts';

/**
 * The spreadsheet formats the product reads and writes. Header rows hold these machine keys (not
 * translated), so that a workbook exported in one language imports in any other; the
 * `instructions` sheet explains the columns in the reader's language. Row numbers in error
 * messages are spreadsheet row numbers (the header is row 1).
 */

export const GENDERS = ['female', 'male', 'other'] as const;
export const ZGender = z.enum(GENDERS);
export type TGender = z.infer<typeof ZGender>;

export const ZGenerationCell = z.enum(EMPLOYEE_GENERATIONS);

/** `YYYY-MM-DD`; Excel date cells are read as dates and written back in this form. */
export const ZIsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s));

export const INSTRUCTIONS_SHEET = 'instructions';

// ---------------------------------------------------------------------------------------------
// Employees upload (POST /engagements/{id}/employees/upload-excel/): the full participant list.
// ---------------------------------------------------------------------------------------------

export const EMPLOYEE_UPLOAD_SHEET = 'employees';
export const EMPLOYEE_UPLOAD_COLUMNS = ['name', 'email', 'unit', 'leader_email', 'gender', 'generation', 'entry_date', 'job_title'] as const;
export const EMPLOYEE_UPLOAD_REQUIRED = ['name', 'email'] as const;
/** Optional second sheet that defines units by name (a unit named in `employees` must exist here or already). */
export const UNIT_UPLOAD_SHEET = 'units';
export const UNIT_UPLOAD_COLUMNS = ['name', 'parent'] as const;

export const ZEmployeeUploadRow = z.object({
  name: z.string().min(1).max(200),
  email: z.email().max(254),
  unit: z.string().max(200).nullable(),
  leader_email: z.email().max(254).nullable(),
  gender: ZGender.nullable(),
  generation: ZGenerationCell.nullable(),
  entry_date: ZIsoDate.nullable(),
  job_title: z.string().max(200).nullable(),
});
export type TEmployeeUploadRow = z.infer<typeof ZEmployeeUploadRow>;

export const ZUnitUploadRow = z.object({ name: z.string().min(1).max(200), parent: z.string().max(200).nullable() });
export type TUnitUploadRow = z.infer<typeof ZUnitUploadRow>;

// ---------------------------------------------------------------------------------------------
// Filters import (POST /engagements/{id}/filters/import/): custom attributes of employees.
// ---------------------------------------------------------------------------------------------

export const FILTER_IMPORT_SHEET = 'filters';
/** The first column; every other non-empty header is an attribute key (e.g. `location`, `contract`). */
export const FILTER_EMAIL_COLUMN = 'email';
export const ZAttributeKey = z.string().regex(/^[\p{L}\p{N}_ -]{1,60}$/u);

// ---------------------------------------------------------------------------------------------
// The nice Excel: the survey export (GET …/survey/export-nice-excel/, survey-exports/nice-excel.ts)
// and its import (POST …/import_nice_excel/). The export names sheets and header cells in the
// request's language and keeps the columns in a fixed order, so the import finds each sheet by
// its name in any of our languages (else by its position) and reads columns by position.
// ---------------------------------------------------------------------------------------------

/** Sheet roles in workbook order (position 0 is the instructions). */
export const NICE_EXCEL_SHEET_ROLES = ['instructions', 'employees', 'units', 'questions', 'answers'] as const;
export type TNiceExcelSheetRole = (typeof NICE_EXCEL_SHEET_ROLES)[number];
/** Machine names of the sheets, accepted besides the translated ones (the graph upload reads them too). */
export const NICE_EXCEL_SHEETS = {
  instructions: INSTRUCTIONS_SHEET,
  employees: 'employees',
  units: 'units',
  questions: 'questions',
  answers: 'answers',
} as const satisfies Record<TNiceExcelSheetRole, string>;

/** Columns by position. `id` and `parent` are the exporting database's ids; the import maps them. */
export const NICE_EMPLOYEE_COLUMNS = ['id', 'name', 'email', 'unit', 'leader_email', 'gender', 'generation', 'entry_date'] as const;
/**
 * After these, optional (older exports lack them): the job title, then one column per custom
 * attribute (the admin's filters) whose header is the attribute's key, untranslated.
 */
export const NICE_EMPLOYEE_JOB_TITLE_POSITION = NICE_EMPLOYEE_COLUMNS.length + 1;
/** `parent`: the id of the parent unit in this sheet, empty for a root. */
export const NICE_UNIT_COLUMNS = ['id', 'name', 'parent'] as const;
/** `text`: the question in the export's language. */
export const NICE_QUESTION_COLUMNS = ['key', 'category', 'kind', 'text'] as const;
/**
 * After `text`, optional (older exports lack them): the question in each content language, under
 * these untranslated headers, so a questionnaire written in several languages survives the trip.
 */
export const NICE_QUESTION_TEXT_HEADERS = { hu: 'text_hu', en: 'text_en', de: 'text_de', ru: 'text_ru' } as const;
/** One row per nomination, in order; a row without a colleague records an answer naming nobody. */
export const NICE_ANSWER_COLUMNS = ['respondent_email', 'question_key', 'colleague_email'] as const;

export const ZNiceEmployeeRow = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1).max(200),
  email: z.email().max(254),
  /** The unit's name as on the units sheet. */
  unit: z.string().max(200).nullable(),
  leader_email: z.email().max(254).nullable(),
  gender: ZGender.nullable(),
  generation: ZGenerationCell.nullable(),
  entry_date: ZIsoDate.nullable(),
});
export type TNiceEmployeeRow = z.infer<typeof ZNiceEmployeeRow>;

export const ZNiceUnitRow = z.object({ id: z.number().int().positive(), name: z.string().min(1).max(200), parent: z.number().int().positive().nullable() });
export type TNiceUnitRow = z.infer<typeof ZNiceUnitRow>;

export const ZNiceQuestionRow = z.object({
  key: z.string().regex(/^[a-z0-9_]{1,60}$/),
  category: z.string().min(1).max(60),
  kind: z.string().regex(/^[a-z0-9_]{1,60}$/),
  text: z.string().min(1).max(500),
});
export type TNiceQuestionRow = z.infer<typeof ZNiceQuestionRow>;

export const ZNiceAnswerRow = z.object({
  respondent_email: z.email().max(254),
  question_key: z.string().min(1).max(60),
  colleague_email: z.email().max(254).nullable(),
});
export type TNiceAnswerRow = z.infer<typeof ZNiceAnswerRow>;
