import { z } from 'zod';
import { ZReportEmployee, ZReportUnit, ZWithheldReason } from './analytics-shared.ts';
import { ZGraphPoint } from './graph.ts';

/**
 * Declared against working network (issue 33, item 5): the survey's `work` network (whom people
 * say they turn to) beside the collaboration network of the same journey (who actually mails,
 * meets and chats with whom), from the journey's latest analysis run.
 * `GET /engagements/{id}/declared-vs-working/`. docs/collaboration-network.md, "Declared against
 * working network", gives every rule.
 */

/** The centralities compared between the two networks. */
export const DECLARED_WORKING_CENTRALITIES = ['in_degree', 'betweenness', 'pagerank'] as const;
export const ZDeclaredWorkingCentrality = z.enum(DECLARED_WORKING_CENTRALITIES);
export type TDeclaredWorkingCentrality = z.infer<typeof ZDeclaredWorkingCentrality>;

/** Top share of a network counted as central, bottom share counted as peripheral (docs). */
export const CENTRAL_TOP_SHARE = 0.1;
export const PERIPHERAL_BOTTOM_SHARE = 0.25;

/** One person's degree in both networks (`survey_in_degree`: how many named them on a work question). */
export const ZDeclaredWorkingPerson = z.object({
  employee: ZReportEmployee,
  unit: ZReportUnit.nullable(),
  survey_in_degree: z.number().int(),
  collaboration_degree: z.number().int(),
});
export type TDeclaredWorkingPerson = z.infer<typeof ZDeclaredWorkingPerson>;

/**
 * Counts for a unit together with its sub-units (a department's row covers every team below it):
 * the pairs that touch it (at least one of the two is a member of the unit or of a unit below it);
 * null with `withheld` when the unit has fewer respondents than the minimum or would give a
 * withheld unit (or the direct members of a shown one) away by difference.
 */
export const ZDeclaredWorkingUnit = z.object({
  unit: ZReportUnit,
  /** The listed unit above this one (null for a top unit of the caller's list): the rows form the unit tree. */
  parent: z.number().int().nullable(),
  /** Members of the unit itself, not of its sub-units. */
  direct_members: z.number().int(),
  /** Members and respondents of the unit with its sub-units. */
  members: z.number().int(),
  respondents: z.number().int(),
  /** A survey nomination (either way) with no collaboration tie. */
  named_not_met: z.number().int().nullable(),
  /** A collaboration tie with no nomination either way. */
  met_not_named: z.number().int().nullable(),
  /** A nomination and a collaboration tie. */
  both: z.number().int().nullable(),
  /** Members central in the survey and peripheral in the collaboration network, and the reverse. */
  central_in_survey_only: z.number().int().nullable(),
  central_in_collaboration_only: z.number().int().nullable(),
  withheld: z.boolean(),
  withheld_reason: ZWithheldReason,
});
export type TDeclaredWorkingUnit = z.infer<typeof ZDeclaredWorkingUnit>;

/** Spearman's rank correlation of one centrality between the two networks; null when undefined (a constant column) or withheld. */
export const ZDeclaredWorkingCorrelation = z.object({
  centrality: ZDeclaredWorkingCentrality,
  rho: z.number().nullable(),
  people: z.number().int(),
});

export const ZDeclaredWorkingEdgeStatus = z.enum(['survey_only', 'collaboration_only', 'both']);
export type TDeclaredWorkingEdgeStatus = z.infer<typeof ZDeclaredWorkingEdgeStatus>;

/** The two networks drawn over each other, as far as the caller's graph view draws them (null without it). */
export const ZDeclaredWorkingGraph = z.object({
  nodes: z.array(z.object({ id: z.number().int(), name: z.string(), unit: z.number().int().nullable(), position: ZGraphPoint })),
  /** Unordered pairs, source < target by id. */
  edges: z.array(z.object({ source: z.number().int(), target: z.number().int(), status: ZDeclaredWorkingEdgeStatus })),
  units: z.array(ZReportUnit),
});
export type TDeclaredWorkingGraph = z.infer<typeof ZDeclaredWorkingGraph>;

export const ZDeclaredWorking = z.object({
  engagement_id: z.number().int(),
  run_id: z.number().int(),
  /** The collaboration window and coverage; null when the run has no collaboration data (the page's empty state). */
  collaboration: z
    .object({
      from_week: z.string(),
      to_week: z.string(),
      covered_employees: z.number().int(),
      employees: z.number().int(),
    })
    .nullable(),
  minimum: z.number().int(),
  /** Per person, only for callers with the individual reports right (the people it lets them see); null otherwise. */
  people: z.array(ZDeclaredWorkingPerson).nullable(),
  units: z.array(ZDeclaredWorkingUnit),
  /** Over the people of the caller's view; withheld when they hold fewer respondents than the minimum. */
  correlations: z.array(ZDeclaredWorkingCorrelation),
  correlations_withheld: z.boolean(),
  /** Named only for callers with the individual reports right; else null (the counts per unit say how many). */
  central_in_survey_only: z.array(ZDeclaredWorkingPerson).nullable(),
  central_in_collaboration_only: z.array(ZDeclaredWorkingPerson).nullable(),
  graph: ZDeclaredWorkingGraph.nullable(),
});
export type TDeclaredWorking = z.infer<typeof ZDeclaredWorking>;
