import { z } from 'zod';
import { ZLoginResponse } from './auth.ts';

/** `GET /api/setup/`: whether the installation still waits for its first administrator. */
export const ZSetupStatus = z.object({ needed: z.boolean() });
export type TSetupStatus = z.infer<typeof ZSetupStatus>;

/**
 * `POST /api/setup/`: the first organisation and its first administrator, with the one-time token
 * of the set-up link that the server printed at start. Password rules as for a reset (≥ 8
 * characters, both equal) are checked by the server and answered as field errors.
 */
export const ZSetupRequest = z.object({
  token: z.string().min(1).max(256),
  organization_name: z.string().trim().min(1).max(200),
  name: z.string().trim().min(1).max(200),
  email: z.email().max(254),
  password1: z.string().max(1024),
  password2: z.string().max(1024),
});
export type TSetupRequest = z.infer<typeof ZSetupRequest>;

/** 201 of `POST /api/setup/`: signed in as after `POST /api/auth/login/`. */
export const ZSetupResponse = ZLoginResponse;
export type TSetupResponse = z.infer<typeof ZSetupResponse>;
