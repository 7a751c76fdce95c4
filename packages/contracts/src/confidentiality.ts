import { z } from 'zod';

/** The anonymity threshold's allowed range and default (docs/privacy/confidentiality.md). */
export const MIN_GROUP_SIZE_RANGE = { min: 3, max: 10, default: 5 } as const;
/** The free-text threshold: never below the anonymity threshold, default 10. */
export const FREE_TEXT_MIN_GROUP_SIZE_RANGE = { min: 3, max: 50, default: 10 } as const;

/** `GET /organization/confidentiality/`: the organisation's settings and whether they can change now. */
export const ZConfidentialitySettings = z.object({
  /** Aggregates of fewer respondents than this are withheld (3-10, default 5). */
  min_group_size: z.number().int(),
  /** Free-text answers are shown only when at least this many people answered the question (default 10). */
  free_text_min_group_size: z.number().int(),
  /** Leaders (below all_access) see their team's risk distribution and causes, never one person's risk level. */
  aggregate_risk_only_for_leaders: z.boolean(),
  /** The names of the journeys that are open now: while any is, the settings cannot change (409 `confidentiality_locked`). */
  locked_by: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type TConfidentialitySettings = z.infer<typeof ZConfidentialitySettings>;

/** `PATCH /organization/confidentiality/`: any of the three; 409 while a journey is open. */
export const ZConfidentialityPatch = z
  .object({
    min_group_size: z.number().int().min(MIN_GROUP_SIZE_RANGE.min).max(MIN_GROUP_SIZE_RANGE.max).optional(),
    free_text_min_group_size: z.number().int().min(FREE_TEXT_MIN_GROUP_SIZE_RANGE.min).max(FREE_TEXT_MIN_GROUP_SIZE_RANGE.max).optional(),
    aggregate_risk_only_for_leaders: z.boolean().optional(),
  })
  .strict();
export type TConfidentialityPatch = z.infer<typeof ZConfidentialityPatch>;

/* ---- Privacy notice ---- */

export const PRIVACY_NOTICE_MAX_LENGTH = 20_000;

/** One version of the organisation's privacy notice, with how many people accepted it. */
export const ZPrivacyNoticeVersion = z.object({
  version: z.number().int(),
  text: z.string(),
  created_at: z.string(),
  /** Survey participants who ticked the consent with this version shown. */
  acceptances: z.number().int(),
});
export type TPrivacyNoticeVersion = z.infer<typeof ZPrivacyNoticeVersion>;

/** `GET /organization/privacy-notice/`: every version, newest first (the first is the one in force). */
export const ZPrivacyNotice = z.object({ versions: z.array(ZPrivacyNoticeVersion) });
export type TPrivacyNotice = z.infer<typeof ZPrivacyNotice>;

/** `POST /organization/privacy-notice/`: a new version (each save is one). */
export const ZPrivacyNoticeCreate = z.object({ text: z.string().trim().min(1).max(PRIVACY_NOTICE_MAX_LENGTH) });
export type TPrivacyNoticeCreate = z.infer<typeof ZPrivacyNoticeCreate>;

/** The notice as the survey intro shows it beside the consent tick; null when the organisation has none. */
export const ZSurveyPrivacyNotice = z.object({ version: z.number().int(), text: z.string() }).nullable();
export type TSurveyPrivacyNotice = z.infer<typeof ZSurveyPrivacyNotice>;
