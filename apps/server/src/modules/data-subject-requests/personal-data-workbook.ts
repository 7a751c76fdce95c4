import type { TLocale, TPersonalDataExport } from '@ona/contracts';
import { translate, type MessageKey } from '../../i18n/translate.ts';
import { addTableSheet, newWorkbook, type TableCell, type TableWorkbook } from '../analytics-shared/workbook-table.ts';

type TProfileField = keyof TPersonalDataExport['person'] & keyof typeof PROFILE_FIELDS;
const PROFILE_FIELDS = {
  display_name: true, given_name: true, family_name: true, email: true, user_name: true, external_id: true, employee_number: true, unit_path: true,
  manager_external_id: true, job_title: true, hire_date: true, leave_date: true, leave_reason: true, language: true, time_zone: true, gender: true,
  generation: true, location: true, active: true, created_at: true, updated_at: true,
} as const;

const cellOf = (value: unknown): TableCell => (value === null || value === undefined ? null : typeof value === 'number' || typeof value === 'string' ? value : typeof value === 'boolean' ? String(value) : JSON.stringify(value));

/**
 * The export as a workbook a person can read without tools: one sheet per part (profile,
 * journeys, own answers, own 360 answers, what was computed about them, instant surveys, access
 * log, weekly collaboration counts), headers in the reader's language. The JSON document stays the complete, exact form.
 */
export function personalDataWorkbook(document: TPersonalDataExport, locale: TLocale): TableWorkbook {
  const t = (key: string) => translate(locale, `dataSubject.${key}` as MessageKey);
  const workbook = newWorkbook();
  const { person } = document;

  const profile: TableCell[][] = (Object.keys(PROFILE_FIELDS) as TProfileField[]).map((field) => [t(`fields.${field}`), cellOf(person[field])]);
  for (const [key, value] of Object.entries(person.attributes)) profile.push([key, value]);
  profile.push([t('fields.groups'), document.groups.map((g) => g.name).join(', ')]);
  if (document.user_account) {
    profile.push([t('fields.user_account'), `${document.user_account.name} <${document.user_account.email}>`]);
    profile.push([t('fields.permissions'), document.user_account.permissions.join(', ')]);
  }
  addTableSheet(workbook, t('sheets.profile'), [t('columns.field'), { header: t('columns.value'), kind: 'long_text' }], profile);

  addTableSheet(
    workbook,
    t('sheets.journeys'),
    [t('columns.journey'), t('columns.employee_id'), t('fields.display_name'), t('fields.email'), t('columns.unit'), t('columns.leader'), t('fields.job_title'), t('columns.finished_at')],
    document.journeys.map((j) => [j.journey.name, j.employee.id, j.employee.name, j.employee.email, j.employee.unit, j.employee.leader?.name ?? null, j.employee.job_title, j.participation?.finished_at ?? null]),
  );
  addTableSheet(
    workbook,
    t('sheets.nominations'),
    [t('columns.journey'), t('columns.question'), t('columns.answered_at'), { header: t('columns.named'), kind: 'long_text' }],
    document.journeys.flatMap((j) => j.nominations.map((n) => [j.journey.name, n.question_text, n.answered_at, n.named.map((p) => p.name).join(', ')])),
  );
  addTableSheet(
    workbook,
    t('sheets.leadership'),
    [t('columns.journey'), t('columns.dimension'), t('columns.question'), t('columns.answered_at'), { header: t('columns.named'), kind: 'long_text' }],
    document.journeys.flatMap((j) => j.leadership_answers.map((a) => [j.journey.name, a.dimension, a.item_text, a.answered_at, a.named.map((p) => p.name).join(', ')])),
  );
  addTableSheet(
    workbook,
    t('sheets.computed'),
    [t('columns.journey'), t('columns.figure'), { header: t('columns.value'), kind: 'long_text' }],
    document.journeys.flatMap((j) => (j.computed ? computedRows(j.journey.name, j.computed) : [])),
  );
  addTableSheet(
    workbook,
    t('sheets.instant'),
    [t('columns.survey'), t('columns.question'), { header: t('columns.value'), kind: 'long_text' }, t('columns.answered_at')],
    document.instant_survey_answers.map((a) => [a.survey, a.question, cellOf(a.value), a.answered_at]),
  );
  addTableSheet(
    workbook,
    t('sheets.access'),
    [t('columns.when'), t('columns.action'), t('columns.actor'), t('columns.route'), t('columns.journey'), t('columns.employee_id')],
    document.access_log.map((e) => [e.occurred_at, e.action, e.actor_user_id, e.route, e.engagement_id, e.subject_employee_id]),
  );
  addTableSheet(
    workbook,
    t('sheets.collaboration'),
    [t('columns.source'), t('columns.week'), t('columns.with_colleagues'), t('columns.with_external')],
    document.collaboration_weeks.map((w) => [w.source, w.week_start, w.with_colleagues, w.with_external]),
  );
  return workbook;
}

/** One row per figure: flat values as they are, nested parts (a report, a network's metrics) as `part.figure`. */
function computedRows(journey: string, computed: NonNullable<TPersonalDataExport['journeys'][number]['computed']>): TableCell[][] {
  const rows: TableCell[][] = [];
  const add = (prefix: string, value: unknown) => {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const [key, child] of Object.entries(value)) add(prefix ? `${prefix}.${key}` : key, child);
      return;
    }
    rows.push([journey, prefix, Array.isArray(value) ? value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ') : cellOf(value)]);
  };
  add('', computed);
  return rows;
}
