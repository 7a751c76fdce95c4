import SCIMMY from 'scimmy';
import { ScimError } from './scim-error.ts';
import { attribute } from './user-resource.ts';

type TJson = Record<string, unknown>;
const isObject = (value: unknown): value is TJson => typeof value === 'object' && value !== null && !Array.isArray(value);

export interface TPatchOperation {
  op: string;
  path?: string | undefined;
  value?: unknown;
}

interface TTarget {
  /** The object the attribute lives in: the resource, or an extension's object in it. */
  container: TJson;
  attribute: string;
  /** `emails[type eq "work"]`: the filter that picks entries of a multi-valued attribute. */
  filter: string | null;
  subAttribute: string | null;
}

/** The key `name` has in `object` whatever its case, or `name` itself when it is new. */
function keyOf(object: TJson, name: string): string {
  return Object.keys(object).find((k) => k.toLowerCase() === name.toLowerCase()) ?? name;
}

function childObject(parent: TJson, name: string): TJson {
  const key = keyOf(parent, name);
  const existing = parent[key];
  if (isObject(existing)) return existing;
  const made: TJson = {};
  parent[key] = made;
  return made;
}

/**
 * Resolves a PATCH path (RFC 7644 §3.5.2): `attr`, `attr.sub`, `attr[filter]`, `attr[filter].sub`,
 * each optionally after a schema URN (`urn:…:enterprise:2.0:User:manager`).
 */
function resolve(resource: TJson, path: string, schemas: readonly string[], coreSchema: string): TTarget {
  let container = resource;
  let rest = path.trim();
  const lower = rest.toLowerCase();
  const schema = [...schemas].sort((a, b) => b.length - a.length).find((s) => lower.startsWith(`${s.toLowerCase()}:`) || lower === s.toLowerCase());
  if (schema) {
    rest = rest.slice(schema.length + 1);
    if (schema !== coreSchema) container = childObject(resource, schema);
    if (rest === '') throw new ScimError(400, `The path ${path} names a whole schema; name an attribute of it`, 'invalidPath');
  } else if (lower.startsWith('urn:')) {
    throw new ScimError(400, `Unknown schema in path ${path}`, 'invalidPath');
  }
  const match = /^([A-Za-z$][\w$-]*)(?:\[(.+)\])?(?:\.([A-Za-z$][\w$-]*))?$/.exec(rest);
  if (!match?.[1]) throw new ScimError(400, `The path ${path} does not parse`, 'invalidPath');
  return { container, attribute: match[1], filter: match[2] ?? null, subAttribute: match[3] ?? null };
}

/** Entries of a multi-valued attribute that a value filter picks (scimmy evaluates it). */
function matching(entries: unknown[], filter: string): TJson[] {
  let parsed: InstanceType<typeof SCIMMY.Types.Filter>;
  try {
    parsed = new SCIMMY.Types.Filter(filter);
  } catch (error) {
    throw new ScimError(400, error instanceof Error ? error.message : 'The value filter does not parse', 'invalidFilter');
  }
  return parsed.match(entries.filter(isObject)) as TJson[];
}

/** `[type eq "work"]` → `{type: "work"}`: what a new entry gets when an add or replace finds none. */
function entryFromFilter(filter: string): TJson | null {
  const match = /^\s*([A-Za-z]\w*)\s+eq\s+"([^"]*)"\s*$/i.exec(filter);
  return match?.[1] ? { [match[1]]: match[2] } : null;
}

/** Whether two entries of a multi-valued attribute are the same (members by value). */
const sameEntry = (a: unknown, b: unknown) =>
  isObject(a) && isObject(b) && attribute(a, 'value') !== undefined ? String(attribute(a, 'value')) === String(attribute(b, 'value')) : JSON.stringify(a) === JSON.stringify(b);

