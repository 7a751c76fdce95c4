import { z } from 'zod';
import { ZDbId } from './ids.ts';

export const ZOrganization = z.object({ id: z.number().int(), name: z.string() });
export type TOrganization = z.infer<typeof ZOrganization>;

/** The organisation the user works in, with the language its new journeys start in. */
export const ZCurrentOrganizationRef = ZOrganization.extend({ default_language: z.enum(['hu', 'en', 'de', 'ru']) });

export const ZUserProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  can_change_organization: z.boolean(),
  available_organizations: z.array(ZOrganization),
  organization: ZCurrentOrganizationRef,
  permissions: z.array(z.string()),
});
export type TUserProfile = z.infer<typeof ZUserProfile>;

export const ZLoginRequest = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1024),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZLoginResponse = z.object({ token: z.string(), user: ZUserProfile });
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

export const ZPasswordResetRequest = z.object({ email: z.string().trim().min(1).max(254) });
export type TPasswordResetRequest = z.infer<typeof ZPasswordResetRequest>;

export const PASSWORD_MIN_LENGTH = 8;
export const ZPasswordResetConfirm = z.object({
  uid: z.string().min(1).max(64),
  token: z.string().min(1).max(256),
  new_password1: z.string().max(1024),
  new_password2: z.string().max(1024),
});
export type TPasswordResetConfirm = z.infer<typeof ZPasswordResetConfirm>;

export const ZSetOrganization = z.object({ organization: ZDbId });
export type TSetOrganization = z.infer<typeof ZSetOrganization>;

export const ZDetailResponse = z.object({ detail: z.string() });
export type TDetailResponse = z.infer<typeof ZDetailResponse>;
