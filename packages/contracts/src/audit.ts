import { z } from 'zod';
import { ZDbIdParam } from './ids.ts';

/**
 * What an audit entry records (docs/audit-log.md). Reads of one person's or many people's data,
 * exports, changes of who may see what, sign-ins, API key use, directory changes. The code says
 * what happened; the entry holds ids only, never the data that was read or written.
 */
export const AUDIT_ACTIONS = [
  // Reads of person-level data.
  'individual_report.read',
  'leader_report.read',
  'report_360.read',
  'retention.read',
  'metrics.read',
  'graph.read',
  'key_people.read',
  'comparison.read',
  'confidence.read',
  'declared_working.read',
  // Exports (every file that leaves the product).
  'export.download',
  // Changes of access.
  'access_rights.change',
  'organization_user.change',
  'sign_in_policy.change',
  'sso.change',
  'confidentiality.change',
  'privacy_notice.change',
  'second_factor.change',
  'api_key.change',
  'scim_token.change',
  'sessions.end',
  'password.change',
  // Sign-ins.
  'sign_in.success',
  'sign_in.failure',
  // Machines.
  'api_key.use',
  'directory.change',
  // The audit log itself is read, exported and verified on record too.
  'audit_log.read',
  'audit_log.verify',
  // Data-subject requests (docs/privacy/data-subject-requests.md).
  'personal_data.export',
  'person.erasure',
  // Retention (docs/privacy/retention.md): the policy, and each anonymisation the daily run made.
  'retention_policy.change',
  'retention.journey_anonymised',
  'retention.leaver_erased',
  // Collaboration metadata (docs/collaboration-network.md): each import and each change of its settings.
  'collaboration.import',
  'collaboration_settings.change',
] as const;
export const ZAuditAction = z.enum(AUDIT_ACTIONS);
export type TAuditAction = z.infer<typeof ZAuditAction>;

export const ZAuditOutcome = z.enum(['success', 'failure']);

/** One entry of `GET /organization/audit-log/`. */
export const ZAuditEntry = z.object({
  seq: z.number().int(),
  occurred_at: z.string(),
  action: ZAuditAction,
  outcome: ZAuditOutcome,
  actor_user_id: z.number().int().nullable(),
  api_key_id: z.number().int().nullable(),
  scim_token_id: z.number().int().nullable(),
  session_id: z.number().int().nullable(),
  route: z.string().nullable(),
  engagement_id: z.number().int().nullable(),
  subject_employee_id: z.number().int().nullable(),
  subject_user_id: z.number().int().nullable(),
  target_ids: z.record(z.string(), z.union([z.number(), z.string()])),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  prev_hash: z.string(),
  hash: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

const optionalId = ZDbIdParam.optional();
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional();

/** The filters of the list and of its exports; `from` and `to` are dates (UTC), both included. */
export const ZAuditLogFilters = z.object({
  actor: optionalId,
  action: ZAuditAction.optional(),
  subject_employee: optionalId,
  /** People of any journey whose name or e-mail contains this text (case-insensitive): one person appears under an id per journey. */
  subject_search: z.string().trim().min(2).max(200).optional(),
  engagement: optionalId,
  from: isoDate,
  to: isoDate,
});
export type TAuditLogFilters = z.infer<typeof ZAuditLogFilters>;

/** `GET /organization/audit-log/`: newest first, paged by `before` (the `seq` of the last entry seen). */
export const ZAuditLogQuery = ZAuditLogFilters.extend({
  // A position in the organisation's chain (a bigint column), not a row id: bounded by what a
  // JavaScript number holds exactly, not by the integer columns' 2147483647.
  before: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
});
export type TAuditLogQuery = z.infer<typeof ZAuditLogQuery>;

/**
 * The current names behind the page's ids (users, people, journeys), looked up when the page is
 * read: the chain keeps ids only, and an erased person shows under their pseudonym. An id of
 * something since deleted has no name here.
 */
export const ZAuditLogNames = z.object({
  users: z.record(z.string(), z.string()),
  people: z.record(z.string(), z.string()),
  journeys: z.record(z.string(), z.string()),
  /** The directory person of a data-subject export or erasure (by its `target_ids.id`); an erased one by their pseudonym. */
  directory_people: z.record(z.string(), z.string()),
});
export type TAuditLogNames = z.infer<typeof ZAuditLogNames>;

export const ZAuditLogPage = z.object({
  entries: z.array(ZAuditEntry),
  names: ZAuditLogNames,
  /** Pass as `before` for the next page; null on the last page. */
  next_before: z.number().int().nullable(),
});
export type TAuditLogPage = z.infer<typeof ZAuditLogPage>;

export const ZAuditExportQuery = ZAuditLogFilters.extend({ format: z.enum(['jsonl', 'csv']) });

/** Where verify found the chain broken, in the order it walks it. */
export const ZAuditChainProblem = z.object({
  seq: z.number().int(),
  /** `hash_mismatch` (the entry was changed), `link_mismatch` (an entry before it was removed or one slipped in), `gap`, `head_mismatch` (entries at the end removed), `checkpoint_signature` (a checkpoint not signed by this server's key). */
  kind: z.enum(['hash_mismatch', 'link_mismatch', 'gap', 'head_mismatch', 'checkpoint_signature']),
});

/** `POST /organization/audit-log/verify/`. */
export const ZAuditVerifyResult = z.object({
  whole: z.boolean(),
  checked_entries: z.number().int(),
  first_seq: z.number().int().nullable(),
  last_seq: z.number().int().nullable(),
  /** Seq through which retention removed entries (null when nothing was pruned yet). */
  checkpoint_seq: z.number().int().nullable(),
  problems: z.array(ZAuditChainProblem),
});
export type TAuditVerifyResult = z.infer<typeof ZAuditVerifyResult>;
