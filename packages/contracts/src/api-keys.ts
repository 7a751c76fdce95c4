import { z } from 'zod';

/** What every personal API key starts with: the auth plugin tells keys from login tokens by it. */
export const API_KEY_PREFIX = 'ona_';

/** `GET /organization/api-keys/`: one live key of the current organisation (never the key itself). */
export const ZApiKey = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The first characters of the key (`ona_` and four more), to tell keys apart. */
  prefix: z.string(),
  created_at: z.string(),
  /** Null until the key is first used; kept to the minute. */
  last_used_at: z.string().nullable(),
  created_by: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  /**
   * False while the creator cannot reach the organisation (account or membership deactivated):
   * the key is refused (401) until then.
   */
  creator_active: z.boolean(),
});
export type TApiKey = z.infer<typeof ZApiKey>;

/** `POST /organization/api-keys/`. */
export const ZApiKeyCreate = z.object({ name: z.string().trim().min(1).max(100) });
export type TApiKeyCreate = z.infer<typeof ZApiKeyCreate>;

/** `POST /organization/api-keys/` answer: the key in full, shown this once and never again. */
export const ZApiKeyCreated = ZApiKey.extend({ key: z.string() });
export type TApiKeyCreated = z.infer<typeof ZApiKeyCreated>;
