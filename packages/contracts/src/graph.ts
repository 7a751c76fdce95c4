import { z } from 'zod';
import { ZDbIdParam } from './ids.ts';
import { KEY_ROLE_CODES } from './analytics-shared.ts';
import { QUESTION_CATEGORIES } from './survey.ts';

/**
 * The nine graph categories of the spec (section 3): the categories questions belong to, one list
 * for the questionnaire and the graph (the engine keeps its own copy, being free of contracts, and
 * a test holds the two equal).
 */
export const GRAPH_CATEGORY_CODES = QUESTION_CATEGORIES;
export const ZGraphCategory = z.enum(GRAPH_CATEGORY_CODES);
export type TGraphCategory = z.infer<typeof ZGraphCategory>;

/**
 * What the graph view draws: one survey category, or the collaboration network (mail, calendar,
 * chat metadata: docs/collaboration-network.md), offered only when the run has one.
 */
export const COLLABORATION_GRAPH_TYPE = 'collaboration';
export const GRAPH_TYPES = [...GRAPH_CATEGORY_CODES, COLLABORATION_GRAPH_TYPE] as const;
export const ZGraphType = z.enum(GRAPH_TYPES);
export type TGraphType = z.infer<typeof ZGraphType>;

/** Which ties are drawn: none, only one-way, only mutual, or all (the default). */
export const EDGE_VISIBILITY_MODES = ['none', 'oneway', 'mutual', 'all'] as const;
export const ZEdgeVisibility = z.enum(EDGE_VISIBILITY_MODES);
export type TEdgeVisibility = z.infer<typeof ZEdgeVisibility>;

/** The four stored layouts, computed once per analysis (no layout runs at request time). */
export const GRAPH_LAYOUTS = ['regular', 'circular', 'orgchart', 'logo'] as const;
export const ZGraphLayout = z.enum(GRAPH_LAYOUTS);
export type TGraphLayout = z.infer<typeof ZGraphLayout>;

/** Built-in filter keys; custom attributes imported by the admin are `attr_<key>`. */
export const BUILT_IN_GRAPH_FILTERS = ['department', 'generation', 'gender', 'key_roles'] as const;
export const CUSTOM_FILTER_PREFIX = 'attr_';
/** Query parameter prefix of a filter: `filter_generation=y&filter_attr_location=Budapest`. */
export const GRAPH_FILTER_PARAM_PREFIX = 'filter_';

const ZRepeated = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(item).max(5000));

/**
 * GET /engagements/{id}/graph-visualization/. `unit` (with its sub-units) and `filter_{key}` narrow
 * the people drawn (values of one key are alternatives, different keys all apply); `employee`
 * selects people (they and their direct ties are `isSelected`, the rest is drawn faint).
 */
export const ZGraphVisualizationQuery = z
  .object({
    graph_type: ZGraphType.optional(),
    unit: ZRepeated(ZDbIdParam),
    employee: ZRepeated(ZDbIdParam),
    edges: ZEdgeVisibility.default('all'),
  })
  .catchall(z.union([z.string().max(200), z.array(z.string().max(200)).max(500)]));
export type TGraphVisualizationQuery = z.infer<typeof ZGraphVisualizationQuery>;

export const ZGraphPoint = z.object({ x: z.number(), y: z.number() });

export const ZGraphNode = z.object({
  id: z.number().int(),
  label: z.string(),
  /** Unit id. */
  unit: z.number().int().nullable(),
  /** Leader's employee id (the org chart's parent), null at the top or when the leader is not shown. */
  parent: z.number().int().nullable(),
  /** The leader's name, when the caller may see the leader (the employee card shows it). */
  leader_name: z.string().nullable(),
  /**
   * Nominations given in the survey (0 draws a triangle). Below all_access another person's total
   * is null (at subtree a 0 stays 0): the total minus the ties drawn would show ties the caller
   * may not see, such as those naming the caller.
   */
  answer_count: z.number().int().nullable(),
  /** The regular (force-directed) layout. */
  x: z.number(),
  y: z.number(),
  positions: z.object({ regular: ZGraphPoint, circular: ZGraphPoint, orgchart: ZGraphPoint, logo: ZGraphPoint }),
  size: z.number(),
  isSelected: z.boolean(),
  /** Values for every `node_attributes` key (department, generation, gender, custom ones). */
  attributes: z.record(z.string(), z.string()),
  key_roles: z.object(Object.fromEntries(KEY_ROLE_CODES.map((role) => [role, z.boolean()])) as Record<(typeof KEY_ROLE_CODES)[number], z.ZodBoolean>),
  gender: z.string().nullable(),
  /** The unit's name. */
  organizational_unit: z.string(),
  /** Nominations given and received on the questions of the chosen category, among the people shown. */
  given: z.number().int(),
  received: z.number().int(),
});
export type TGraphNode = z.infer<typeof ZGraphNode>;

