import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { parse } from 'csv-parse';
import { invalidFile } from './collaboration-errors.ts';
import { delimiterOf } from './header-names.ts';

/** The first line of a text file (at most its first 64 KB), without a byte-order mark. */
export async function firstLineOf(path: string): Promise<string> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await file.read(buffer, 0, buffer.length, 0);
    const text = buffer.toString('utf8', 0, bytesRead).replace(/^\uFEFF/, '');
    const end = text.search(/\r?\n/);
    return end < 0 ? text : text.slice(0, end);
  } finally {
    await file.close();
  }
}

/**
 * The rows of a CSV file, streamed (csv-parse, a row at a time, memory bounded by one row): the
 * first is the header. The separator is taken from the first line. A file csv-parse cannot read
 * (an unclosed quote, a binary file): 400 `collaboration.errors.not_a_table`.
 */
export async function* delimitedRows(path: string): AsyncGenerator<string[]> {
  const delimiter = delimiterOf(await firstLineOf(path));
  const parser = createReadStream(path).pipe(parse({ delimiter, bom: true, relax_column_count: true, skip_empty_lines: true, trim: true }));
  try {
    for await (const record of parser as AsyncIterable<string[]>) yield record;
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith('CSV_')) throw invalidFile('collaboration.errors.not_a_table');
    throw error;
  }
}
