import { describe, expect, it } from 'vitest';
import { nextSort, personRows, sortRows, tieRows } from './graph-table-rows.ts';

const node = (id: number, label: string, unit: string) => ({ id, label, organizational_unit: unit });
const employees = [node(1, 'Éva Kovács', 'Sales'), node(2, 'Ádám Varga', 'Finance'), node(3, 'Bence Tóth', ''), node(4, 'Olga Ivanova', 'Sales')];
const questions = [
  { id: 10, label: 'Whom do you trust?' },
  { id: 11, label: 'Whom do you ask?' },
];
const tie = (source: number, target: number, ids: number[], mutual = false) => ({ source, target, questions: ids, mutual });

describe('the table view counts and lists only what the drawing shows', () => {
  // As a reader below all_access receives them: no tie points at the reader (1), who was named by 2.
  const relations = [tie(1, 2, [11, 10], true), tie(2, 3, [10]), tie(3, 2, [11]), tie(4, 3, [10])];

  it('gives each person drawn their ties given, received and degree from the ties drawn', () => {
    const rows = personRows({ employees, relations });
    expect(rows).toEqual([
      { id: 1, name: 'Éva Kovács', unit: 'Sales', out: 1, in: 0, degree: 1 },
      { id: 2, name: 'Ádám Varga', unit: 'Finance', out: 1, in: 2, degree: 3 },
      { id: 3, name: 'Bence Tóth', unit: '', out: 1, in: 2, degree: 3 },
      { id: 4, name: 'Olga Ivanova', unit: 'Sales', out: 1, in: 0, degree: 1 },
    ]);
  });

  it('lists each tie drawn once, source to target, with its questions in questionnaire order', () => {
    const rows = tieRows({ employees, relations, questions });
    expect(rows).toHaveLength(relations.length);
    expect(rows[0]).toEqual({ key: '1>2', source: 'Éva Kovács', target: 'Ádám Varga', questions: 'Whom do you trust?; Whom do you ask?', mutual: true });
    expect(rows.some((row) => row.target === 'Éva Kovács')).toBe(false);
  });

  it('leaves out a tie whose ends are not drawn', () => {
    expect(tieRows({ employees, relations: [tie(1, 99, [10])], questions })).toEqual([]);
  });
});

describe('sorting the tables', () => {
  const rows = personRows({ employees, relations: [tie(1, 2, [10]), tie(3, 2, [10]), tie(4, 2, [10]), tie(2, 3, [10])] });

  it('sorts names by the language’s alphabet, accents included', () => {
    expect(sortRows(rows, { column: 'name', direction: 'asc' }, ['name'], 'hu').map((r) => r.name)).toEqual(['Ádám Varga', 'Bence Tóth', 'Éva Kovács', 'Olga Ivanova']);
    expect(sortRows(rows, { column: 'name', direction: 'desc' }, ['name'], 'hu').map((r) => r.name)[0]).toBe('Olga Ivanova');
  });

  it('sorts counts as numbers and breaks ties by name', () => {
    expect(sortRows(rows, { column: 'degree', direction: 'desc' }, ['name'], 'en').map((r) => [r.name, r.degree])).toEqual([
      ['Ádám Varga', 4],
      ['Bence Tóth', 2],
      ['Éva Kovács', 1],
      ['Olga Ivanova', 1],
    ]);
  });

  it('turns the direction of the sorted column; another column starts ascending for text, descending for counts', () => {
    expect(nextSort({ column: 'name', direction: 'asc' }, 'name', false)).toEqual({ column: 'name', direction: 'desc' });
    expect(nextSort({ column: 'name', direction: 'desc' }, 'name', false)).toEqual({ column: 'name', direction: 'asc' });
    expect(nextSort({ column: 'name', direction: 'asc' }, 'degree', true)).toEqual({ column: 'degree', direction: 'desc' });
    expect(nextSort({ column: 'degree', direction: 'desc' }, 'unit', false)).toEqual({ column: 'unit', direction: 'asc' });
  });
});
