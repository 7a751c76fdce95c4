import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PALETTE_18 } from './options.ts';

describe('the unit palette', () => {
  it('is the list the web client’s colours page shows, in the same order', () => {
    // The engine may not depend on the client, so the test reads the client's palette file.
    const source = readFileSync(new URL('../../../apps/web/src/features/colors/graph-palette.ts', import.meta.url), 'utf8');
    const hexes = [...source.matchAll(/hex: '(#[0-9a-f]{6})'/g)].map((m) => m[1]);
    expect(hexes).toEqual([...PALETTE_18]);
  });
});
