/**
 * One line of a refused upload: the sheet (null for the upload's main sheet), the spreadsheet row
 * (null for file-wide problems) and its messages.
 */
export type TRowError = { sheet: string | null; row: number | null; field: string | null; messages: string[] };

/** `row_5` on the main sheet, `units.row_5` on another sheet of the workbook (server RowErrors). */
const ROW_KEY = /^(?:([^.]+)\.)?row_(\d+)$/;

/**
 * Turns the `errors` member of a refused upload (`{row_5: [...], "units.row_3": [...],
 * import_file: [...]}`) into lines: the file-wide ones first, then by sheet and row.
 */
export function rowErrors(errors: Record<string, string[]> | undefined): TRowError[] {
  if (!errors) return [];
  const lines: TRowError[] = [];
  for (const [key, messages] of Object.entries(errors)) {
    if (messages.length === 0) continue;
    const match = ROW_KEY.exec(key);
    lines.push(match ? { sheet: match[1] ?? null, row: Number(match[2]), field: null, messages } : { sheet: null, row: null, field: key, messages });
  }
  return lines.sort((a, b) => (a.row === null ? 0 : 1) - (b.row === null ? 0 : 1) || (a.sheet ?? '').localeCompare(b.sheet ?? '') || (a.row ?? 0) - (b.row ?? 0));
}
