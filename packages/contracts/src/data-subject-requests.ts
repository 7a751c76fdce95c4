import { z } from 'zod';
import { ZDirectoryPerson } from './directory.ts';

/**
 * Data-subject requests (issue 32 item 2, docs/privacy/data-subject-requests.md): everything the
 * product holds about one directory person, and their erasure.
 */

const ZNamedPerson = z.object({ id: z.number().int(), name: z.string() });

/** One question a person answered in a journey and whom they named on it (their own answer). */
export const ZOwnNomination = z.object({
  question_id: z.number().int(),
  question_key: z.string(),
  question_text: z.string(),
  answered_at: z.string(),
  named: z.array(ZNamedPerson),
});

/** One 360 leadership item the person answered and the leaders they chose. */
export const ZOwnLeadershipAnswer = z.object({
  item_id: z.number().int(),
  dimension: z.string(),
  item_text: z.string(),
  answered_at: z.string(),
  named: z.array(ZNamedPerson),
});

/**
 * What the latest finished analysis of a journey computed about the person. Figures only: never
 * who named them (the individual report's incoming ties and the leader report's tie lists are left out).
 */
export const ZComputedAboutPerson = z.object({
  run_id: z.number().int(),
  finished_at: z.string().nullable(),
  hierarchy_level: z.string(),
  risk_level: z.number(),
  risk_score: z.number(),
  risk_factors: z.array(z.string()),
  key_roles: z.array(z.string()),
  group_roles: z.array(z.string()),
  community: z.number(),
  /** Per network (`work`, each category and question kind): the person's value of each per-person metric. */
  metrics: z.record(z.string(), z.record(z.string(), z.number().nullable())),
  individual_report: z.record(z.string(), z.unknown()).nullable(),
  leader_report: z.record(z.string(), z.number()).nullable(),
  report_360: z.record(z.string(), z.unknown()).nullable(),
});

/** The person as one journey's participant. */
export const ZPersonInJourney = z.object({
  journey: z.object({ id: z.number().int(), name: z.string(), access_from: z.string(), access_till: z.string() }),
  employee: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string().nullable(),
    unit: z.string().nullable(),
    leader: ZNamedPerson.nullable(),
    job_title: z.string().nullable(),
    gender: z.string().nullable(),
    generation: z.string().nullable(),
    entry_date: z.string().nullable(),
    left_at: z.string().nullable(),
    attributes: z.record(z.string(), z.string()),
  }),
  participation: z
    .object({ invited_at: z.string().nullable(), reminded_at: z.string().nullable(), terms_accepted_at: z.string().nullable(), finished_at: z.string().nullable() })
    .nullable(),
  nominations: z.array(ZOwnNomination),
  leadership_answers: z.array(ZOwnLeadershipAnswer),
  computed: ZComputedAboutPerson.nullable(),
});

/** An answer the person gave in an instant survey they were listed in under the same e-mail. */
export const ZOwnInstantAnswer = z.object({ survey: z.string(), question: z.string(), value: z.unknown(), answered_at: z.string() });

/** One audit entry about the person: who looked at their data, when and how (ids only). */
export const ZAccessToPerson = z.object({
  seq: z.number().int(),
  occurred_at: z.string(),
  action: z.string(),
  actor_user_id: z.number().int().nullable(),
  route: z.string().nullable(),
  engagement_id: z.number().int().nullable(),
  subject_employee_id: z.number().int().nullable(),
});

/**
 * The person's weekly collaboration counts of one source and week (docs/collaboration-network.md):
 * interactions only, summed over whom they were with, the colleagues never named. `with_colleagues`:
 * with people of the organisation's domains (in the directory or not), `with_external`: with
 * addresses outside them.
 */
export const ZOwnCollaborationWeek = z.object({
  source: z.string(),
  week_start: z.string(),
  with_colleagues: z.number().int(),
  with_external: z.number().int(),
});

/** The answer of the JSON export: one document of everything held about the person. */
export const ZPersonalDataExport = z.object({
  format_version: z.literal(1),
  generated_at: z.string(),
  organization: z.object({ id: z.number().int(), name: z.string() }),
  /** The directory person as the Directory page lists them, with every further field the directory keeps. */
  person: ZDirectoryPerson.omit({ erased_at: true }).extend({
    user_name: z.string(),
    given_name: z.string().nullable(),
    family_name: z.string().nullable(),
    employee_number: z.string().nullable(),
    language: z.string().nullable(),
    time_zone: z.string().nullable(),
    gender: z.string().nullable(),
    generation: z.string().nullable(),
    location: z.string().nullable(),
    attributes: z.record(z.string(), z.string()),
    created_at: z.string(),
  }),
  directory_history: z.array(
    z.object({ valid_from: z.string(), unit_path: z.string().nullable(), manager_external_id: z.string().nullable(), active: z.boolean(), leave_date: z.string().nullable(), source: z.string() }),
  ),
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
  user_account: z
    .object({ id: z.number().int(), name: z.string(), email: z.string(), created_at: z.string(), permissions: z.array(z.string()), deactivated_at: z.string().nullable() })
    .nullable(),
  journeys: z.array(ZPersonInJourney),
  instant_survey_answers: z.array(ZOwnInstantAnswer),
  access_log: z.array(ZAccessToPerson),
  collaboration_weeks: z.array(ZOwnCollaborationWeek),
});
export type TPersonalDataExport = z.infer<typeof ZPersonalDataExport>;

/**
 * What happens to the person's own nominations on erasure: `delete` removes them (later analyses
 * no longer count them), `anonymise` keeps them under the pseudonym (figures stay as they were).
 */
export const NOMINATION_CHOICES = ['delete', 'anonymise'] as const;
export const ZPersonErasureRequest = z.object({ nominations: z.enum(NOMINATION_CHOICES) });
export type TPersonErasureRequest = z.infer<typeof ZPersonErasureRequest>;

/** The answer to an erasure: the pseudonym that now stands for the person, and what was changed. */
export const ZPersonErasureResult = z.object({
  pseudonym: z.string(),
  erased_at: z.string(),
  journeys: z.number().int(),
  nominations_deleted: z.number().int(),
  analysis_runs_rewritten: z.number().int(),
  user_account_erased: z.boolean(),
  /** Weekly collaboration counts deleted: every pair count naming the person or one of their addresses' keyed hashes. */
  collaboration_counts_deleted: z.number().int(),
});
export type TPersonErasureResult = z.infer<typeof ZPersonErasureResult>;
