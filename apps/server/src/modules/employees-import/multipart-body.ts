import ExcelJS from 'exceljs';

/** A multipart/form-data body with one file, built by hand for app.inject (tests). */
export function multipartFile(content: Buffer, options: { field?: string; filename?: string; contentType?: string } = {}): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----ona-test-${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\n` +
      `Content-Disposition: form-data; name="${options.field ?? 'import_file'}"; filename="${options.filename ?? 'x.xlsx'}"\r\n` +
      `Content-Type: ${options.contentType ?? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A workbook from sheets of rows (the first row of each is its header). */
export async function workbookBuffer(sheets: Record<string, (ExcelJS.CellValue | undefined)[][]>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = workbook.addWorksheet(name);
    for (const row of rows) sheet.addRow(row.map((cell) => cell ?? null));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function readWorkbook(body: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook;
}
