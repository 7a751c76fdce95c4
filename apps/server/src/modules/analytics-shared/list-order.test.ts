import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listOrder, type ListSortKey } from './list-order.ts';

// The rule restated plainly (a row object per person and `localeCompare`), to hold the index sort to.
interface Row { id: number; name: string; text: string; value: number | null }
function reference(rows: readonly Row[], by: ListSortKey['by'], descending: boolean): number[] {
  const sign = descending ? -1 : 1;
  const byName = (a: Row, b: Row) => a.name.localeCompare(b.name, 'en') || a.id - b.id;
  return [...rows]
    .sort((a, b) => {
      if (by === 'name') return sign * byName(a, b);
      if (by === 'text') return sign * a.text.localeCompare(b.text, 'en') || byName(a, b);
      if (a.value === null || b.value === null) return a.value === b.value ? byName(a, b) : a.value === null ? 1 : -1;
      return sign * (a.value - b.value) || byName(a, b);
    })
    .map((row) => row.id);
}

const keyOf = (rows: readonly Row[], by: ListSortKey['by']): ListSortKey =>
  by === 'name' ? { by } : by === 'text' ? { by, values: rows.map((r) => r.text) } : { by, values: rows.map((r) => r.value) };

// Few names, texts and values, so that ties and empty values are the rule, not the exception.
const rowsArbitrary = fc.uniqueArray(
  fc.record({
    id: fc.integer({ min: 1, max: 10_000 }),
    name: fc.constantFrom('Ádám', 'adam', 'Zoé', 'Éva', 'Eva', 'Béla'),
    text: fc.constantFrom('', 'Sales', 'Support', 'Értékesítés'),
    value: fc.option(fc.integer({ min: -3, max: 3 }), { nil: null }),
  }),
  { selector: (row) => row.id, maxLength: 60 },
);

describe('listOrder', () => {
  it('orders as the plain rule does, every key both ways, and its pages put together give the whole order', () => {
    fc.assert(
      fc.property(rowsArbitrary, fc.constantFrom<ListSortKey['by']>('name', 'text', 'number'), fc.boolean(), fc.integer({ min: 1, max: 7 }), (rows, by, descending, pageSize) => {
        const order = Array.from(listOrder(rows.map((r) => r.id), rows.map((r) => r.name), keyOf(rows, by), descending, 'en'), (at) => rows[at]!.id);
        expect(order).toEqual(reference(rows, by, descending));
        const pages: number[] = [];
        for (let start = 0; start < rows.length; start += pageSize) {
          const page = listOrder(rows.map((r) => r.id), rows.map((r) => r.name), keyOf(rows, by), descending, 'en').subarray(start, start + pageSize);
          pages.push(...Array.from(page, (at) => rows[at]!.id));
        }
        expect(pages).toEqual(order);
      }),
    );
  });

  it('puts empty values last in both directions and breaks ties by name, then id, ascending', () => {
    const rows: Row[] = [
      { id: 4, name: 'Béla', text: '', value: null },
      { id: 3, name: 'Ádám', text: '', value: 2 },
      { id: 2, name: 'Ádám', text: '', value: 2 },
      { id: 1, name: 'Cecil', text: '', value: 5 },
      { id: 5, name: 'Anna', text: '', value: null },
    ];
    const ids = (descending: boolean) => Array.from(listOrder(rows.map((r) => r.id), rows.map((r) => r.name), keyOf(rows, 'number'), descending, 'en'), (at) => rows[at]!.id);
    expect(ids(false)).toEqual([2, 3, 1, 5, 4]);
    expect(ids(true)).toEqual([1, 2, 3, 5, 4]);
  });

  it('with ranks, breaks ties of name by rank before id (a person listed twice, joined and left), and name descending reverses all', () => {
    // The same person twice (one id), once as joined (rank 1) and once as left (rank 2), and a namesake.
    const ids = [7, 7, 3];
    const names = ['Éva', 'Éva', 'Éva'];
    const ranks = [2, 1, 1];
    expect(Array.from(listOrder(ids, names, { by: 'name' }, false, 'en', ranks))).toEqual([2, 1, 0]);
    expect(Array.from(listOrder(ids, names, { by: 'name' }, true, 'en', ranks))).toEqual([0, 1, 2]);
    // Equal values tie by name, then rank (ascending whichever way the value sorts), then id.
    expect(Array.from(listOrder(ids, names, { by: 'number', values: [1, 1, 1] }, true, 'en', ranks))).toEqual([2, 1, 0]);
  });

  it("sorts names in the reader's language: Hungarian puts Cs after every C and Ö after O, English does not", () => {
    const names = ['Oszkár', 'Csaba', 'Ödön', 'Czakó'];
    const ids = [1, 2, 3, 4];
    const inOrder = (locale: 'en' | 'hu' | 'de') => Array.from(listOrder(ids, names, { by: 'name' }, false, locale), (at) => names[at]);
    expect(inOrder('en')).toEqual(['Csaba', 'Czakó', 'Ödön', 'Oszkár']);
    expect(inOrder('de')).toEqual(['Csaba', 'Czakó', 'Ödön', 'Oszkár']);
    expect(inOrder('hu')).toEqual(['Czakó', 'Csaba', 'Oszkár', 'Ödön']);
    // A unit sort compares its texts the same way.
    expect(Array.from(listOrder(ids, ['x', 'x', 'x', 'x'], { by: 'text', values: names }, false, 'hu'), (at) => names[at])).toEqual(['Czakó', 'Csaba', 'Oszkár', 'Ödön']);
  });
});
