/** One line of a refused upload: the spreadsheet row (null for file-wide problems) and its messages. */
export type TRowError = { row: number | null; field: string | null; messages: string[] };

const ROW_KEY = /^row_(\d+)$/;

/**
 * Turns the `errors` member of a refused upload (`{row_5: [...], import_file: [...]}`) into lines
 * ordered by row, the file-wide ones first.
 */
export function rowErrors(errors: Record<string, string[]> | undefined): TRowError[] {
  if (!errors) return [];
  const lines: TRowError[] = [];
  for (const [key, messages] of Object.entries(errors)) {
    if (messages.length === 0) continue;
    const match = ROW_KEY.exec(key);
    lines.push(match ? { row: Number(match[1]), field: null, messages } : { row: null, field: key, messages });
  }
  return lines.sort((a, b) => (a.row ?? -1) - (b.row ?? -1));
}
