import { z } from 'zod';

/** What every SCIM bearer token starts with (docs/directory-and-scim.md). */
export const SCIM_TOKEN_PREFIX = 'scim_';

export const SCIM_SCHEMA = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  enterpriseUser: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  /** The product's own extension: dates of joining and leaving, and the filter attributes. */
  directoryUser: 'urn:ietf:params:scim:schemas:extension:ona:2.0:User',
  listResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
} as const;

/** `GET /organization/scim-tokens/`: one live SCIM token of the current organisation (never the token itself). */
export const ZScimToken = z.object({
  id: z.number().int(),
  name: z.string(),
  /** `scim_` and four more characters, to tell tokens apart. */
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type TScimToken = z.infer<typeof ZScimToken>;

/** `POST /organization/scim-tokens/`. */
export const ZScimTokenCreate = z.object({ name: z.string().trim().min(1).max(100) });
export type TScimTokenCreate = z.infer<typeof ZScimTokenCreate>;

/** The answer to `POST /organization/scim-tokens/`: the token in full, shown this once. */
export const ZScimTokenCreated = ZScimToken.extend({ token: z.string(), scim_base_url: z.string() });
export type TScimTokenCreated = z.infer<typeof ZScimTokenCreated>;

/** One person of the organisation's directory, as the administrator's Directory page lists them. */
export const ZDirectoryPerson = z.object({
  id: z.number().int(),
  external_id: z.string(),
  email: z.string(),
  display_name: z.string(),
  unit_path: z.string().nullable(),
  manager_external_id: z.string().nullable(),
  job_title: z.string().nullable(),
  hire_date: z.string().nullable(),
  leave_date: z.string().nullable(),
  leave_reason: z.string().nullable(),
  active: z.boolean(),
  /** When the person was erased (their fields then hold a pseudonym); null for everyone else. */
  erased_at: z.string().nullable(),
  updated_at: z.string(),
});
export type TDirectoryPerson = z.infer<typeof ZDirectoryPerson>;

export const DIRECTORY_STATES = ['all', 'active', 'leavers'] as const;

/** `GET /organization/directory/people/` query. */
export const ZDirectoryPeopleQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
  state: z.enum(DIRECTORY_STATES).default('all'),
  search: z.string().trim().max(200).optional(),
});
export type TDirectoryPeopleQuery = z.infer<typeof ZDirectoryPeopleQuery>;

export const ZDirectoryPeoplePage = z.object({
  data: z.array(ZDirectoryPerson),
  total: z.number().int(),
  active: z.number().int(),
  leavers: z.number().int(),
});
export type TDirectoryPeoplePage = z.infer<typeof ZDirectoryPeoplePage>;

/**
 * SCIM wire shapes (RFC 7643/7644). They are loose on purpose: identity providers send extra and
 * oddly typed attributes (booleans as "False"), which the SCIM module reads and judges itself, so
 * that every refusal is a SCIM error body rather than the product's validation error.
 */
export const ZScimResource = z.looseObject({ schemas: z.array(z.string()).optional(), id: z.string().optional() });
export type TScimResource = z.infer<typeof ZScimResource>;

export const ZScimPatchRequest = z.looseObject({
  schemas: z.array(z.string()).optional(),
  Operations: z.array(z.looseObject({ op: z.string(), path: z.string().optional(), value: z.unknown().optional() })),
});
export type TScimPatchRequest = z.infer<typeof ZScimPatchRequest>;

export const ZScimListResponse = z.looseObject({
  schemas: z.array(z.string()),
  totalResults: z.number().int(),
  startIndex: z.number().int(),
  itemsPerPage: z.number().int(),
  Resources: z.array(z.record(z.string(), z.unknown())),
});

export const ZScimError = z.object({
  schemas: z.array(z.string()),
  status: z.string(),
  scimType: z.string().optional(),
  detail: z.string(),
});
export type TScimError = z.infer<typeof ZScimError>;

export const ZScimListQuery = z.looseObject({
  filter: z.string().optional(),
  startIndex: z.string().optional(),
  count: z.string().optional(),
});

/**
 * Where a journey's participants come from (docs/directory-journeys.md): `upload` (the employees
 * Excel upload or a nice-Excel import) or `directory` (the organisation's directory, all of it or
 * the chosen units and everything below them; followed while the journey is open).
 */
export const JOURNEY_PEOPLE_SOURCES = ['upload', 'directory'] as const;
export const ZJourneyPeopleSourceKind = z.enum(JOURNEY_PEOPLE_SOURCES);

/** A unit of the directory an administrator may choose for a journey, with its active people (below it included). */
export const ZDirectoryUnitChoice = z.object({ path: z.string(), people: z.number().int() });
export type TDirectoryUnitChoice = z.infer<typeof ZDirectoryUnitChoice>;

export const ZJourneyPeopleSource = z.object({
  source: ZJourneyPeopleSourceKind,
  /** The chosen unit paths of a directory journey; null: the whole directory (or an upload journey). */
  units: z.array(z.string()).nullable(),
  /** Whether the journey follows the directory now (a directory journey that is not closed, ended or archived). */
  follows_directory: z.boolean(),
  /** Active people in the whole directory. */
  directory_people: z.number().int(),
  /** The directory's units, each with its active people (below it included), in path order. */
  directory_units: z.array(ZDirectoryUnitChoice),
});
export type TJourneyPeopleSource = z.infer<typeof ZJourneyPeopleSource>;

/** Takes the journey's people from the directory: `units` null or empty means everyone. */
export const ZJourneyFromDirectory = z.object({
  units: z.array(z.string().trim().min(1).max(1000)).max(500).nullable().default(null),
});
export type TJourneyFromDirectory = z.infer<typeof ZJourneyFromDirectory>;

/** What taking (or following) the directory changed in one journey. */
export const ZJourneyDirectorySyncResult = z.object({
  created_count: z.number().int(),
  updated_count: z.number().int(),
  left_count: z.number().int(),
  removed_count: z.number().int(),
  unit_count: z.number().int(),
});
export type TJourneyDirectorySyncResult = z.infer<typeof ZJourneyDirectorySyncResult>;
