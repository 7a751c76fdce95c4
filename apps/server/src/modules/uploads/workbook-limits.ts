/**
 * What an uploaded workbook may hold (docs/survey-and-admin.md, "Limits of every upload"), declared
 * for 100,000 people (issue 34, item 5): a nice Excel of a whole survey of 100,000 people (13
 * questions, about 7 colleagues named in each: 9.1 million nominations on nine answers sheets,
 * measured at about 190 MB packed, 2 GB unpacked and 29 million cells) and an employees file of
 * 100,000 rows stay inside them with margin; a zip bomb does not (the ratio, the entry count and the
 * sizes declared in the archive's directory and counted while unpacking). The reader streams
 * (workbook-reader-worker.ts) and keeps cells compact (plain-workbook.ts), so these bound the work
 * and the plain data handed back, never an exceljs model of the whole workbook.
 */
/** The file as uploaded to the people and survey imports (the results upload has its own). */
export const MAX_IMPORT_FILE_MB = 320;
/** Everything the archive unpacks to, declared in its directory and counted while unpacking. */
export const MAX_WORKBOOK_UNPACKED_MB = 4_096;
/** One part of the archive (a sheet, the shared strings): a full answers sheet is about 225 MB. */
export const MAX_WORKBOOK_ENTRY_MB = 512;
/** Parts in the archive (a real workbook has a dozen plus one per sheet). */
export const MAX_WORKBOOK_ENTRIES = 1_000;
/** A part above 1 MB may unpack to at most this many times its packed size (exported sheets: 10–30 times). */
export const MAX_WORKBOOK_RATIO = 200;
/** Cells of all sheets together: a whole survey of 100,000 people is about 29 million. */
export const MAX_WORKBOOK_CELLS = 40_000_000;
/** Rows of one sheet: Excel's own maximum, so any sheet Excel can save is read. */
export const MAX_SHEET_ROWS = 1_048_576;
/** The heap of the worker that reads one workbook; beyond it the worker stops and the upload answers 413. */
export const WORKBOOK_WORKER_HEAP_MB = 1_024;
/** Workbooks read at once per server process, and uploads that may wait for a turn (more: 503). */
export const MAX_PARALLEL_WORKBOOK_READS = 2;
export const MAX_WAITING_WORKBOOK_READS = 8;

export const MB = 1024 * 1024;

export interface WorkbookLimits {
  /** The file as uploaded to the people and survey imports (busboy's cap and the reader's). */
  fileBytes: number;
  unpackedBytes: number;
  entryBytes: number;
  entries: number;
  ratio: number;
  cells: number;
  sheetRows: number;
}

export const WORKBOOK_LIMITS: WorkbookLimits = {
  fileBytes: MAX_IMPORT_FILE_MB * MB,
  unpackedBytes: MAX_WORKBOOK_UNPACKED_MB * MB,
  entryBytes: MAX_WORKBOOK_ENTRY_MB * MB,
  entries: MAX_WORKBOOK_ENTRIES,
  ratio: MAX_WORKBOOK_RATIO,
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
