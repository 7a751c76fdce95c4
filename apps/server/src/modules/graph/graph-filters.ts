import { BUILT_IN_GRAPH_FILTERS, CUSTOM_FILTER_PREFIX, GRAPH_FILTER_PARAM_PREFIX, KEY_ROLE_CODES, type TGraphFilter } from '@ona/contracts';
import type { GraphPerson, GraphSource } from './graph-source.ts';

/** Texts of the filter panel in the request's language. */
export interface FilterLabels {
  filter(key: (typeof BUILT_IN_GRAPH_FILTERS)[number]): string;
  generation(code: string): string;
  gender(code: string): string;
  keyRole(code: string): string;
}

/** The value(s) a person has for a filter key; key roles are several at once. */
export function valuesOf(source: GraphSource, person: GraphPerson, key: string): readonly string[] {
  switch (key) {
    case 'department':
      return person.unitId === null ? [] : [String(person.unitId)];
    case 'generation':
      return person.generation ? [person.generation] : [];
    case 'gender':
      return person.gender ? [person.gender] : [];
    case 'key_roles':
      return KEY_ROLE_CODES.filter((role) => person.keyRoles[role]);
    default: {
      if (!key.startsWith(CUSTOM_FILTER_PREFIX)) return [];
      const value = person.attributes[key.slice(CUSTOM_FILTER_PREFIX.length)];
      return value === undefined || value === '' ? [] : [value];
    }
  }
}

/** `filter_{key}` parameters of the query, as key → accepted values (empty values dropped). */
export function requestedFilters(query: Record<string, unknown>): Map<string, Set<string>> {
  const filters = new Map<string, Set<string>>();
  for (const [param, raw] of Object.entries(query)) {
    if (!param.startsWith(GRAPH_FILTER_PARAM_PREFIX)) continue;
    const values = (Array.isArray(raw) ? raw : [raw]).filter((v): v is string => typeof v === 'string' && v !== '');
    if (values.length === 0) continue;
    filters.set(param.slice(GRAPH_FILTER_PARAM_PREFIX.length), new Set(values));
  }
  return filters;
}

/** Values of one key are alternatives; every key given must match. A key nobody has matches nobody. */
export function matchesFilters(source: GraphSource, person: GraphPerson, filters: ReadonlyMap<string, ReadonlySet<string>>): boolean {
  for (const [key, accepted] of filters) {
    if (!valuesOf(source, person, key).some((value) => accepted.has(value))) return false;
  }
  return true;
}

/** Custom attribute keys carried by the people, sorted. */
export function customKeys(people: readonly GraphPerson[]): string[] {
  const keys = new Set<string>();
  for (const person of people) for (const [key, value] of Object.entries(person.attributes)) if (value !== '') keys.add(key);
  return [...keys].sort((a, b) => a.localeCompare(b));
}

/**
 * The filter panel: options come only from the people the caller may see, so that a filter never
 * reveals who else is in the engagement.
 */
/**
 * How a custom attribute is named on screen: its key as the admin's import header gave it, a
 * snake_case key ("birth_year") read as words ("Birth year"), the first letter capitalised.
 */
export function attributeLabel(key: string): string {
  const words = key.replace(/_+/g, ' ').trim();
  return words.length === 0 ? key : words.charAt(0).toLocaleUpperCase() + words.slice(1);
}

export function filterOptions(source: GraphSource, visible: readonly GraphPerson[], labels: FilterLabels): TGraphFilter[] {
  const distinct = (key: string) => {
    const values = new Set<string>();
    for (const person of visible) for (const value of valuesOf(source, person, key)) values.add(value);
    return values;
  };
  const unitName = new Map(source.units.map((u) => [String(u.id), u.name] as const));
  const departments = distinct('department');
  const filters: TGraphFilter[] = [
    {
      lookup_key: 'department',
      label: labels.filter('department'),
      options: source.units.filter((u) => departments.has(String(u.id))).map((u) => ({ value: String(u.id), label: unitName.get(String(u.id)) ?? String(u.id) })),
    },
    {
      lookup_key: 'generation',
      label: labels.filter('generation'),
      options: ['bb', 'x', 'y', 'z'].filter((g) => distinct('generation').has(g)).map((g) => ({ value: g, label: labels.generation(g) })),
    },
    {
      lookup_key: 'gender',
      label: labels.filter('gender'),
      options: [...distinct('gender')].sort().map((g) => ({ value: g, label: labels.gender(g) })),
    },
    {
      lookup_key: 'key_roles',
      label: labels.filter('key_roles'),
      options: KEY_ROLE_CODES.map((role) => ({ value: role, label: labels.keyRole(role) })),
    },
  ];
  for (const key of customKeys(visible)) {
    const lookup = `${CUSTOM_FILTER_PREFIX}${key}`;
    filters.push({ lookup_key: lookup, label: attributeLabel(key), options: [...distinct(lookup)].sort((a, b) => a.localeCompare(b)).map((value) => ({ value, label: value })) });
  }
  return filters;
}
