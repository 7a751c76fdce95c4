import type ExcelJS from 'exceljs';
import { asc, eq, tables, type Database } from '@ona/db';
import { CONTENT_LANGUAGES, NICE_QUESTION_TEXT_HEADERS, type TLocale } from '@ona/contracts';
import type { Labeller } from '../analytics-shared/labels.ts';
import type { AnalyticsScope } from '../analytics-shared/analytics-scope.ts';
import { translate, type MessageKey } from '../../i18n/translate.ts';
import { addTableSheet, dateCell, newWorkbook } from '../analytics-shared/workbook-table.ts';

/**
 * The "nice Excel": the engagement's people, units, questions and answers in one workbook that a
 * person can read and edit. Columns keep a fixed order (the header texts follow the request's
 * language), so an import reads them by position.
 */
export async function niceExcelWorkbook(db: Database, scope: AnalyticsScope, label: Labeller, locale: TLocale): Promise<ExcelJS.Workbook> {
  const { t } = label;
  const engagementId = scope.engagement.id;
  const [questionRows, answerRows, extraRows] = await Promise.all([
    db.select().from(tables.questions).where(eq(tables.questions.engagementId, engagementId)).orderBy(asc(tables.questions.position)),
    db.select().from(tables.answers).where(eq(tables.answers.engagementId, engagementId)).orderBy(asc(tables.answers.employeeId), asc(tables.answers.questionId)),
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
    // An answer naming nobody is a row without a colleague: the respondent did answer that question.
    answerRows.flatMap((a) =>
      a.selectedEmployeeIds.length === 0
        ? [[emailOf(a.employeeId), questionKey.get(a.questionId) ?? '', '']]
        : a.selectedEmployeeIds.map((named) => [emailOf(a.employeeId), questionKey.get(a.questionId) ?? '', emailOf(named)]),
    ),
  );
  return workbook;
}
