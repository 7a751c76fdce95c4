import { z } from 'zod';
import { ZDbIdParam } from './ids.ts';
import { ZAccessLevel } from './access.ts';
import { ZJourneyFacts } from './journeys.ts';

const ZModuleAccess = z.object({ access_level: ZAccessLevel });
const ZModuleAccessWithCount = ZModuleAccess.extend({ involved_employee_count: z.number().int() });

/** An engagement (journey) as the spec's section 3 reads it, with the caller's access per module. */
export const ZEngagement = z.object({
  id: z.number().int(),
  name: z.string(),
  access_from: z.string(),
  access_till: z.string(),
  default_language: z.string(),
  participant_count: z.number().int(),
  answer_count: z.number().int(),
  survey: ZModuleAccess.extend({
    question_count: z.number().int(),
    last_question_id: z.number().int().nullable(),
    terms_accepted: z.boolean(),
    finished: z.boolean(),
  }),
  graph_visualization: ZModuleAccess.extend({ answer_count: z.number().int() }),
  leader_reports: ZModuleAccessWithCount,
  retention_analytics: ZModuleAccessWithCount,
  individual_reports: ZModuleAccessWithCount,
  executive_reports: ZModuleAccessWithCount,
  analytics360_reports: ZModuleAccessWithCount,
  key_people_analytics: ZModuleAccess,
  statistics: ZModuleAccess,
  is_admin: z.boolean(),
}).extend(ZJourneyFacts.shape);
export type TEngagement = z.infer<typeof ZEngagement>;

export type TUnitNode = { id: number; name: string; subunits: TUnitNode[] };
export const ZUnitNode: z.ZodType<TUnitNode> = z.lazy(() =>
  z.object({ id: z.number().int(), name: z.string(), subunits: z.array(ZUnitNode) }),
);
export const ZHierarchy = z.array(ZUnitNode);
export type THierarchy = z.infer<typeof ZHierarchy>;

export const ZIdParams = z.object({ id: ZDbIdParam });
