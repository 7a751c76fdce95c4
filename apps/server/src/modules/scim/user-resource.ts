import { LEAVER_REASONS, SCIM_SCHEMA } from '@ona/contracts';
import { sql, tables } from '@ona/db';
import { ScimError } from './scim-error.ts';
import { directoryPath, enterprisePath, type TFilterAttribute } from './scim-filter.ts';

const { directoryPeople: people } = tables;

export type TDirectoryPersonRow = typeof people.$inferSelect;

/** What a SCIM User sets on a directory person (docs/directory-and-scim.md, attribute mapping). */
export interface TPersonFields {
  externalId: string | null;
  userName: string;
  email: string;
  givenName: string | null;
  familyName: string | null;
  displayName: string;
  employeeNumber: string | null;
  unitPath: string | null;
  /** The manager as SCIM sends it: the manager's SCIM id (or, failing that, their externalId). */
  managerReference: string | null;
  jobTitle: string | null;
  hireDate: string | null;
  leaveDate: string | null;
  leaveReason: string | null;
  language: string | null;
  timeZone: string | null;
  gender: string | null;
  generation: string | null;
  location: string | null;
  active: boolean;
}

type TJson = Record<string, unknown>;
const isObject = (value: unknown): value is TJson => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value under `key`, matched without regard to case (SCIM attribute names are case-insensitive). */
export function attribute(object: TJson | undefined, key: string): unknown {
  if (!object) return undefined;
  if (key in object) return object[key];
  const lower = key.toLowerCase();
  const found = Object.keys(object).find((k) => k.toLowerCase() === lower);
  return found === undefined ? undefined : object[found];
}

function text(value: unknown, path: string, maxLength = 500): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value !== 'string') throw new ScimError(400, `${path} must be a string`, 'invalidValue');
  const trimmed = value.trim();
  if (trimmed.length > maxLength) throw new ScimError(400, `${path} is longer than ${maxLength} characters`, 'invalidValue');
  return trimmed === '' ? null : trimmed;
}

/** SCIM booleans, also as Entra ID sends them: "True", "False". */
export function scimBoolean(value: unknown, path: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value.trim())) return value.trim().toLowerCase() === 'true';
  throw new ScimError(400, `${path} must be true or false`, 'invalidValue');
}

