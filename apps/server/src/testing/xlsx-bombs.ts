import { once } from 'node:events';
import { createDeflateRaw, crc32 } from 'node:zlib';

/**
 * Hand-built .xlsx archives for the upload tests: a minimal valid workbook whose sheet XML is
 * produced chunk by chunk and deflated as a stream, so that a 300 MB sheet never exists in the
 * test's memory (only its ~300 KB compressed form does).
 */
export interface ZipEntrySource {
  name: string;
  /** The entry's content, in chunks (a generator, so it may be far larger than memory). */
  chunks: () => Iterable<Buffer>;
  /** Declares this uncompressed size instead of the real one (a lying archive). */
  declaredSize?: number;
}

interface BuiltEntry {
  name: Buffer;
  data: Buffer;
  crc: number;
  size: number;
  declaredSize: number;
  offset: number;
}

async function deflateEntry(source: ZipEntrySource): Promise<{ data: Buffer; crc: number; size: number }> {
  const deflate = createDeflateRaw({ level: 6 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  let crc = 0;
  let size = 0;
  for (const chunk of source.chunks()) {
    crc = crc32(chunk, crc);
    size += chunk.length;
    if (!deflate.write(chunk)) await once(deflate, 'drain');
  }
  deflate.end();
  await once(deflate, 'end');
  return { data: Buffer.concat(out), crc, size };
}

/** A zip archive (deflate, no zip64) of the entries, in order. */
export async function buildZip(sources: ZipEntrySource[]): Promise<Buffer> {
  const parts: Buffer[] = [];
  const entries: BuiltEntry[] = [];
  let offset = 0;
  for (const source of sources) {
    const { data, crc, size } = await deflateEntry(source);
    const name = Buffer.from(source.name);
    const declaredSize = source.declaredSize ?? size;
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(0, 6);
    header.writeUInt16LE(8, 8);
    header.writeUInt32LE(0, 10);
    header.writeUInt32LE(crc >>> 0, 14);
    header.writeUInt32LE(data.length, 18);
    header.writeUInt32LE(declaredSize, 22);
    header.writeUInt16LE(name.length, 26);
    header.writeUInt16LE(0, 28);
    parts.push(header, name, data);
    entries.push({ name, data, crc, size, declaredSize, offset });
    offset += header.length + name.length + data.length;
  }
  const directoryStart = offset;
  for (const entry of entries) {
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0, 8);
    header.writeUInt16LE(8, 10);
    header.writeUInt32LE(0, 12);
    header.writeUInt32LE(entry.crc >>> 0, 16);
    header.writeUInt32LE(entry.data.length, 20);
    header.writeUInt32LE(entry.declaredSize, 24);
    header.writeUInt16LE(entry.name.length, 28);
    header.writeUInt32LE(entry.offset, 42);
    parts.push(header, entry.name);
    offset += header.length + entry.name.length;
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(offset - directoryStart, 12);
  end.writeUInt32LE(directoryStart, 16);
  parts.push(end);
  return Buffer.concat(parts);
}

const text = (s: string) => () => [Buffer.from(s)];
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** The parts every workbook needs around its one sheet, named `sheetName`. */
function workbookParts(sheetName: string): ZipEntrySource[] {
  return [
    {
      name: '[Content_Types].xml',
      chunks: text(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
      ),
    },
    { name: '_rels/.rels', chunks: text(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${PACKAGE_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`) },
    { name: 'xl/workbook.xml', chunks: text(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="${sheetName}" sheetId="1" r:id="rId1"/></sheets></workbook>`) },
    { name: 'xl/_rels/workbook.xml.rels', chunks: text(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${PACKAGE_REL}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`) },
  ];
}

const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${MAIN}"><sheetData>`;
const SHEET_TAIL = '</sheetData></worksheet>';

/** A workbook of one sheet whose XML is the given chunks between the sheetData tags. */
export function workbookWithSheetData(sheetName: string, sheetData: () => Iterable<Buffer>, options: { declaredSheetSize?: number } = {}): Promise<Buffer> {
  return buildZip([
    ...workbookParts(sheetName),
    {
      name: 'xl/worksheets/sheet1.xml',
      chunks: function* () {
        yield Buffer.from(SHEET_HEAD);
        yield* sheetData();
        yield Buffer.from(SHEET_TAIL);
      },
      ...(options.declaredSheetSize !== undefined ? { declaredSize: options.declaredSheetSize } : {}),
    },
  ]);
}

const inlineCell = (ref: string, value: string) => `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`;

/** One cell holding `megabytes` MB of text (the "304 KB holding one 300 MB cell" bomb). */
export function oneHugeCellWorkbook(megabytes: number, options: { declaredSheetSize?: number } = {}): Promise<Buffer> {
  const mb = Buffer.alloc(1024 * 1024, 'A');
  return workbookWithSheetData(
    'employees',
    function* () {
      yield Buffer.from(`<row r="1">${inlineCell('A1', 'name')}</row><row r="2"><c r="A2" t="inlineStr"><is><t>`);
      for (let i = 0; i < megabytes; i++) yield mb;
      yield Buffer.from('</t></is></c></row>');
    },
    options,
  );
}

/** `cells` tiny numeric cells, `perRow` to a row (100: a bomb of cells; 1: a bomb of rows). */
export function manyCellsWorkbook(cells: number, perRow = 100): Promise<Buffer> {
  const columns = Array.from({ length: perRow }, (_, i) => (i < 26 ? String.fromCharCode(65 + i) : String.fromCharCode(64 + Math.floor(i / 26)) + String.fromCharCode(65 + (i % 26))));
  return workbookWithSheetData('employees', function* () {
    const rows = Math.ceil(cells / perRow);
    let batch: string[] = [];
    for (let r = 1; r <= rows; r++) {
      const count = Math.min(perRow, cells - (r - 1) * perRow);
      batch.push(`<row r="${r}">${columns.slice(0, count).map((c) => `<c r="${c}${r}"><v>1</v></c>`).join('')}</row>`);
      if (batch.length === 500) {
        yield Buffer.from(batch.join(''));
        batch = [];
      }
    }
    if (batch.length > 0) yield Buffer.from(batch.join(''));
  });
}

/** A small, valid hand-built workbook: the same construction as the bombs, without the bomb. */
export function smallEmployeesWorkbook(rows: string[][]): Promise<Buffer> {
  return workbookWithSheetData('employees', function* () {
    yield Buffer.from(rows.map((cells, r) => `<row r="${r + 1}">${cells.map((v, c) => inlineCell(`${String.fromCharCode(65 + c)}${r + 1}`, v)).join('')}</row>`).join(''));
  });
}

/** A valid zip that is not a workbook (a plain archive of a text file). */
export function plainZip(): Promise<Buffer> {
  return buildZip([{ name: 'readme.txt', chunks: text('not a workbook') }]);
}
