import type { TLocale } from '@ona/contracts';
import type { ApiError } from '../../errors/api-error.ts';
import type { MessageKey } from '../../i18n/translate.ts';
import { localizedBadRequest, type LocalizedMessage } from '../engagement-admin/localized-errors.ts';

export const MAX_REPORTED_ROWS = 1_000;

/**
 * What is wrong in which row of an uploaded workbook. Keys are `row_<n>` for the upload's main
 * sheet and `<sheet>.row_<n>` for the others (n is the spreadsheet row number; 1 is the header).
 */
export class RowErrors {
  private readonly byRow = new Map<string, { sheet: string; row: number; messages: LocalizedMessage[] }>();

  /**
   * Rows reported at most (MAX_REPORTED_ROWS): a file of nine million wrong rows is refused with
   * the first thousand of them, not an answer (and a map) of nine million.
   */
  constructor(private readonly maxRows = MAX_REPORTED_ROWS) {}

  add(sheetPrefix: string, row: number, key: MessageKey, params?: Record<string, string | number>): void {
    const field = `${sheetPrefix ? `${sheetPrefix}.` : ''}row_${row}`;
    const known = this.byRow.get(field);
    if (!known && this.byRow.size >= this.maxRows) return;
    const entry = known ?? { sheet: sheetPrefix, row, messages: [] };
    if (!entry.messages.some((m) => m.key === key && JSON.stringify(m.params) === JSON.stringify(params))) entry.messages.push({ key, ...(params ? { params } : {}) });
    this.byRow.set(field, entry);
  }

  get size(): number {
    return this.byRow.size;
  }

  /** 400 `invalid_file`, rows in sheet then row order. */
  toApiError(locale: TLocale): ApiError {
    const ordered = [...this.byRow.entries()].sort(([, a], [, b]) => a.sheet.localeCompare(b.sheet) || a.row - b.row);
    return localizedBadRequest(locale, 'invalid_file', 'survey.errors.invalid_file', new Map(ordered.map(([field, e]) => [field, e.messages])));
  }

  throwIfAny(locale: TLocale): void {
    if (this.size > 0) throw this.toApiError(locale);
  }
}
