import { z } from 'zod';
import { ZDbIdParam } from './ids.ts';
import { ZPermission } from './access.ts';
import { ZContentLanguage } from './survey.ts';

const ZName = z.string().trim().min(1).max(200);
const ZPermissionList = z.array(ZPermission).max(3).refine((list) => new Set(list).size === list.length, { message: 'duplicate_permission' });

/* ---- Platform administrators (can_change_organization): every organisation ---- */

/** `GET /organizations/`: one organisation as the platform administrator sees it. */
export const ZOrganizationListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  default_language: ZContentLanguage,
  archived: z.boolean(),
  /** Active memberships (deactivated members are not counted). */
  member_count: z.number().int(),
  created_at: z.string(),
});
export type TOrganizationListItem = z.infer<typeof ZOrganizationListItem>;

/** `POST /organizations/`: the creator becomes a member with every permission. */
export const ZOrganizationCreate = z.object({ name: ZName, default_language: ZContentLanguage.default('hu') });
export type TOrganizationCreate = z.input<typeof ZOrganizationCreate>;

/** `PATCH /organizations/{id}/`: rename, archive (`true`) or bring back (`false`). */
export const ZOrganizationPatch = z.object({ name: ZName.optional(), archived: z.boolean().optional() });
export type TOrganizationPatch = z.infer<typeof ZOrganizationPatch>;

/* ---- Organisation administrators (organization_admin): the current organisation ---- */

/** `GET /organization/`: the caller's current organisation. */
export const ZCurrentOrganization = z.object({
  id: z.number().int(),
  name: z.string(),
  default_language: ZContentLanguage,
  /** A versioned public path (`/api/organization-logos/{id}/{version}.{ext}`) or null. */
  logo_url: z.string().nullable(),
  /** The IANA time zone journeys are scheduled in (e.g. Europe/Budapest). */
  time_zone: z.string(),
  /** Scheduled reminders arrive from this local time (HH:mm, inclusive) in each person's time zone… */
  sending_hours_start: z.string(),
  /** …until this one (exclusive). */
  sending_hours_end: z.string(),
  /** Whether scheduled reminders and the daily digest may arrive on Saturdays and Sundays. */
  send_on_weekends: z.boolean(),
  /** At most this many scheduled reminders reach one person in one journey. */
  reminder_max_per_person: z.number().int(),
});
export type TCurrentOrganization = z.infer<typeof ZCurrentOrganization>;

/** `PATCH /organization/`: the default language is where new journeys start. */
export const ZCurrentOrganizationPatch = z.object({
  name: ZName.optional(),
  default_language: ZContentLanguage.optional(),
  /** An IANA time zone name; an unknown one answers 400 `invalid_time_zone` (errors.time_zone). */
  time_zone: z.string().min(1).max(64).optional(),
  /** Local `HH:mm`; the start before the end, else 400 `invalid_sending_hours` (errors.sending_hours_end). */
  sending_hours_start: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:mm').optional(),
  sending_hours_end: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'HH:mm').optional(),
  send_on_weekends: z.boolean().optional(),
  reminder_max_per_person: z.number().int().min(0).max(20).optional(),
});
export type TCurrentOrganizationPatch = z.infer<typeof ZCurrentOrganizationPatch>;

/** The logo upload: multipart field name and size limit (checked by content, not by name). */
export const LOGO_UPLOAD_FIELD = 'logo';
export const LOGO_MAX_BYTES = 512 * 1024;

export const ZOrganizationUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  permissions: z.array(ZPermission),
  /** False once the membership is deactivated: the user no longer reaches this organisation. */
  active: z.boolean(),
  /** The account has no password yet (its invitation link has not been used). */
  invitation_pending: z.boolean(),
});
export type TOrganizationUser = z.infer<typeof ZOrganizationUser>;

export const ZOrganizationUsersQuery = z.object({ q: z.string().trim().max(200).optional() });

/** `POST /organization/users/`: a new account gets a password link, an existing one joins. */
export const ZOrganizationUserInvite = z.object({
  name: ZName,
  email: z.email().trim().max(254),
  permissions: ZPermissionList.default([]),
});
export type TOrganizationUserInvite = z.input<typeof ZOrganizationUserInvite>;

/** `POST /organization/users/`: what happened to the address. */
export const ZOrganizationUserInvited = ZOrganizationUser.extend({
  /** `invited`: a new account with a password link; `added`: an existing account joined. */
  outcome: z.enum(['invited', 'added']),
});
export type TOrganizationUserInvited = z.infer<typeof ZOrganizationUserInvited>;

/** `PATCH /organization/users/{id}/`. */
export const ZOrganizationUserPatch = z.object({ permissions: ZPermissionList.optional(), active: z.boolean().optional() });
export type TOrganizationUserPatch = z.infer<typeof ZOrganizationUserPatch>;

export const ZOrganizationLogoParams = z.object({
  organizationId: ZDbIdParam,
  file: z.string().regex(/^[a-z0-9]{1,40}\.(png|jpg|svg)$/),
});
