import type { TKeyPeopleListPage, TKeyPeopleRoleChoice } from '@ona/contracts';
import { foldText } from '../../shared/format/fold-text.ts';
import type { TServerSort } from '../../shared/ui/report-list/list-state.ts';
import type { TKeyPeopleSortKey } from './key-people-api.ts';

/** A role the filter offers: `key:advisor` or `group:gatekeeper`, so one list holds both kinds. */
export type TRoleChoice = TKeyPeopleRoleChoice;

/** A listed person as the server answers them (their unit's name included). */
export type TKeyPersonRow = TKeyPeopleListPage['data'][number];

/**
 * The table's own filters, sent to the server with the page (the search is the list state's).
 * Who is listed at all (the target group) is the sidebar's.
 */
export type TKeyPeopleFilter = {
  /** A person matches when they hold any of these roles; empty means no role filter. */
  roles: readonly TRoleChoice[];
  /** When true, people with neither a key role nor a group role are left out. */
  onlyWithRoles: boolean;
};

export const DEFAULT_KEY_PEOPLE_FILTER: TKeyPeopleFilter = { roles: [], onlyWithRoles: true };
/** Key roles, most first: the people the page is about come first. */
export const DEFAULT_KEY_PEOPLE_SORT: TServerSort<TKeyPeopleSortKey> = '-key_roles';

/** Units for a picker: depth-first from the roots, each with its depth, names folded for search. */
export function unitOptions(units: readonly { id: number; name: string; parent: number | null }[]): { id: number; name: string; depth: number; folded: string }[] {
  const ids = new Set(units.map((unit) => unit.id));
  const children = new Map<number | null, typeof units[number][]>();
  for (const unit of units) {
    const parent = unit.parent !== null && ids.has(unit.parent) ? unit.parent : null;
    const list = children.get(parent) ?? [];
    list.push(unit);
    children.set(parent, list);
  }
  const out: { id: number; name: string; depth: number; folded: string }[] = [];
  const seen = new Set<number>();
  const visit = (parent: number | null, depth: number) => {
    for (const unit of children.get(parent) ?? []) {
      if (seen.has(unit.id)) continue;
      seen.add(unit.id);
      out.push({ id: unit.id, name: unit.name, depth, folded: foldText(unit.name) });
      visit(unit.id, depth + 1);
    }
  };
  visit(null, 0);
  return out;
}

