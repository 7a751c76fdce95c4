import { KEY_ROLE_CODES, type TKeyRole } from './analytics-shared.ts';
import type { TGraphNode } from './graph.ts';

/**
 * Colouring "by key person" (the graph page, its PNG and the network exports): one colour a key role, so the map tells brokers from experts at a
 * glance (one orange for every key person said only *that* someone matters, not how). Someone
 * with several roles gets a colour of their own rather than an arbitrary one of their roles; the
 * card lists them all.
 */
export const KEY_ROLE_COLORS: Readonly<Record<TKeyRole, string>> = {
  advisor: '#1971c2',
  broker: '#e8590c',
  expert: '#2f9e44',
  ideamaker: '#f59f00',
  kol: '#ae3ec9',
  mentor: '#0c8599',
  spreader: '#d6336c',
  talent: '#82c91e',
};
export const SEVERAL_KEY_ROLES_COLOR = '#c92a2a';
export const NO_KEY_ROLE_COLOR = '#adb5bd';

/** What a node's colour says when colouring by key person. */
export type TKeyRoleClass = TKeyRole | 'several' | 'none';

export function keyRoleClass(roles: TGraphNode['key_roles']): TKeyRoleClass {
  const held = KEY_ROLE_CODES.filter((role) => roles[role]);
  if (held.length === 0) return 'none';
  if (held.length > 1) return 'several';
  return held[0]!;
}

export function keyRoleClassColor(roleClass: TKeyRoleClass): string {
  if (roleClass === 'none') return NO_KEY_ROLE_COLOR;
  if (roleClass === 'several') return SEVERAL_KEY_ROLES_COLOR;
  return KEY_ROLE_COLORS[roleClass];
}

export function keyRoleColor(roles: TGraphNode['key_roles']): string {
  return keyRoleClassColor(keyRoleClass(roles));
}
