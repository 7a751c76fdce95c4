import { KEY_ROLE_CODES, type TGraphNode } from '@ona/contracts';
import { describe, expect, it } from 'vitest';
import { KEY_ROLE_COLORS, NO_KEY_ROLE_COLOR, SEVERAL_KEY_ROLES_COLOR, keyRoleClass, keyRoleColor } from './key-role-colors.ts';

const roles = (...held: (typeof KEY_ROLE_CODES)[number][]) =>
  Object.fromEntries(KEY_ROLE_CODES.map((role) => [role, held.includes(role)])) as TGraphNode['key_roles'];

describe('colouring by key person', () => {
  it('gives each key role a colour of its own, none shared and none the grey of people without a role', () => {
    const colours = [...Object.values(KEY_ROLE_COLORS), SEVERAL_KEY_ROLES_COLOR, NO_KEY_ROLE_COLOR];
    expect(new Set(colours).size).toBe(KEY_ROLE_CODES.length + 2);
  });

  it('colours a person with one role by that role', () => {
    expect(keyRoleClass(roles('broker'))).toBe('broker');
    expect(keyRoleColor(roles('broker'))).toBe(KEY_ROLE_COLORS.broker);
  });

  it('colours a person with several roles by the several-roles colour, whichever they are', () => {
    expect(keyRoleClass(roles('expert', 'mentor'))).toBe('several');
    expect(keyRoleColor(roles('advisor', 'talent', 'kol'))).toBe(SEVERAL_KEY_ROLES_COLOR);
  });

  it('draws a person with no key role grey', () => {
    expect(keyRoleClass(roles())).toBe('none');
    expect(keyRoleColor(roles())).toBe(NO_KEY_ROLE_COLOR);
  });
});
