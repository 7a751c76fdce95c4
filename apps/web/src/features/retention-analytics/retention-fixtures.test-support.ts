import type { TRetentionUnit } from './retention-lookups.ts';

/** Company (1) › Sales (2) › Field sales (3); Finance (4) beside Sales. */
export const UNITS: TRetentionUnit[] = [
  { id: 1, name: 'Company', parent: null, children: [2, 4] },
  { id: 2, name: 'Sales', parent: 1, children: [3] },
  { id: 3, name: 'Field sales', parent: 2, children: [] },
  { id: 4, name: 'Finance', parent: 1, children: [] },
];
