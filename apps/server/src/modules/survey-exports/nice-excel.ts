import { and, asc, eq, inArray, tables, type Database } from '@ona/db';
import { CONTENT_LANGUAGES, NICE_QUESTION_TEXT_HEADERS, type TLocale } from '@ona/contracts';
import type { Labeller } from '../analytics-shared/labels.ts';
import type { AnalyticsScope } from '../analytics-shared/analytics-scope.ts';
import { translate, type MessageKey } from '../../i18n/translate.ts';
import { addTableSheet, dateCell, newWorkbook, type TableCell, type TableWorkbook } from '../analytics-shared/workbook-table.ts';

/** Respondents whose answers are read in one statement (about 13 answers each, a few thousand rows a page). */
const RESPONDENTS_PER_PAGE = 500;

interface StoredAnswer {
  employeeId: number;
  questionId: number;
  selectedEmployeeIds: number[];
}

/**
 * The answers as sheet rows, read a page of respondents at a time through the primary key
 * (employee, question) in the order of the export (respondent, then question), so that a
 * 100,000-person survey's millions of nominations are never in memory at once. The pages are read
 * as the writer asks for them, outside one snapshot: an answer saved during the download may or
 * may not be in the file, as with any export taken while the survey runs.
 */
async function* answerSheetRows(db: Database, engagementId: number, employeeIds: readonly number[], rowsOf: (answer: StoredAnswer) => TableCell[][]): AsyncGenerator<TableCell[]> {
  const respondents = [...employeeIds].sort((a, b) => a - b);
  for (let at = 0; at < respondents.length; at += RESPONDENTS_PER_PAGE) {
    const page = await db
      .select({ employeeId: tables.answers.employeeId, questionId: tables.answers.questionId, selectedEmployeeIds: tables.answers.selectedEmployeeIds })
      .from(tables.answers)
      .where(and(eq(tables.answers.engagementId, engagementId), inArray(tables.answers.employeeId, respondents.slice(at, at + RESPONDENTS_PER_PAGE))))
      .orderBy(asc(tables.answers.employeeId), asc(tables.answers.questionId));
    for (const answer of page) yield* rowsOf(answer);
  }
}

/**
 * The "nice Excel": the engagement's people, units, questions and answers in one workbook that a
 * person can read and edit. Columns keep a fixed order (the header texts follow the request's
 * language), so an import reads them by position.
 */
export async function niceExcelWorkbook(db: Database, scope: AnalyticsScope, label: Labeller, locale: TLocale): Promise<TableWorkbook> {
  const { t } = label;
  const engagementId = scope.engagement.id;
  const [questionRows, extraRows] = await Promise.all([
    db.select().from(tables.questions).where(eq(tables.questions.engagementId, engagementId)).orderBy(asc(tables.questions.position)),
    db.select({ id: tables.employees.id, jobTitle: tables.employees.jobTitle, attributes: tables.employees.attributes }).from(tables.employees).where(eq(tables.employees.engagementId, engagementId)),
  ]);
  // Job titles and the admin's custom attributes travel too, so that an import reproduces the people whole.
  const extraOf = new Map(extraRows.map((e) => [e.id, e]));
  const attributeKeys = [...new Set(extraRows.flatMap((e) => Object.keys(e.attributes)))].sort();
  const emailOf = (id: number | null) => (id === null ? '' : (scope.employeeById.get(id)?.email ?? ''));
  const questionKey = new Map(questionRows.map((q) => [q.id, q.key]));
  const workbook = newWorkbook();
  const id = (header: string) => ({ header, kind: 'integer' as const });
  const named = (key: string) => {
    const text = translate(locale, key as MessageKey);
    return text === key ? '' : text;
  };

  addTableSheet(
    workbook,
    t('analytics.export.sheet_instructions'),
    [t('analytics.export.instructions_title')],
    [
      [t('analytics.export.instructions_employees')],
      [t('analytics.export.instructions_units')],
      [t('analytics.export.instructions_questions')],
      [t('analytics.export.instructions_answers')],
      [t('analytics.export.instructions_order')],
    ],
  );
  addTableSheet(
    workbook,
    t('analytics.export.sheet_employees'),
    [
      id(t('analytics.export.col_id')),
      t('analytics.export.col_name'),
      t('analytics.export.col_email'),
      t('analytics.export.col_unit'),
      t('analytics.export.col_leader_email'),
      t('analytics.export.col_gender'),
      t('analytics.export.col_generation'),
      { header: t('analytics.export.col_entry_date'), kind: 'date' },
      t('analytics.export.col_job_title'),
      ...attributeKeys,
    ],
    scope.employees.map((e) => [
      e.id,
      e.name,
      e.email ?? '',
      e.unitId === null ? '' : (scope.unitById.get(e.unitId)?.name ?? ''),
      emailOf(e.leaderId),
      e.gender ?? '',
      e.generation ?? '',
      dateCell(e.entryDate),
      extraOf.get(e.id)?.jobTitle ?? '',
      ...attributeKeys.map((key) => extraOf.get(e.id)?.attributes[key] ?? ''),
    ]),
    { freezeColumns: 2 },
  );
  addTableSheet(
    workbook,
    t('analytics.export.sheet_units'),
    [id(t('analytics.export.col_id')), t('analytics.export.col_unit_name'), id(t('analytics.export.col_parent_unit'))],
    scope.units.map((u) => [u.id, u.name, u.parentId]),
  );
  addTableSheet(
    workbook,
    t('analytics.export.sheet_questions'),
    // Key, category and kind stay codes (an import reads them); their names in the reader's language follow the texts.
    [
      t('analytics.export.col_question_key'),
      t('analytics.export.col_category'),
      t('analytics.export.col_kind'),
      t('analytics.export.col_question_text'),
      ...CONTENT_LANGUAGES.map((l) => NICE_QUESTION_TEXT_HEADERS[l]),
      t('analytics.export.col_category_name'),
      t('analytics.export.col_kind_name'),
    ],
    questionRows.map((q) => [
      q.key,
      q.category,
      q.kind,
      q.texts[locale] ?? q.texts.en ?? '',
      ...CONTENT_LANGUAGES.map((l) => q.texts[l] ?? ''),
      named(`metrics.networks.categories.${q.category}`),
      named(`metrics.networks.kinds.${q.kind}`),
    ]),
  );
  addTableSheet(
    workbook,
    t('analytics.export.sheet_answers'),
    [t('analytics.export.col_respondent_email'), t('analytics.export.col_question_key'), t('analytics.export.col_named_email')],
    answerSheetRows(db, engagementId, scope.employees.map((e) => e.id), (answer) =>
      // An answer naming nobody is a row without a colleague: the respondent did answer that question.
      answer.selectedEmployeeIds.length === 0
        ? [[emailOf(answer.employeeId), questionKey.get(answer.questionId) ?? '', '']]
        : answer.selectedEmployeeIds.map((named) => [emailOf(answer.employeeId), questionKey.get(answer.questionId) ?? '', emailOf(named)]),
    ),
  );
  return workbook;
}
