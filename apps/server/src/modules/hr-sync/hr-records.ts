import { LEAVER_REASONS, type THrColumnMapping } from '@ona/contracts';
import type { HrTable } from './read-hr-file.ts';

/** The optional directory fields a mapped column fills (camelCase as the directory's columns). */
export const OPTIONAL_FIELDS = {
  unit_path: 'unitPath',
  manager_external_id: 'managerExternalId',
  hire_date: 'hireDate',
  leave_date: 'leaveDate',
  leave_reason: 'leaveReason',
  language: 'language',
  time_zone: 'timeZone',
  gender: 'gender',
  generation: 'generation',
  location: 'location',
} as const;
type TOptionalColumn = keyof typeof OPTIONAL_FIELDS;
export type TOptionalField = (typeof OPTIONAL_FIELDS)[TOptionalColumn];

/**
 * One person as the HR file gives them. An optional field is present only when the mapping has a
 * column for it: a field the file does not carry leaves the directory's value as it is, while an
 * empty cell of a mapped column clears it.
 */
export type HrRecord = {
  row: number;
  externalId: string;
  email: string;
  displayName: string;
  /** Only the mapped attribute keys; null clears the attribute. */
  attributes: Record<string, string | null>;
} & Partial<Record<TOptionalField, string | null>>;

export type HrRefusalReason = 'missing_value' | 'bad_email' | 'bad_date';

/** A row that is left out of the sync (the person, if known, stays as the directory has them). */
export interface HrRefusal {
  row: number;
  externalId: string | null;
  reason: HrRefusalReason;
  params: Record<string, string>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A day as the directory keeps it: from `2024-03-01`, `2024.03.01.` or `2024/03/01`; null when it is none. */
export function parseDay(text: string): string | null {
  const match = /^(\d{4})[-./](\d{1,2})[-./](\d{1,2})\.?(?:[T ].*)?$/.exec(text.trim());
  if (!match) return null;
  const [, y, m, d] = match;
  const day = `${y}-${m!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
  const parsed = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day ? null : day;
}

/** HR systems word leave reasons their own way; the product's own words are kept, anything else is `unknown`. */
function leaveReasonOf(text: string): string {
  const lower = text.trim().toLowerCase();
  return (LEAVER_REASONS as readonly string[]).includes(lower) ? lower : 'unknown';
}

/** Units from the root down, joined as the directory keeps them (` / `), whatever the file separates them with. */
export function unitPathOf(text: string, separator: string): string | null {
  const parts = text.split(separator).map((p) => p.trim()).filter((p) => p !== '');
  return parts.length === 0 ? null : parts.join(' / ');
}

/** The mapped columns the file's header lacks (compared without case and surrounding spaces). */
export function missingColumns(table: HrTable, mapping: THrColumnMapping): string[] {
  const header = new Set(table.header.map((h) => h.trim().toLowerCase()));
  const wanted = [...Object.values(mapping.columns), ...mapping.attributes.map((a) => a.column)].filter((c): c is string => c !== null);
  return wanted.filter((c) => !header.has(c.toLowerCase()));
}

/** The file's rows read through the mapping: the people, and the rows refused with the reason. */
export function readHrRecords(table: HrTable, mapping: THrColumnMapping): { records: HrRecord[]; refusals: HrRefusal[] } {
  const index = new Map(table.header.map((h, i) => [h.trim().toLowerCase(), i] as const));
  const at = (cells: (string | null)[], column: string | null): string | null => (column === null ? null : (cells[index.get(column.toLowerCase()) ?? -1] ?? null));
  const records: HrRecord[] = [];
  const refusals: HrRefusal[] = [];
  for (const { row, cells } of table.rows) {
    const externalId = at(cells, mapping.columns.external_id);
    const refuse = (reason: HrRefusalReason, params: Record<string, string>) => refusals.push({ row, externalId, reason, params });
    const email = at(cells, mapping.columns.email)?.toLowerCase() ?? null;
    const displayName = at(cells, mapping.columns.display_name);
    if (externalId === null) { refuse('missing_value', { field: mapping.columns.external_id }); continue; }
    if (email === null) { refuse('missing_value', { field: mapping.columns.email }); continue; }
    if (displayName === null) { refuse('missing_value', { field: mapping.columns.display_name }); continue; }
    if (!EMAIL.test(email)) { refuse('bad_email', { value: email }); continue; }
    const record: HrRecord = { row, externalId, email, displayName, attributes: {} };
    let refused = false;
    for (const [column, field] of Object.entries(OPTIONAL_FIELDS) as [TOptionalColumn, TOptionalField][]) {
      const header = mapping.columns[column];
      if (header === null) continue;
      const text = at(cells, header);
      if (text === null) { record[field] = null; continue; }
      if (field === 'hireDate' || field === 'leaveDate') {
        const day = parseDay(text);
        if (day === null) { refuse('bad_date', { value: text, field: header }); refused = true; break; }
        record[field] = day;
      } else if (field === 'unitPath') record[field] = unitPathOf(text, mapping.unit_separator);
      else if (field === 'leaveReason') record[field] = leaveReasonOf(text);
      else if (field === 'managerExternalId') record[field] = text === externalId ? null : text; // the top of the company often names itself
      else record[field] = text;
    }
    if (refused) continue;
    for (const { column, key } of mapping.attributes) record.attributes[key] = at(cells, column);
    records.push(record);
  }
  return { records, refusals };
}
