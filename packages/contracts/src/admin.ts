import { z } from 'zod';
import { ZDbId, ZDbIdParam } from './ids.ts';
import { ZAccessLevel, ZModule, MODULES } from './access.ts';
import { ZContentLanguage } from './survey.ts';

const ZUnitRef = z.object({ id: z.number().int(), name: z.string() });

// ------------------------------------------------------------------------------------------
// Access rights (engagement admin): GET …/access-rights/?q=, …/access-rights/details/?users=
// and POST …/access-rights/bulk-update/.
// ------------------------------------------------------------------------------------------

export const ZModuleAccessMap = z.object(Object.fromEntries(MODULES.map((m) => [m, ZAccessLevel])) as Record<(typeof MODULES)[number], typeof ZAccessLevel>);
export type TModuleAccessMap = z.infer<typeof ZModuleAccessMap>;

export const ZAccessRightsRow = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** From the user's employee record in this engagement, if they have one. */
  unit: ZUnitRef.nullable(),
  employee_id: z.number().int().nullable(),
  access_rights: ZModuleAccessMap,
});
export type TAccessRightsRow = z.infer<typeof ZAccessRightsRow>;

export const ZAccessRightsQuery = z.object({ q: z.string().trim().max(200).optional() });

/** `users=3,5,8`: the selection the edit modal is opened for. */
export const ZAccessRightsDetailsQuery = z.object({
  users: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,999}$/)
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .pipe(z.array(ZDbId)),
});

export const ZMixedAccessLevel = z.union([ZAccessLevel, z.literal('mixed')]);
export const ZAccessRightsDetails = z.object({
  users: z.array(ZAccessRightsRow),
  /** Per module the level shared by all the selected users, or `mixed` where they differ. */
  access_rights: z.object(Object.fromEntries(MODULES.map((m) => [m, ZMixedAccessLevel])) as Record<(typeof MODULES)[number], typeof ZMixedAccessLevel>),
});
export type TAccessRightsDetails = z.infer<typeof ZAccessRightsDetails>;

export const ZAccessRightsBulkUpdate = z.object({
  users: z.array(ZDbId).min(1).max(5000),
  /** Only the modules given change; `mixed` is not a level that can be stored. */
  access_rights: z.partialRecord(ZModule, ZAccessLevel).refine((r) => Object.keys(r).length > 0, 'at least one module'),
});
export type TAccessRightsBulkUpdate = z.infer<typeof ZAccessRightsBulkUpdate>;

// ------------------------------------------------------------------------------------------
// E-mail templates: …/email-templates/, …/email-templates/{kind}/{language}/ (GET, PUT,
// DELETE resets to the default) and …/preview/.
// ------------------------------------------------------------------------------------------

export const EMAIL_TEMPLATE_KINDS = ['invitation', 'reminder', 'leader_report_code', 'report_ready'] as const;
export const ZEmailTemplateKind = z.enum(EMAIL_TEMPLATE_KINDS);
export type TEmailTemplateKind = z.infer<typeof ZEmailTemplateKind>;

export const EMAIL_PLACEHOLDERS = ['name', 'engagement', 'link', 'code', 'deadline'] as const;
export type TEmailPlaceholder = (typeof EMAIL_PLACEHOLDERS)[number];

export const ZEmailTemplate = z.object({
  kind: ZEmailTemplateKind,
  language: ZContentLanguage,
  subject: z.string(),
  body: z.string(),
  /** True while the engagement uses the product's default text. */
  is_default: z.boolean(),
  /** Placeholders this kind of e-mail fills in. */
  placeholders: z.array(z.enum(EMAIL_PLACEHOLDERS)),
  updated_at: z.string().nullable(),
});
export type TEmailTemplate = z.infer<typeof ZEmailTemplate>;

export const ZEmailTemplateParams = z.object({
  id: ZDbIdParam,
  kind: ZEmailTemplateKind,
  language: ZContentLanguage,
});

export const ZUpdateEmailTemplate = z.object({
  subject: z.string().trim().min(1).max(300),
  body: z.string().trim().min(1).max(20_000),
});
export type TUpdateEmailTemplate = z.infer<typeof ZUpdateEmailTemplate>;

/** Preview the stored template, or the unsaved text of the editor when given. */
export const ZPreviewEmailTemplate = z.object({ subject: z.string().max(300).optional(), body: z.string().max(20_000).optional() });
export const ZRenderedEmail = z.object({ subject: z.string(), body: z.string() });
export type TRenderedEmail = z.infer<typeof ZRenderedEmail>;

// ------------------------------------------------------------------------------------------
// Employees, units and filters (custom attributes).
// ------------------------------------------------------------------------------------------

export const ZAdminEmployee = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  unit: ZUnitRef.nullable(),
  leader: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  gender: z.string().nullable(),
  generation: z.string().nullable(),
  entry_date: z.string().nullable(),
  job_title: z.string().nullable(),
  attributes: z.record(z.string(), z.string()),
  invited_at: z.string().nullable(),
  terms_accepted: z.boolean(),
  finished: z.boolean(),
});
export type TAdminEmployee = z.infer<typeof ZAdminEmployee>;

export const ZAdminUnit = z.object({
  id: z.number().int(),
  name: z.string(),
  parent_id: z.number().int().nullable(),
  employee_count: z.number().int(),
});
export type TAdminUnit = z.infer<typeof ZAdminUnit>;

export const ZCustomAttribute = z.object({
  key: z.string(),
  /** Distinct values, sorted; the graph and retention filters offer them. */
  values: z.array(z.string()),
  employee_count: z.number().int(),
});
export type TCustomAttribute = z.infer<typeof ZCustomAttribute>;

export const ZEmployeesImportResult = z.object({
  created_count: z.number().int(),
  updated_count: z.number().int(),
  removed_count: z.number().int(),
  unit_count: z.number().int(),
});
export type TEmployeesImportResult = z.infer<typeof ZEmployeesImportResult>;

export const ZFiltersImportResult = z.object({ updated_count: z.number().int(), attributes: z.array(z.string()) });
export type TFiltersImportResult = z.infer<typeof ZFiltersImportResult>;

export const ZNiceExcelImportResult = z.object({
  employee_count: z.number().int(),
  unit_count: z.number().int(),
  question_count: z.number().int(),
  answer_count: z.number().int(),
  nomination_count: z.number().int(),
});
export type TNiceExcelImportResult = z.infer<typeof ZNiceExcelImportResult>;
