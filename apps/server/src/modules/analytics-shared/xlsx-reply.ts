import type ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const PDF_CONTENT_TYPE = 'application/pdf';

/** A file name safe inside a quoted Content-Disposition value on every browser. */
export function exportFileName(base: string, engagementName: string, extension: 'xlsx' | 'pdf'): string {
  const slug = engagementName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 60);
  return `${base}${slug ? `-${slug}` : ''}.${extension}`;
}

export function attachment(reply: FastifyReply, fileName: string, contentType: string): FastifyReply {
  return reply.header('content-type', contentType).header('content-disposition', `attachment; filename="${fileName}"`);
}

export async function sendWorkbook(reply: FastifyReply, workbook: ExcelJS.Workbook, fileName: string): Promise<Buffer> {
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  attachment(reply, fileName, XLSX_CONTENT_TYPE);
  return buffer;
}

/** Excel allows 31 characters and none of []:*?/\ in a sheet name. */
export function sheetName(title: string): string {
  return title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31);
}

/** Adds a sheet with a bold, frozen header row and reasonable column widths. */
export function addTableSheet(workbook: ExcelJS.Workbook, title: string, headers: string[], rows: (string | number | null)[][]): ExcelJS.Worksheet {
  const sheet = workbook.addWorksheet(sheetName(title), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow(headers).font = { bold: true };
  for (const row of rows) sheet.addRow(row.map((cell) => (cell === null ? null : cell)));
  sheet.columns.forEach((column, i) => {
    const longest = Math.max(headers[i]?.length ?? 8, ...rows.slice(0, 200).map((r) => String(r[i] ?? '').length));
    column.width = Math.min(60, Math.max(10, longest + 2));
  });
  return sheet;
}
