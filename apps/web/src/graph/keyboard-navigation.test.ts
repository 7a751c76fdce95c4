import { describe, expect, it } from 'vitest';
import { arrowDirection, foldName, nearestInDirection, nearestTo, nextTypedText, typeAheadMatch } from './keyboard-navigation.ts';

// Screen coordinates: y grows downwards.
const at = (entries: Record<number, [number, number]>) => Object.entries(entries).map(([id, [x, y]]) => [Number(id), { x, y }] as const);

describe('arrow keys move to the nearest person in that direction on the screen', () => {
  const people = at({ 1: [0, 0], 2: [10, 1], 3: [4, 9], 4: [-8, 0], 5: [0, -6], 6: [30, 0] });
  const others = (id: number) => people.filter(([other]) => other !== id);

  it('maps the four arrow keys and nothing else', () => {
    expect(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Enter', 'a'].map(arrowDirection)).toEqual(['left', 'right', 'up', 'down', null, null]);
  });

  it('takes the nearest person within 45° of the direction', () => {
    expect(nearestInDirection({ x: 0, y: 0 }, others(1), 'right')).toBe(2);
    expect(nearestInDirection({ x: 0, y: 0 }, others(1), 'left')).toBe(4);
    expect(nearestInDirection({ x: 0, y: 0 }, others(1), 'up')).toBe(5);
    expect(nearestInDirection({ x: 0, y: 0 }, others(1), 'down')).toBe(3);
    expect(nearestInDirection({ x: 10, y: 1 }, others(2), 'right')).toBe(6);
  });

  it('keeps to its line: a far person straight ahead beats a close one far off to the side', () => {
    const line = at({ 2: [12, 0], 3: [3, 2.9] });
    expect(nearestInDirection({ x: 0, y: 0 }, line, 'right')).toBe(3);
    const offLine = at({ 2: [12, 0], 3: [6, 5.5] });
    expect(nearestInDirection({ x: 0, y: 0 }, offLine, 'right')).toBe(2);
  });

  it('falls back to anyone on that side when the cone is empty, and to nobody past the edge', () => {
    const sparse = at({ 2: [1, 8], 3: [2, -20] });
    expect(nearestInDirection({ x: 0, y: 0 }, sparse, 'right')).toBe(2);
    expect(nearestInDirection({ x: 0, y: 0 }, sparse, 'left')).toBeNull();
  });

  it('leaves people drawn on the same spot to the type-ahead', () => {
    expect(nearestInDirection({ x: 0, y: 0 }, at({ 2: [0, 0] }), 'right')).toBeNull();
  });

  it('starts from the person nearest the centre', () => {
    expect(nearestTo({ x: 9, y: 0 }, people)).toBe(2);
    expect(nearestTo({ x: 0, y: 0 }, [])).toBeNull();
  });
});

describe('type-ahead on the names', () => {
  const people = [
    { id: 1, label: 'Anna Horváth' },
    { id: 2, label: 'Ádám Varga' },
    { id: 3, label: 'Bence Tóth' },
    { id: 4, label: 'Hanna Lindqvist' },
    { id: 5, label: 'Zsófia Németh' },
  ];

  it('ignores case and accents', () => {
    expect(foldName('Ádám NÉMETH')).toBe('adam nemeth');
    expect(typeAheadMatch(people, 'ada', null)).toBe(2);
    expect(typeAheadMatch(people, 'ZSO', null)).toBe(5);
  });

  it('finds a surname when no name starts with the letters', () => {
    expect(typeAheadMatch(people, 'horv', null)).toBe(1);
    expect(typeAheadMatch(people, 'nem', null)).toBe(5);
    expect(typeAheadMatch(people, 'xyz', null)).toBeNull();
    expect(typeAheadMatch(people, ' ', null)).toBeNull();
  });

  it('steps through the people of one initial when the letter is typed again', () => {
    expect(typeAheadMatch(people, 'a', null)).toBe(1);
    expect(typeAheadMatch(people, 'a', 1)).toBe(2);
    expect(typeAheadMatch(people, 'aa', 1)).toBe(2);
    expect(typeAheadMatch(people, 'a', 2)).toBe(1);
  });

  it('keeps the current person while more of their name is typed', () => {
    expect(typeAheadMatch(people, 'an', 1)).toBe(1);
    expect(typeAheadMatch(people, 'ann', 1)).toBe(1);
    expect(typeAheadMatch(people, 'ha', 1)).toBe(4);
  });

  it('continues a word while the keys come quickly, starts a new one after a pause', () => {
    const first = nextTypedText(null, 'h', 100);
    const second = nextTypedText(first, 'o', 400);
    expect(second.text).toBe('ho');
    expect(nextTypedText(second, 'b', 2000).text).toBe('b');
  });
});
