import { z } from 'zod';
import { ZDbIdParam } from './ids.ts';

/**
 * HR-file sync (issue 30 item 3, docs/directory-and-scim.md "HR-file sync"): an HR system's export
 * (CSV or XLSX) read through a column mapping kept per organisation, compared with the directory
 * (the diff), and applied on confirmation or, when pushed with auto-apply, by itself unless the
 * guard holds it.
 */

/** The directory fields a column of the HR file can fill. */
export const HR_SYNC_FIELDS = [
  'external_id',
  'email',
  'display_name',
  'unit_path',
  'manager_external_id',
  'hire_date',
  'leave_date',
  'leave_reason',
  'language',
  'time_zone',
  'gender',
  'generation',
  'location',
] as const;
export type THrSyncField = (typeof HR_SYNC_FIELDS)[number];
export const HR_SYNC_REQUIRED_FIELDS = ['external_id', 'email', 'display_name'] as const satisfies readonly THrSyncField[];

const ZColumnName = z.string().trim().min(1).max(200);

/** Column header per directory field (null: the file has no such column), and further filter attributes. */
export const ZHrColumnMapping = z
  .object({
    columns: z.object({
      external_id: ZColumnName,
      email: ZColumnName,
      display_name: ZColumnName,
      unit_path: ZColumnName.nullable(),
      manager_external_id: ZColumnName.nullable(),
      hire_date: ZColumnName.nullable(),
      leave_date: ZColumnName.nullable(),
      leave_reason: ZColumnName.nullable(),
      language: ZColumnName.nullable(),
      time_zone: ZColumnName.nullable(),
      gender: ZColumnName.nullable(),
      generation: ZColumnName.nullable(),
      location: ZColumnName.nullable(),
    }),
    /** Further filter attributes: the file's column and the attribute key it fills. */
    attributes: z.array(z.object({ column: ZColumnName, key: z.string().trim().min(1).max(60).regex(/^[a-z][a-z0-9_]*$/) })).max(30),
    /** What separates the units of a path in the file (e.g. `/`, `>`, `|`); stored joined with ` / `. */
    unit_separator: z.string().min(1).max(5),
  })
  .superRefine((mapping, ctx) => {
    const used = [...Object.values(mapping.columns), ...mapping.attributes.map((a) => a.column)].filter((c): c is string => c !== null).map((c) => c.toLowerCase());
    const twice = used.find((c, i) => used.indexOf(c) !== i);
    if (twice) ctx.addIssue({ code: 'custom', path: ['columns'], message: `column_mapped_twice:${twice}` });
    const keys = mapping.attributes.map((a) => a.key);
    if (new Set(keys).size !== keys.length) ctx.addIssue({ code: 'custom', path: ['attributes'], message: 'attribute_key_twice' });
  });
export type THrColumnMapping = z.infer<typeof ZHrColumnMapping>;

/** `GET`/`PUT /organization/directory/hr-sync/settings/`. `mapping` is null until it is set. */
export const ZHrSyncSettings = z.object({
  mapping: ZHrColumnMapping.nullable(),
  /** A sync that would make more than this share of the active people leavers stops for an administrator. */
  deactivation_guard_percent: z.number().int().min(1).max(100),
});
export type THrSyncSettings = z.infer<typeof ZHrSyncSettings>;

export const ZHrSyncSettingsUpdate = z.object({ mapping: ZHrColumnMapping, deactivation_guard_percent: z.number().int().min(1).max(100).default(40) });
export type THrSyncSettingsUpdate = z.infer<typeof ZHrSyncSettingsUpdate>;

export const HR_SYNC_STATUSES = ['pending', 'held', 'applied', 'discarded'] as const;
export type THrSyncStatus = (typeof HR_SYNC_STATUSES)[number];
export const HR_SYNC_HOLD_REASONS = ['too_many_leavers', 'unit_with_open_journey_emptied'] as const;

const ZPersonRef = z.object({ external_id: z.string(), display_name: z.string() });

export const ZHrSyncJoiner = ZPersonRef.extend({ email: z.string(), unit_path: z.string().nullable(), manager_external_id: z.string().nullable() });
export const ZHrSyncMover = ZPersonRef.extend({
  unit_from: z.string().nullable(),
  unit_to: z.string().nullable(),
  manager_from: z.string().nullable(),
  manager_to: z.string().nullable(),
});
export const ZHrSyncLeaver = ZPersonRef.extend({
  unit_path: z.string().nullable(),
  leave_date: z.string(),
  leave_reason: z.string().nullable(),
  /** True when the person is simply missing from the file (not a row with a leave date). */
  missing_from_file: z.boolean(),
});
export const ZHrSyncChange = ZPersonRef.extend({ changes: z.array(z.object({ field: z.string(), from: z.string().nullable(), to: z.string().nullable() })) });
export const ZHrSyncRefusedRow = z.object({ row: z.number().int(), external_id: z.string().nullable(), reason: z.string(), message: z.string() });
export const ZHrSyncHold = z.object({ reason: z.enum(HR_SYNC_HOLD_REASONS), message: z.string() });

/** What a sync would change, in full (lists) and in counts. */
export const ZHrSyncDiff = z.object({
  counts: z.object({
    rows: z.number().int(),
    joiners: z.number().int(),
    movers: z.number().int(),
    leavers: z.number().int(),
    changed: z.number().int(),
    unchanged: z.number().int(),
    refused: z.number().int(),
    active_before: z.number().int(),
    active_after: z.number().int(),
  }),
  joiners: z.array(ZHrSyncJoiner),
  movers: z.array(ZHrSyncMover),
  leavers: z.array(ZHrSyncLeaver),
  changed: z.array(ZHrSyncChange),
  refused: z.array(ZHrSyncRefusedRow),
});
export type THrSyncDiff = z.infer<typeof ZHrSyncDiff>;

/** One sync with its diff (the lists cut to `list_limit` entries each; the counts are whole). */
export const ZHrSync = z.object({
  id: z.number().int(),
  status: z.enum(HR_SYNC_STATUSES),
  source: z.enum(['upload', 'api']),
  file_name: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  holds: z.array(ZHrSyncHold),
  diff: ZHrSyncDiff,
});
export type THrSync = z.infer<typeof ZHrSync>;

export const ZHrSyncSummary = ZHrSync.omit({ diff: true }).extend({ counts: ZHrSyncDiff.shape.counts });
export type THrSyncSummary = z.infer<typeof ZHrSyncSummary>;

/** `POST /organization/directory/hr-syncs/` query. */
export const ZHrSyncUploadQuery = z.object({
  /** `true`: apply at once unless the guard holds it (a scheduled push); otherwise it waits for confirmation. */
  auto_apply: z.enum(['true', 'false']).default('false'),
  /** The organisation the file is meant for; a key or session of another organisation is refused (403 `wrong_organization`). */
  organization_id: ZDbIdParam.optional(),
});

/** `POST /organization/directory/hr-syncs/:id/apply/`: `override_hold` must be true to apply a held sync. */
export const ZHrSyncApply = z.object({ override_hold: z.boolean().default(false) });
