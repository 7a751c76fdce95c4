import { z } from 'zod';

export const MODULES = [
  'survey',
  'graph_visualization',
  'leader_reports',
  'retention_analytics',
  'individual_reports',
  'executive_reports',
  'analytics360_reports',
  'key_people_analytics',
  'statistics',
] as const;
export const ZModule = z.enum(MODULES);
export type TModule = z.infer<typeof ZModule>;

/** Ordered from least to most: a higher index never sees less than a lower one. */
export const ACCESS_LEVELS = ['no_access', 'module_disabled', 'self_only', 'subtree', 'all_access'] as const;
export const ZAccessLevel = z.enum(ACCESS_LEVELS);
export type TAccessLevel = z.infer<typeof ZAccessLevel>;

export const PERMISSIONS = [
  'engagement_admin',
  'instant_survey_admin',
  'organization_admin',
] as const;
export const ZPermission = z.enum(PERMISSIONS);
export type TPermission = z.infer<typeof ZPermission>;
