import type { TPoint } from './layout-positions.ts';

/**
 * Moving between the people of the drawn graph from the keyboard (issue 17). Pure: the canvas
 * hands in the people's positions on the screen and the key pressed, and gets the next person.
 */

export type TDirection = 'left' | 'right' | 'up' | 'down';

const DIRECTIONS: Readonly<Record<string, TDirection>> = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down' };
/** Screen directions: y grows downwards on the screen. */
const VECTORS: Readonly<Record<TDirection, TPoint>> = { left: { x: -1, y: 0 }, right: { x: 1, y: 0 }, up: { x: 0, y: -1 }, down: { x: 0, y: 1 } };

export function arrowDirection(key: string): TDirection | null {
  return DIRECTIONS[key] ?? null;
}

/**
 * The person an arrow key leads to: the nearest one in that direction as drawn on the screen.
 * Those within 45° of the direction come first; when nobody is there, anyone on that side of the
 * current person will do (so every person stays reachable in a sparse corner). Nearness weighs the
 * sideways offset twice, so the arrow keeps to its line rather than jump to a close diagonal.
 * People drawn on the very same spot as the current one are left to the type-ahead.
 */
export function nearestInDirection(from: TPoint, candidates: Iterable<readonly [number, TPoint]>, direction: TDirection): number | null {
  const d = VECTORS[direction];
  let bestInCone: { id: number; score: number } | null = null;
  let bestOnSide: { id: number; score: number } | null = null;
  for (const [id, point] of candidates) {
    const vx = point.x - from.x;
    const vy = point.y - from.y;
    const along = vx * d.x + vy * d.y;
    if (along <= 1e-9) continue;
    const sideways = Math.abs(vx * d.y - vy * d.x);
    const score = Math.hypot(vx, vy) + sideways;
    if (sideways <= along) {
      if (bestInCone === null || score < bestInCone.score) bestInCone = { id, score };
    } else if (bestOnSide === null || score < bestOnSide.score) bestOnSide = { id, score };
  }
  return (bestInCone ?? bestOnSide)?.id ?? null;
}

/** The person nearest to a point (the centre of the view, where a first arrow key starts). */
export function nearestTo(point: TPoint, candidates: Iterable<readonly [number, TPoint]>): number | null {
  let best: { id: number; distance: number } | null = null;
  for (const [id, at] of candidates) {
    const distance = Math.hypot(at.x - point.x, at.y - point.y);
    if (best === null || distance < best.distance) best = { id, distance };
  }
  return best?.id ?? null;
}

/** Case and accents do not matter when typing a name ("hor" finds "Horváth"). */
export function foldName(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLocaleLowerCase();
}

export type TNamedPerson = { id: number; label: string };

/** The people in alphabetical order: the order of the type-ahead, Home and End, and the pickers. */
export function peopleByName(people: readonly TNamedPerson[]): TNamedPerson[] {
  return people.map((person) => ({ id: person.id, label: person.label })).sort((a, b) => a.label.localeCompare(b.label));
}

/**
 * Type-ahead on the names, as in a listbox (WAI-ARIA APG): the typed letters find the first person
 * whose name, or any word of it (a surname), starts with them; the same letter typed again moves
 * on to the next person with that initial. `people` are in the order they are announced in
 * (alphabetical); the current person stays when they still match what is typed.
 */
export function typeAheadMatch(people: readonly TNamedPerson[], typed: string, current: number | null): number | null {
  const query = foldName(typed);
  if (query.trim() === '') return null;
  const repeated = query.length > 1 && [...query].every((letter) => letter === query[0]);
  const prefix = repeated ? query[0]! : query;
  const startsName = (person: TNamedPerson) => foldName(person.label).startsWith(prefix);
  const startsWord = (person: TNamedPerson) => foldName(person.label).split(/[\s-]+/).some((word) => word.startsWith(prefix));
  for (const test of [startsName, startsWord]) {
    const matches = people.filter(test);
    if (matches.length === 0) continue;
    const at = matches.findIndex((person) => person.id === current);
    // One more letter of the same name keeps the person; a repeated initial steps to the next one.
    if (at >= 0 && !repeated && query.length > 1) return current;
    if (at >= 0 && (repeated || query.length === 1)) return matches[(at + 1) % matches.length]!.id;
    return matches[0]!.id;
  }
  return null;
}

/** How long a pause (ms) starts a new type-ahead word: the APG's usual half second, a little more. */
export const TYPE_AHEAD_PAUSE_MS = 1000;

/** The typed letters after a key: the pause between keys decides whether they continue the last word. */
export function nextTypedText(previous: { text: string; at: number } | null, key: string, at: number): { text: string; at: number } {
  const continues = previous !== null && at - previous.at < TYPE_AHEAD_PAUSE_MS;
  return { text: continues ? previous.text + key : key, at };
}
