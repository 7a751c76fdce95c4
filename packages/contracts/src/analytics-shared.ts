import { z } from 'zod';
import { ZDbIdParam } from './ids.ts';

/**
 * Vocabulary shared by the analytics calls (retention, reports, key people, statistics). The lists
 * repeat the engine's constants because contracts depend on zod only; the server checks at compile
 * time that both stay equal.
 */
export const RISK_FACTOR_CODES = [
  'lackOfManagersAttention',
  'lackOfRespect',
  'noChemistryWithLeader',
  'lackOfManagersSupport',
  'lackOfManagersFeedback',
  'lackOfManagersRecognition',
  'lackOfSupport',
  'lackOfFeedback',
  'lackOfRecognition',
  'overloadedInCooperation',
  'overwhelmedWithPersonalSupport',
  'overwhelmedWithConsultancy',
  'unnoticed',
  'alienatedFromGroup',
  'lackOfDevelopment',
  'isolated',
] as const;
export const ZRiskFactorCode = z.enum(RISK_FACTOR_CODES);
export type TRiskFactorCode = z.infer<typeof ZRiskFactorCode>;

export const KEY_ROLE_CODES = ['advisor', 'broker', 'expert', 'ideamaker', 'kol', 'mentor', 'spreader', 'talent'] as const;
export const ZKeyRole = z.enum(KEY_ROLE_CODES);
export type TKeyRole = z.infer<typeof ZKeyRole>;

/** Gould–Fernandez brokerage roles (the spec spells the last one "liason"; we keep the engine's spelling). */
export const GROUP_ROLE_CODES = ['coordinator', 'itinerant', 'representative', 'gatekeeper', 'liaison'] as const;
export const ZGroupRole = z.enum(GROUP_ROLE_CODES);
export type TGroupRole = z.infer<typeof ZGroupRole>;

export const EMPLOYEE_GENERATIONS = ['x', 'y', 'z', 'bb'] as const;
export const ZGenerationCode = z.enum(EMPLOYEE_GENERATIONS);
export type TGenerationCode = z.infer<typeof ZGenerationCode>;

export const HIERARCHY_LEVEL_CODES = ['strategic', 'integrative', 'operative', 'implementors'] as const;
export const ZHierarchyLevelCode = z.enum(HIERARCHY_LEVEL_CODES);
export type THierarchyLevelCode = z.infer<typeof ZHierarchyLevelCode>;

export const ZRiskLevel = z.number().int().min(0).max(4);

export const ZReportEmployee = z.object({ id: z.number().int(), name: z.string() });
export type TReportEmployee = z.infer<typeof ZReportEmployee>;

export const ZReportUnit = z.object({ id: z.number().int(), name: z.string() });
export type TReportUnit = z.infer<typeof ZReportUnit>;

/**
 * `withheld` is true when a figure describes a group of fewer respondents than the privacy
 * minimum (5 by default): the figure is then null rather than a number someone could trace back.
 */
export const ZWithheldFlag = z.boolean();

/**
 * Why a figure is withheld (docs/privacy/difference-protection.md): the group is below the
 * minimum; it differs from a larger group the same view shows by fewer respondents than the
 * minimum (the difference of the two figures would describe them); it is withheld so that
 * another withheld figure cannot be worked out from the shown ones; or, for a hand-picked list of
 * people, it differs by fewer than the minimum from a group the same reader was shown before on
 * the journey (the per-reader query log). The engine's codes.
 */
export const WITHHELD_REASON_CODES = ['group_below_minimum', 'difference_below_minimum', 'protects_withheld_group', 'differs_from_earlier_request'] as const;
export const ZWithheldReasonCode = z.enum(WITHHELD_REASON_CODES);
export type TWithheldReasonCode = z.infer<typeof ZWithheldReasonCode>;

/** The marker beside a withheld figure: the reason and the minimum it was measured against; null when shown. */
export const ZWithheldReason = z.object({ code: ZWithheldReasonCode, minimum: z.number().int().positive() }).nullable();
export type TWithheldReason = z.infer<typeof ZWithheldReason>;

/** Path parameters of a call about one engagement and one employee-keyed report. */
export const ZEngagementReportParams = z.object({
  id: ZDbIdParam,
  reportId: ZDbIdParam,
});
