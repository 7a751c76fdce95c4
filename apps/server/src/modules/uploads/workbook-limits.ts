/**
 * What an uploaded workbook may hold (docs/survey-and-admin.md, "Limits of uploaded workbooks").
 * A nice Excel of 5,000 people and 50,000 answers (about 200,000 cells) stays well inside them,
 * one of 20,000 people and 100,000 answers too; a zip bomb (a small file that unpacks to hundreds
 * of MB or millions of cells) does not.
 */
/** Everything the archive unpacks to, declared in its directory and counted while unpacking. */
export const MAX_WORKBOOK_UNPACKED_MB = 50;
/** One part of the archive (a sheet, the shared strings). */
export const MAX_WORKBOOK_ENTRY_MB = 40;
/** Parts in the archive (a real workbook has a dozen plus one per sheet). */
export const MAX_WORKBOOK_ENTRIES = 1_000;
/** Cells of all sheets together: exceljs needs about 0.7 KB of memory per cell. */
export const MAX_WORKBOOK_CELLS = 500_000;
/** Rows of one sheet. */
export const MAX_SHEET_ROWS = 250_000;
/** The heap of the worker that reads one workbook; beyond it the worker stops and the upload answers 413. */
export const WORKBOOK_WORKER_HEAP_MB = 1_024;
/** Workbooks read at once per server process, and uploads that may wait for a turn (more: 503). */
export const MAX_PARALLEL_WORKBOOK_READS = 2;
export const MAX_WAITING_WORKBOOK_READS = 8;

export const MB = 1024 * 1024;

export interface WorkbookLimits {
  unpackedBytes: number;
  entryBytes: number;
  entries: number;
  cells: number;
  sheetRows: number;
}

export const WORKBOOK_LIMITS: WorkbookLimits = {
  unpackedBytes: MAX_WORKBOOK_UNPACKED_MB * MB,
  entryBytes: MAX_WORKBOOK_ENTRY_MB * MB,
  entries: MAX_WORKBOOK_ENTRIES,
  cells: MAX_WORKBOOK_CELLS,
  sheetRows: MAX_SHEET_ROWS,
};

/** Why a workbook was refused; the reader maps each to a status and a message. */
export type WorkbookRefusal = 'not_a_workbook' | 'unpacked_too_large' | 'too_many_cells' | 'too_many_rows';

export class WorkbookRefused extends Error {
  constructor(readonly reason: WorkbookRefusal) {
    super(reason);
  }
}
