import { z } from 'zod';

/**
 * Collaboration metadata imports (issue 33, docs/collaboration-network.md): exports a company
 * makes itself (Slack workspace export, Exchange Online message trace, Gmail logs from BigQuery,
 * calendar files), read for who interacted with whom and when, nothing else.
 */
export const COLLABORATION_SOURCES = ['slack', 'message_trace', 'gmail', 'calendar'] as const;
export const ZCollaborationSource = z.enum(COLLABORATION_SOURCES);
export type TCollaborationSource = z.infer<typeof ZCollaborationSource>;

/** Why an event (a message, a meeting, a row) was read but not counted. */
export const COLLABORATION_LEFT_OUT_REASONS = [
  /** The same message id (or meeting uid) came again: counted once. */
  'duplicate',
  /** A mail to more recipients than the organisation's setting (default 8): a broadcast. */
  'large_mail',
  /** A meeting of more people than the setting (default 10). */
  'large_meeting',
  /** A channel message that neither replies to anyone nor mentions anyone: a broadcast. */
  'channel_broadcast',
  /** Every party outside the organisation's domains. */
  'external_only',
  /** A Slack message by, or to, a user that users.json does not list. */
  'unknown_user',
  /** A row or message without a readable time, sender or recipient. */
  'unreadable',
  /** Older than the organisation's retention of weekly counts: it would be deleted at once. */
  'expired',
  /** Nobody else involved (a mail to oneself, a meeting of one). */
  'self_only',
] as const;
export const ZCollaborationLeftOutReason = z.enum(COLLABORATION_LEFT_OUT_REASONS);
export type TCollaborationLeftOutReason = z.infer<typeof ZCollaborationLeftOutReason>;

export const ZCollaborationImportCounts = z.object({
  /** Messages, meetings or rows read from the file. */
  events_read: z.number().int(),
  /** Of those, counted as interactions. */
  events_counted: z.number().int(),
  /** Interactions between two parties (a mail to three people is three). */
  interactions: z.number().int(),
  /** Weekly pair counts stored. */
  weekly_pairs: z.number().int(),
  /** Distinct addresses of the organisation's domains matched to a directory person, and not matched (kept as keyed hashes). */
  people_matched: z.number().int(),
  people_unmatched: z.number().int(),
  /** Events left out, by reason (reasons with none are absent). */
  left_out: z.partialRecord(ZCollaborationLeftOutReason, z.number().int()),
});
export type TCollaborationImportCounts = z.infer<typeof ZCollaborationImportCounts>;

/** One import of `GET /organization/collaboration-imports/`. */
export const ZCollaborationImport = z.object({
  id: z.number().int(),
  source: ZCollaborationSource,
  created_at: z.string(),
  created_by: z.number().int().nullable(),
  first_week: z.string().nullable(),
  last_week: z.string().nullable(),
  counts: ZCollaborationImportCounts,
});
export type TCollaborationImport = z.infer<typeof ZCollaborationImport>;

export const ZCollaborationImportQuery = z.object({ source: ZCollaborationSource });

export const COLLABORATION_RETENTION_DAYS = [90, 180] as const;

/** `GET`/`PUT /organization/collaboration-settings/`. */
export const ZCollaborationSettings = z.object({
  retention_days: z.union([z.literal(90), z.literal(180)]).describe('Days after its week when a weekly count is deleted (90 or 180)'),
  max_mail_recipients: z.number().int().min(1).max(500).describe('A mail to more recipients is a broadcast, not an interaction (default 8)'),
  max_meeting_size: z.number().int().min(2).max(500).describe('A meeting of more people is not an interaction (default 10)'),
});
export type TCollaborationSettings = z.infer<typeof ZCollaborationSettings>;

/** The demo's generated exports (demo mode only): `GET /organization/collaboration-imports/demo-files/`. */
export const COLLABORATION_DEMO_FILES = ['slack', 'message_trace'] as const;
export const ZCollaborationDemoFile = z.enum(COLLABORATION_DEMO_FILES);
export type TCollaborationDemoFile = z.infer<typeof ZCollaborationDemoFile>;
export const ZCollaborationDemoFiles = z.object({
  files: z.array(z.object({ file: ZCollaborationDemoFile, source: ZCollaborationSource, filename: z.string() })),
  /** The weeks the files cover (Mondays, YYYY-MM-DD). */
  first_week: z.string(),
  last_week: z.string(),
});
export type TCollaborationDemoFiles = z.infer<typeof ZCollaborationDemoFiles>;
