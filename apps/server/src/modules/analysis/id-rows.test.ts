import { describe, expect, it } from 'vitest';
import { IdRowsParser } from './id-rows.ts';

const OUTPUT = '12\t3\t7,100000,7\n13\t4\t\n14\t5\t\\N\n2147483647\t6\t2147483647\n';
const EXPECTED = [
  [12, 3, [7, 100000, 7]],
  [13, 4, []],
  [14, 5, []],
  [2147483647, 6, [2147483647]],
];

function parse(pieces: readonly string[]): unknown[] {
  const rows: unknown[] = [];
  const parser = new IdRowsParser((first, second, ids) => rows.push([first, second, [...ids]]));
  for (const piece of pieces) parser.push(Buffer.from(piece, 'utf8'));
  parser.end();
  return rows;
}

describe('rows of two ids and an id list from COPY text', () => {
  it('gives each row, an empty and a NULL list as no ids', () => {
    expect(parse([OUTPUT])).toEqual(EXPECTED);
  });

  it('gives the same rows however the bytes are cut into pieces', () => {
    for (let cut = 0; cut <= OUTPUT.length; cut++) expect(parse([OUTPUT.slice(0, cut), OUTPUT.slice(cut)])).toEqual(EXPECTED);
    expect(parse(OUTPUT.split(''))).toEqual(EXPECTED);
  });

  it('refuses anything but ids, and output cut inside a row', () => {
    expect(() => parse(['1\t2\t3,{4}\n'])).toThrow(/not two ids and an id list: byte 123 in column 3/);
    expect(() => parse(['-1\t2\t3\n'])).toThrow(/not two ids and an id list/);
    expect(() => parse(['1\t2\n'])).toThrow(/not two ids and an id list/);
    expect(() => parse(['1\t2\t3'])).toThrow('the database’s rows ended inside a row');
  });
});
