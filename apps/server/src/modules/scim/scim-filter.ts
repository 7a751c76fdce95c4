import { sql, type SQL } from '@ona/db';
import { SCIM_SCHEMA } from '@ona/contracts';
import { ScimError } from './scim-error.ts';
import { parseScimFilter, type TFilterNode } from './scim-filter-parser.ts';

/**
 * SCIM filters (RFC 7644 §3.4.2.2) become one SQL condition, so that a list is filtered and paged
 * in the database: each attribute maps to its column and each comparison to SQL, following the
 * attribute's caseExact rule.
 */

type TFilterValue = string | number | boolean | null | undefined;

/** How one filterable attribute compares: text (case-exact or not), boolean, date or timestamp. */
export type TFilterAttribute =
  | { kind: 'text'; column: SQL; caseExact: boolean }
  | { kind: 'constant'; value: string | boolean }
  | { kind: 'boolean'; column: SQL }
  | { kind: 'date' | 'timestamp'; column: SQL }
  /** A multi-valued reference (a group's members): true when any value compares true. */
  | { kind: 'any'; build: (condition: (value: SQL) => SQL) => SQL };

/** The attribute path with the core schema's URN taken off, lower case (SCIM names are case-insensitive). */
function normalisedPath(path: string, coreSchema: string): string {
  const lower = path.toLowerCase();
  const core = `${coreSchema.toLowerCase()}:`;
  return lower.startsWith(core) ? lower.slice(core.length) : lower;
}

const textValue = (value: TFilterValue, path: string): string => {
  if (value === null || value === undefined) throw new ScimError(400, `The filter on ${path} needs a value`, 'invalidFilter');
  return String(value);
};

function booleanValue(value: TFilterValue, path: string): boolean {
  if (typeof value === 'boolean') return value;
  // Microsoft Entra ID sends booleans as "True" and "False".
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  throw new ScimError(400, `The filter on ${path} needs true or false`, 'invalidFilter');
}

function compareText(column: SQL, caseExact: boolean, comparator: string, raw: TFilterValue, path: string): SQL {
  const left = caseExact ? column : sql`lower(${column})`;
  const value = textValue(raw, path);
  const right = caseExact ? value : value.toLowerCase();
  switch (comparator) {
    case 'eq': return sql`(${left} = ${right})`;
    case 'ne': return sql`(${column} is null or ${left} <> ${right})`;
    case 'co': return sql`(strpos(${left}, ${right}) > 0)`;
    case 'sw': return sql`(left(${left}, ${right.length}) = ${right})`;
    case 'ew': return sql`(${right.length} <= length(${left}) and right(${left}, ${right.length}) = ${right})`;
    // Code-point order, whatever the database's collation (what every client's sort expects of ids).
    case 'gt': return sql`(${left} collate "C" > ${right} collate "C")`;
    case 'ge': return sql`(${left} collate "C" >= ${right} collate "C")`;
    case 'lt': return sql`(${left} collate "C" < ${right} collate "C")`;
    case 'le': return sql`(${left} collate "C" <= ${right} collate "C")`;
    default: throw new ScimError(400, `${comparator} cannot compare ${path}`, 'invalidFilter');
  }
}

function compareOrdered(column: SQL, kind: 'date' | 'timestamp', comparator: string, raw: TFilterValue, path: string): SQL {
  const value = textValue(raw, path);
  const typed = kind === 'date' ? sql`${value}::date` : sql`${value}::timestamptz`;
  if (Number.isNaN(Date.parse(value))) throw new ScimError(400, `The filter on ${path} needs a date`, 'invalidFilter');
  switch (comparator) {
    case 'eq': return sql`(${column} = ${typed})`;
    case 'ne': return sql`(${column} is null or ${column} <> ${typed})`;
    case 'gt': return sql`(${column} > ${typed})`;
    case 'ge': return sql`(${column} >= ${typed})`;
    case 'lt': return sql`(${column} < ${typed})`;
    case 'le': return sql`(${column} <= ${typed})`;
    default: throw new ScimError(400, `${comparator} cannot compare ${path}`, 'invalidFilter');
  }
}

function compare(attribute: TFilterAttribute, comparator: string, value: TFilterValue, path: string): SQL {
  switch (attribute.kind) {
    case 'text':
      if (comparator === 'pr') return sql`(${attribute.column} is not null and ${attribute.column} <> '')`;
      return compareText(attribute.column, attribute.caseExact, comparator, value, path);
    case 'constant': {
      if (comparator === 'pr') return sql`true`;
      const constant = typeof attribute.value === 'boolean' ? booleanValue(value, path) === attribute.value : null;
      if (constant !== null) {
        if (comparator === 'eq') return constant ? sql`true` : sql`false`;
        if (comparator === 'ne') return constant ? sql`false` : sql`true`;
        throw new ScimError(400, `${comparator} cannot compare ${path}`, 'invalidFilter');
      }
      return compareText(sql`${attribute.value}::text`, false, comparator, value, path);
    }
    case 'boolean': {
      if (comparator === 'pr') return sql`true`;
      const wanted = booleanValue(value, path);
      if (comparator === 'eq') return sql`(${attribute.column} = ${wanted})`;
      if (comparator === 'ne') return sql`(${attribute.column} <> ${wanted})`;
      throw new ScimError(400, `${comparator} cannot compare ${path}`, 'invalidFilter');
    }
    case 'date':
    case 'timestamp':
      if (comparator === 'pr') return sql`(${attribute.column} is not null)`;
      return compareOrdered(attribute.column, attribute.kind, comparator, value, path);
    case 'any':
      return attribute.build((column) => compare({ kind: 'text', column, caseExact: true }, comparator, value, path));
  }
}

/**
 * The SQL condition of a SCIM filter over the attributes a resource type offers (keys: lower-case
 * paths, extension attributes under their schema URN); an unknown attribute is an invalidFilter.
 * Every comparison is made two-valued (a missing value compares false), so `not` is a true negation.
 */
export function scimFilterSql(expression: string, attributes: ReadonlyMap<string, TFilterAttribute>, coreSchema: string): SQL {
  const compile = (node: TFilterNode, prefix: string): SQL => {
    switch (node.kind) {
      case 'and':
      case 'or':
        return sql`(${compile(node.left, prefix)} ${node.kind === 'and' ? sql`and` : sql`or`} ${compile(node.right, prefix)})`;
      case 'not':
        return sql`(not ${compile(node.node, prefix)})`;
      case 'valuePath': {
        const inner = `${prefix}${node.path}.`;
        const filter = compile(node.filter, inner);
        return node.then ? sql`(${filter} and ${compile(node.then, inner)})` : filter;
      }
      case 'compare': {
        const rawPath = `${prefix}${node.path}`;
        const attribute = attributes.get(normalisedPath(rawPath, coreSchema));
        if (!attribute) throw new ScimError(400, `Unknown attribute ${rawPath} in filter`, 'invalidFilter');
        return sql`coalesce(${compare(attribute, node.op, node.value, rawPath)}, false)`;
      }
    }
  };
  return compile(parseScimFilter(expression), '');
}

export const enterprisePath = (attribute: string) => `${SCIM_SCHEMA.enterpriseUser.toLowerCase()}:${attribute}`;
export const directoryPath = (attribute: string) => `${SCIM_SCHEMA.directoryUser.toLowerCase()}:${attribute}`;