export const ZGraphRelation = z.object({
  source: z.number().int(),
  target: z.number().int(),
  /** Question ids on which the source named the target (within the chosen category). */
  questions: z.array(z.number().int()),
  mutual: z.boolean(),
  isSelected: z.boolean(),
});
export type TGraphRelation = z.infer<typeof ZGraphRelation>;

export const ZGraphUnit = z.object({
  id: z.number().int(),
  name: z.string(),
  parent: z.number().int().nullable(),
  color: z.string(),
  /** The unit (or a unit below it) has people the caller may see: worth offering in the Scope tab. */
  in_scope: z.boolean(),
});
export type TGraphUnit = z.infer<typeof ZGraphUnit>;
export const ZGraphQuestion = z.object({ id: z.number().int(), label: z.string(), category: ZGraphCategory });
export type TGraphQuestion = z.infer<typeof ZGraphQuestion>;
export const ZGraphNodeAttribute = z.object({ key: z.string(), label: z.string() });
export const ZGraphFilter = z.object({
  lookup_key: z.string(),
  label: z.string(),
  options: z.array(z.object({ value: z.string(), label: z.string() })),
});
export type TGraphFilter = z.infer<typeof ZGraphFilter>;

export const ZGraphStatistics = z.object({
  employee_count: z.number().int(),
  /** Directed ties drawn; for an undirected network (`directed` false) the pairs with a tie. */
  connection_count: z.number().int(),
  /**
   * False for the collaboration network: undirected by construction (a tie is "met or
   * communicated", held both ways), so reciprocity does not apply and the two figures below are null.
   */
  directed: z.boolean(),
  /** Pairs who named each other (a mutual pair counts once); null when not directed. */
  mutual_count: z.number().int().nullable(),
  /** Share of the connections that are returned, 0–100 with one decimal; null when not directed. */
  mutual_percentage: z.number().nullable(),
});
export type TGraphStatistics = z.infer<typeof ZGraphStatistics>;

/**
 * Below all_access the ties naming the caller are never drawn (nobody below all_access learns who
 * named them); how many people named them, in the chosen category, is given as counts here.
 */
export const ZGraphNamedBy = z.object({
  /** Distinct people naming the caller on any question of the chosen category (whole engagement). */
  people: z.number().int(),
  /** Per question of the category on which someone named the caller, in question order. */
  by_question: z.array(z.object({ question_id: z.number().int(), count: z.number().int() })),
});
export type TGraphNamedBy = z.infer<typeof ZGraphNamedBy>;

export const ZGraphVisualization = z.object({
  employees: z.array(ZGraphNode),
  units: z.array(ZGraphUnit),
  node_attributes: z.array(ZGraphNodeAttribute),
  questions: z.array(ZGraphQuestion),
  relations: z.array(ZGraphRelation),
  filters: z.array(ZGraphFilter),
  graph_types: z.array(ZGraphType),
  statistics: ZGraphStatistics,
  /** The category the relations are drawn for (or `collaboration`); null for all work questions. */
  graph_type: ZGraphType.nullable(),
  /** The caller's own employee id, when they are one of the engagement's employees. */
  own_employee_id: z.number().int().nullable(),
  /** Counts of the people naming the caller; null at all_access (the ties are drawn) or when the caller is not an employee. */
  named_by: ZGraphNamedBy.nullable(),
});
export type TGraphVisualization = z.infer<typeof ZGraphVisualization>;

/** POST /survey-result-to-graph/ (multipart `results`, one nice-Excel .xlsx of at most 64 MB, the limit of every workbook upload). */
export const RESULTS_UPLOAD_FIELD = 'results';
export const RESULTS_UPLOAD_MAX_BYTES = 64 * 1024 * 1024;
