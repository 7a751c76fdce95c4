import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from './schema.ts';

/**
 * The audit log (docs/audit-log.md): one hash chain per organisation. Entries are only ever
 * inserted; retention removes the oldest whole segment and leaves a signed checkpoint. The ids of
 * who acted and whom it concerned carry no foreign keys on purpose: deleting a user must not
 * rewrite (and so break) an entry that names them.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    /** Position in the organisation's chain, from 1, without gaps. */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** A stable code of what happened, e.g. `individual_report.read`, `sign_in.failed` (contracts: AUDIT_ACTIONS). */
    action: text('action').notNull(),
    /** `success` or `failure` (a refused sign-in). */
    outcome: text('outcome').notNull().default('success'),
    actorUserId: integer('actor_user_id'),
    apiKeyId: integer('api_key_id'),
    scimTokenId: integer('scim_token_id'),
    sessionId: integer('session_id'),
    /** The route pattern (never the URL with its query), e.g. `GET /api/engagements/{id}/individual-reports/{reportId}/`. */
    route: text('route'),
    engagementId: integer('engagement_id'),
    /** The employee (of that engagement) whose data was read, when one person's. */
    subjectEmployeeId: integer('subject_employee_id'),
    /** The user account a change concerned (access rights, permissions, sessions). */
    subjectUserId: integer('subject_user_id'),
    /** Further ids only (e.g. the compared journey), never names or values. */
    targetIds: jsonb('target_ids').$type<Record<string, number | string>>().notNull().default({}),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    uniqueIndex('audit_entries_org_seq_idx').on(t.organizationId, t.seq),
    index('audit_entries_org_actor_idx').on(t.organizationId, t.actorUserId, t.seq),
    index('audit_entries_org_action_idx').on(t.organizationId, t.action, t.seq),
    index('audit_entries_org_subject_idx').on(t.organizationId, t.subjectEmployeeId, t.seq),
    // The journey filter pages by seq like the others (issue 32: a query over a million entries).
    index('audit_entries_org_engagement_idx').on(t.organizationId, t.engagementId, t.seq),
    index('audit_entries_org_time_idx').on(t.organizationId, t.occurredAt),
  ],
);

/**
 * The end of each organisation's chain. Appends lock this row (`INSERT … ON CONFLICT DO UPDATE`),
 * so two appends of one organisation never take the same place, whichever instance makes them.
 */
export const auditChainHeads = pgTable('audit_chain_heads', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
  lastHash: text('last_hash').notNull(),
});

/**
 * What retention removed: the chain up to `throughSeq` (whose hash was `throughHash`) is gone;
 * `signature` is an HMAC of these facts with SECRETS_KEY, so verify can start from it.
 */
export const auditCheckpoints = pgTable(
  'audit_checkpoints',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    throughSeq: bigint('through_seq', { mode: 'number' }).notNull(),
    throughHash: text('through_hash').notNull(),
    throughOccurredAt: timestamp('through_occurred_at', { withTimezone: true, mode: 'date' }).notNull(),
    removedCount: integer('removed_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    signature: text('signature').notNull(),
  },
  (t) => [uniqueIndex('audit_checkpoints_org_seq_idx').on(t.organizationId, t.throughSeq)],
);
