import { describe, expect, it } from 'vitest';
import { UNITS } from '../retention-fixtures.test-support.ts';
import { departmentOptions } from './department-options.ts';

describe('department options', () => {
  it('list the units depth first, sorted by name, indented by depth', () => {
    expect(departmentOptions(UNITS, 'en').map((option) => option.label)).toEqual(['Company', '\u2003Finance', '\u2003Sales', '\u2003\u2003Field sales']);
  });

  it('start a unit whose parent is out of view at the left and list each unit once', () => {
    const visible = UNITS.filter((unit) => unit.id !== 1);
    expect(departmentOptions(visible, 'en').map((option) => option.value)).toEqual(['4', '2', '3']);
  });
});
