import type { TComparedUnit, TNetworkChange } from '@ona/contracts';
import { describe, expect, it } from 'vitest';
import { sortRows } from '../../shared/ui/table-sort.ts';
import { networkRows, unitRows } from './comparison-rows.ts';
import { formatChange, formatThenNow } from './then-now.ts';

const figures = (members: number, density: number | null, withheld = false) => ({
  unit_id: 1,
  members,
  respondents: members,
  density,
  reciprocity: 0.5,
  ei_index: -0.2,
  share_at_risk: 0.1,
  withheld,
  withheld_reason: withheld ? { code: 'group_below_minimum' as const, minimum: 5 } : null,
  ties_withheld: false,
});

describe('the Compare page rows', () => {
  it('takes tie counts, isolates and bridges of a network, and leaves them empty when withheld', () => {
    const shown: TNetworkChange = {
      key: 'work', question_key: null, label: 'All work questions', category: null,
      ties: { then: 10, now: 12, kept: 8, added: 4, lost: 2, added_with_joiners: 1, lost_with_leavers: 1, added_by_new_respondents: 0, lost_by_non_respondents: 0 },
      new_isolates: [{ name: 'Ann', then_id: 1, now_id: 2 }],
      bridges_then: 3,
      bridges_lost: [],
      withheld: false,
    };
    const hidden: TNetworkChange = { ...shown, key: 'question:q1', ties: null, new_isolates: [], bridges_then: null, bridges_lost: null, withheld: true };
    expect(networkRows([shown, hidden])).toEqual([
      { key: 'work', label: 'All work questions', then: 10, now: 12, kept: 8, added: 4, lost: 2, isolates: 1, bridges: 0, withheld: false },
      { key: 'question:q1', label: 'All work questions', then: null, now: null, kept: null, added: null, lost: null, isolates: null, bridges: null, withheld: true },
    ]);
  });

  it('sorts units by a change with the units that have none last, in either direction', () => {
    const unit = (name: string, status: TComparedUnit['status'], change: number | null): TComparedUnit => ({
      path: ['Co', name], name, status,
      then: status === 'new' ? null : figures(5, 0.2),
      now: status === 'gone' ? null : figures(6, 0.3),
      change: { members: null, density: change, reciprocity: null, ei_index: null, share_at_risk: null },
    });
    const rows = unitRows([unit('A', 'matched', 0.1), unit('B', 'new', null), unit('C', 'matched', -0.2)]);
    expect(rows.find((row) => row.name === 'B')!.density).toEqual({ then: null, now: 0.3, change: null });
    expect(sortRows(rows, { column: 'densityChange', direction: 'desc' }, ['name'], 'en').map((row) => row.name)).toEqual(['A', 'C', 'B']);
    expect(sortRows(rows, { column: 'densityChange', direction: 'asc' }, ['name'], 'en').map((row) => row.name)).toEqual(['C', 'A', 'B']);
  });

  it('writes a figure then → now and a change with its sign, shares in percentage points', () => {
    expect(formatThenNow(0.1, 0.25, 'share', 'en')).toBe('10% → 25%');
    expect(formatChange(0.15, 'share', 'en', 'pp')).toBe('+15\u00a0pp');
    expect(formatChange(-0.05, 'index', 'en')).toBe('−0.05');
    expect(formatChange(0, 'count', 'en')).toBe('±0');
    expect(formatChange(null, 'count', 'en')).toBe('–');
  });
});