function setAttribute(target: TTarget, value: unknown, op: 'add' | 'replace'): void {
  const { container } = target;
  const key = keyOf(container, target.attribute);
  if (target.filter !== null) {
    const existing = container[key];
    const entries = Array.isArray(existing) ? existing : [];
    let picked = matching(entries, target.filter);
    if (picked.length === 0) {
      // Entra ID sets a work address with `emails[type eq "work"].value` on a user who has none yet.
      const made = entryFromFilter(target.filter);
      if (!made) throw new ScimError(400, `No ${target.attribute} entry matches ${target.filter}`, 'noTarget');
      entries.push(made);
      container[key] = entries;
      picked = [made];
    }
    for (const entry of picked) {
      if (target.subAttribute) entry[keyOf(entry, target.subAttribute)] = value;
      else if (isObject(value)) Object.assign(entry, value);
      else throw new ScimError(400, `${target.attribute}[${target.filter}] takes an object`, 'invalidValue');
    }
    return;
  }
  if (target.subAttribute) {
    childObject(container, target.attribute)[target.subAttribute] = value;
    return;
  }
  const existing = container[key];
  if (op === 'add' && Array.isArray(existing)) {
    // Adding to a multi-valued attribute appends what is not there yet (RFC 7644 §3.5.2.1).
    const additions = Array.isArray(value) ? value : [value];
    container[key] = [...existing, ...additions.filter((v) => !existing.some((e) => sameEntry(e, v)))];
  } else if (isObject(existing) && isObject(value)) {
    // A complex attribute keeps the sub-attributes the value does not name (RFC 7644 §3.5.2.3).
    Object.assign(existing, value);
  } else {
    container[key] = value;
  }
}

function removeAttribute(target: TTarget, value: unknown): void {
  const { container } = target;
  const key = keyOf(container, target.attribute);
  const existing = container[key];
  if (target.filter !== null) {
    if (!Array.isArray(existing)) return;
    const picked = matching(existing, target.filter);
    if (target.subAttribute) {
      for (const entry of picked) delete entry[keyOf(entry, target.subAttribute)];
    } else {
      container[key] = existing.filter((e) => !picked.includes(e as TJson));
    }
    return;
  }
  if (target.subAttribute) {
    const child = container[key];
    if (isObject(child)) delete child[keyOf(child, target.subAttribute)];
    return;
  }
  if (value !== undefined && Array.isArray(existing)) {
    // Entra ID removes members by listing them: {"op":"Remove","path":"members","value":[{"value":"…"}]}.
    const removals = Array.isArray(value) ? value : [value];
    container[key] = existing.filter((e) => !removals.some((r) => sameEntry(e, r)));
    return;
  }
  delete container[key];
}

/**
 * Applies SCIM PATCH operations to a copy of a resource, as Entra ID and Okta send them: op names
 * in any case ("Replace"), and a path-less add/replace whose value's keys are themselves paths
 * (`{"active": false}`, `{"name.givenName": "Ada"}`, `{"urn:…:enterprise:2.0:User:department": "…"}`).
 */
export function applyScimPatch(resource: TJson, operations: readonly TPatchOperation[], schemas: readonly string[], coreSchema: string): TJson {
  const patched = structuredClone(resource);
  if (operations.length === 0) throw new ScimError(400, 'A PATCH needs at least one operation', 'invalidSyntax');
  for (const operation of operations) {
    const op = String(operation.op).trim().toLowerCase();
    if (op !== 'add' && op !== 'replace' && op !== 'remove') throw new ScimError(400, `Unknown PATCH op ${operation.op}`, 'invalidSyntax');
    const path = typeof operation.path === 'string' && operation.path.trim() !== '' ? operation.path : null;
    if (op === 'remove') {
      if (!path) throw new ScimError(400, 'A remove needs a path', 'noTarget');
      removeAttribute(resolve(patched, path, schemas, coreSchema), operation.value);
      continue;
    }
    if (operation.value === undefined) throw new ScimError(400, `An ${op} needs a value`, 'invalidValue');
    if (path) {
      setAttribute(resolve(patched, path, schemas, coreSchema), operation.value, op);
      continue;
    }
    if (!isObject(operation.value)) throw new ScimError(400, `A path-less ${op} takes an object`, 'invalidValue');
    for (const [key, value] of Object.entries(operation.value)) {
      const isSchema = schemas.some((s) => s.toLowerCase() === key.toLowerCase());
      if (isSchema && isObject(value)) {
        // A whole extension object: its attributes are set one by one.
        const extension = childObject(patched, schemas.find((s) => s.toLowerCase() === key.toLowerCase()) ?? key);
        for (const [inner, innerValue] of Object.entries(value)) setAttribute({ container: extension, attribute: inner, filter: null, subAttribute: null }, innerValue, op);
        continue;
      }
      setAttribute(resolve(patched, key, schemas, coreSchema), value, op);
    }
  }
  return patched;
}
