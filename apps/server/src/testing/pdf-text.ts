import { inflateSync } from 'node:zlib';

/**
 * The text lines of a PDF as pdfkit writes it (Type0 fonts with Identity-H encoding and a ToUnicode
 * map, `[<glyphs> kern <glyphs>] TJ` in Flate-compressed page contents), so that a test can check
 * what a report says. Not a general PDF reader: one text line per TJ, in drawing order.
 */
export function pdfTextLines(pdf: Buffer): string[] {
  const objects = readObjects(pdf);
  const unicodeOf = new Map<number, Map<number, string>>();
  const fontByName = new Map<string, Map<number, string>>();
  for (const [, object] of objects) {
    for (const [, name, ref] of object.dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const font = objects.get(Number(ref));
      const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(font?.dict ?? '')?.[1];
      if (!name || toUnicode === undefined) continue;
      const id = Number(toUnicode);
      if (!unicodeOf.has(id)) unicodeOf.set(id, readCmap(objects.get(id)?.stream?.toString('latin1') ?? ''));
      fontByName.set(name, unicodeOf.get(id) ?? new Map());
    }
  }
  const lines: string[] = [];
  for (const [, object] of objects) {
    if (!object.stream || /\/(Type|Subtype|Length1)\b/.test(object.dict)) continue;
    const content = object.stream.toString('latin1');
    let font = new Map<number, string>();
    for (const [, name, array] of content.matchAll(/\/(F\d+) [\d.]+ Tf|\[((?:<[0-9a-f]*>|\s|-?[\d.]+)*)\] TJ/g)) {
      if (name) {
        font = fontByName.get(name) ?? new Map();
        continue;
      }
      const glyphs = [...(array ?? '').matchAll(/<([0-9a-f]*)>/g)].map((m) => m[1] ?? '').join('');
      let line = '';
      for (let i = 0; i + 4 <= glyphs.length; i += 4) line += font.get(parseInt(glyphs.slice(i, i + 4), 16)) ?? '';
      lines.push(line);
    }
  }
  return lines;
}

/** The whole text of a PDF with its lines joined by spaces, for `toContain` on a wrapped sentence. */
export function pdfText(pdf: Buffer): string {
  return pdfTextLines(pdf).join(' ').replace(/\s+/g, ' ');
}

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

function readObjects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const header = /(\d+) 0 obj\n/g;
  let match: RegExpExecArray | null;
  while ((match = header.exec(text)) !== null) {
    const start = match.index + match[0].length;
    const streamAt = text.indexOf('stream\n', start);
    const endAt = text.indexOf('endobj', start);
    if (streamAt === -1 || streamAt > endAt) {
      objects.set(Number(match[1]), { dict: text.slice(start, endAt), stream: null });
      continue;
    }
    const dict = text.slice(start, streamAt);
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? 0);
    const raw = pdf.subarray(streamAt + 7, streamAt + 7 + length);
    objects.set(Number(match[1]), { dict, stream: dict.includes('/FlateDecode') ? inflateSync(raw) : raw });
    // Binary stream data may look like an object header: continue after it.
    header.lastIndex = streamAt + 7 + length;
  }
  return objects;
}

const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');

/** The bfrange entries of a ToUnicode CMap (pdfkit writes no bfchar): glyph id → text. */
function readCmap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const [, block = ''] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, from = '0', to = '0', list, start] of block.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*(?:\[([^\]]*)\]|<([0-9a-f]+)>)/gi)) {
      const first = parseInt(from, 16);
      if (list !== undefined) {
        // A ligature maps to several characters, written with spaces: <0066 0069>.
        [...list.matchAll(/<([0-9a-f\s]+)>/gi)].forEach((m, i) => map.set(first + i, utf16((m[1] ?? '').replace(/\s/g, ''))));
      } else if (start !== undefined) {
        const base = parseInt(start, 16);
        for (let code = first; code <= parseInt(to, 16); code++) map.set(code, String.fromCharCode(base + code - first));
      }
    }
  }
  return map;
}