function isoDate(value: unknown, path: string): string | null {
  const raw = text(value, path);
  if (raw === null) return null;
  const day = raw.slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`)) || new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day) {
    throw new ScimError(400, `${path} must be a date (YYYY-MM-DD)`, 'invalidValue');
  }
  return day;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The work address, else the primary one, else the first (RFC 7643 §4.1.2). */
function workEmail(emails: unknown): string | null {
  if (emails === undefined || emails === null) return null;
  if (!Array.isArray(emails)) throw new ScimError(400, 'emails must be a list', 'invalidValue');
  const entries = emails.filter(isObject);
  const chosen =
    entries.find((e) => String(attribute(e, 'type') ?? '').toLowerCase() === 'work' && text(attribute(e, 'value'), 'emails.value')) ??
    entries.find((e) => attribute(e, 'primary') === true || attribute(e, 'primary') === 'True' || attribute(e, 'primary') === 'true') ??
    entries.find((e) => text(attribute(e, 'value'), 'emails.value'));
  return chosen ? text(attribute(chosen, 'value'), 'emails.value') : null;
}

function managerReference(manager: unknown): string | null {
  // Entra ID sends the manager in PATCH as [{"$ref": null, "value": "…"}] or as the bare id; the schema says {value}.
  if (Array.isArray(manager)) return manager.length === 0 ? null : managerReference(manager[0]);
  if (isObject(manager)) return text(attribute(manager, 'value'), 'manager.value');
  return text(manager, 'manager');
}

/**
 * Reads a SCIM User (a POST or PUT body, or a resource after PATCH). `creating`: a new user with
 * no e-mail takes an e-mail-shaped userName as their address (Entra's UPN usually is one); a
 * change that leaves a person without an e-mail is refused.
 */
export function readScimUser(body: TJson, creating: boolean): TPersonFields {
  const userName = text(attribute(body, 'userName'), 'userName', 300);
  if (!userName) throw new ScimError(400, 'userName is required', 'invalidValue');
  const name = attribute(body, 'name');
  const nameObject = isObject(name) ? name : undefined;
  const enterprise = attribute(body, SCIM_SCHEMA.enterpriseUser);
  const enterpriseObject = isObject(enterprise) ? enterprise : undefined;
  const own = attribute(body, SCIM_SCHEMA.directoryUser);
  const ownObject = isObject(own) ? own : undefined;

  let email = workEmail(attribute(body, 'emails'));
  if (!email && creating && EMAIL.test(userName)) email = userName;
  if (!email) throw new ScimError(400, 'A directory person needs an e-mail address (emails[type eq "work"].value)', 'invalidValue');
  if (!EMAIL.test(email)) throw new ScimError(400, `${email} is not an e-mail address`, 'invalidValue');

  const givenName = text(attribute(nameObject, 'givenName'), 'name.givenName');
  const familyName = text(attribute(nameObject, 'familyName'), 'name.familyName');
  const displayName =
    text(attribute(body, 'displayName'), 'displayName') ??
    text(attribute(nameObject, 'formatted'), 'name.formatted') ??
    ([givenName, familyName].filter(Boolean).join(' ') || userName);
  const activeValue = attribute(body, 'active');
  const leaveReason = text(attribute(ownObject, 'leaveReason'), 'leaveReason');
  if (leaveReason !== null && (leaveReason === 'unknown' || !(LEAVER_REASONS as readonly string[]).includes(leaveReason))) {
    throw new ScimError(400, 'leaveReason must be left, moved or retired', 'invalidValue');
  }
  const hireDate = isoDate(attribute(ownObject, 'hireDate'), 'hireDate');
  const leaveDate = isoDate(attribute(ownObject, 'leaveDate'), 'leaveDate');
  if (hireDate && leaveDate && leaveDate < hireDate) throw new ScimError(400, 'leaveDate is before hireDate', 'invalidValue');
  return {
    externalId: text(attribute(body, 'externalId'), 'externalId', 300),
    userName,
    email: email.toLowerCase(),
    givenName,
    familyName,
    displayName,
    employeeNumber: text(attribute(enterpriseObject, 'employeeNumber'), 'employeeNumber', 300),
    unitPath: text(attribute(enterpriseObject, 'department'), 'department', 1000),
    managerReference: managerReference(attribute(enterpriseObject, 'manager')),
    jobTitle: text(attribute(body, 'title'), 'title'),
    hireDate,
    leaveDate,
    leaveReason,
    language: text(attribute(body, 'preferredLanguage'), 'preferredLanguage', 40),
    timeZone: text(attribute(body, 'timezone'), 'timezone', 80),
    gender: text(attribute(ownObject, 'gender'), 'gender', 40),
    generation: text(attribute(ownObject, 'generation'), 'generation', 40),
    location: text(attribute(ownObject, 'location'), 'location'),
    active: activeValue === undefined || activeValue === null ? true : scimBoolean(activeValue, 'active'),
  };
}

export const etagOf = (version: number) => `W/"${version}"`;

/** A directory person as a SCIM User; `manager` is the manager's SCIM id when they are in the directory. */
export function toScimUser(person: TDirectoryPersonRow, managerId: string | null, baseUrl: string): TJson {
  const enterprise: TJson = {};
  if (person.employeeNumber) enterprise['employeeNumber'] = person.employeeNumber;
  if (person.unitPath) enterprise['department'] = person.unitPath;
  if (person.managerExternalId) enterprise['manager'] = { value: managerId ?? person.managerExternalId };
  const own: TJson = {};
  for (const [key, value] of Object.entries({ hireDate: person.hireDate, leaveDate: person.leaveDate, leaveReason: person.leaveReason, gender: person.gender, generation: person.generation, location: person.location })) {
    if (value) own[key] = value;
  }
  const name: TJson = { formatted: person.displayName };
  if (person.givenName) name['givenName'] = person.givenName;
  if (person.familyName) name['familyName'] = person.familyName;
  return {
    schemas: [SCIM_SCHEMA.user, SCIM_SCHEMA.enterpriseUser, SCIM_SCHEMA.directoryUser],
    id: person.resourceId,
    externalId: person.externalId,
    userName: person.userName,
    name,
    displayName: person.displayName,
    ...(person.jobTitle ? { title: person.jobTitle } : {}),
    ...(person.language ? { preferredLanguage: person.language } : {}),
    ...(person.timeZone ? { timezone: person.timeZone } : {}),
    active: person.active,
    emails: [{ value: person.email, type: 'work', primary: true }],
    [SCIM_SCHEMA.enterpriseUser]: enterprise,
    [SCIM_SCHEMA.directoryUser]: own,
    meta: {
      resourceType: 'User',
      created: person.createdAt.toISOString(),
      lastModified: person.updatedAt.toISOString(),
      version: etagOf(person.version),
      location: `${baseUrl}/Users/${person.resourceId}`,
    },
  };
}

const column = (c: unknown) => sql`${c}`;
const text_ = (c: unknown, caseExact: boolean): TFilterAttribute => ({ kind: 'text', column: column(c), caseExact });

/** The manager's SCIM id, or the reference as stored when the manager is not (yet) in the directory. */
// Qualified by hand: drizzle writes a lone table's columns unqualified, which inside the subquery would name m's own.
export const managerIdSql = sql<string | null>`coalesce((select m.resource_id::text from directory_people m where m.organization_id = "directory_people"."organization_id" and m.external_id = "directory_people"."manager_external_id" and m.deleted_at is null limit 1), "directory_people"."manager_external_id")`;

/** Every User attribute a filter may name, with its caseExact rule from RFC 7643 §4.1. */
export const USER_FILTER_ATTRIBUTES: ReadonlyMap<string, TFilterAttribute> = new Map<string, TFilterAttribute>([
  ['id', { kind: 'text', column: sql`${people.resourceId}::text`, caseExact: true }],
  ['externalid', text_(people.externalId, true)],
  ['username', text_(people.userName, false)],
  ['displayname', text_(people.displayName, false)],
  ['name.formatted', text_(people.displayName, false)],
  ['name.givenname', text_(people.givenName, false)],
  ['name.familyname', text_(people.familyName, false)],
  ['title', text_(people.jobTitle, false)],
  ['preferredlanguage', text_(people.language, false)],
  ['timezone', text_(people.timeZone, false)],
  ['active', { kind: 'boolean', column: column(people.active) }],
  ['emails', text_(people.email, false)],
  ['emails.value', text_(people.email, false)],
  ['emails.type', { kind: 'constant', value: 'work' }],
  ['emails.primary', { kind: 'constant', value: true }],
  ['meta.created', { kind: 'timestamp', column: column(people.createdAt) }],
  ['meta.lastmodified', { kind: 'timestamp', column: column(people.updatedAt) }],
  [enterprisePath('employeenumber'), text_(people.employeeNumber, false)],
  [enterprisePath('department'), text_(people.unitPath, false)],
  [enterprisePath('manager'), { kind: 'text', column: managerIdSql, caseExact: true }],
  [enterprisePath('manager.value'), { kind: 'text', column: managerIdSql, caseExact: true }],
  [directoryPath('hiredate'), { kind: 'date', column: column(people.hireDate) }],
  [directoryPath('leavedate'), { kind: 'date', column: column(people.leaveDate) }],
  [directoryPath('leavereason'), text_(people.leaveReason, false)],
  [directoryPath('gender'), text_(people.gender, false)],
  [directoryPath('generation'), text_(people.generation, false)],
  [directoryPath('location'), text_(people.location, false)],
]);
