import { and, asc, desc, eq, gte, lt, sql, tables, type Database, type SQL } from '@ona/db';
import type { TAuditLogFilters } from '@ona/contracts';
import { entryHash, GENESIS_HASH, type ChainedFields } from './audit-chain.ts';

/** An entry to append: everything but its place in the chain. */
export type AuditRecord = Omit<ChainedFields, 'seq' | 'prevHash'>;

/**
 * Appends one entry to its organisation's chain, inside a transaction (a savepoint when `db` is
 * already one, so the entry commits or rolls back with the change it records).
 */
export async function appendAuditEntry(db: Database, key: Buffer, record: AuditRecord): Promise<{ seq: number; hash: string }> {
  return appendAuditEntries(db, key, record.organizationId, [record]);
}

/**
 * Appends entries of one organisation to its chain in order, in one transaction. The upsert of
 * the chain head moves it on by the number of entries and locks that organisation's head row until
 * commit: appends of one organisation queue behind each other on every instance, and each batch
 * takes the seqs after the head's and chains from its hash. Two statements whatever the number:
 * the head (locked, moved on) and the entries with the head's new hash.
 */
export async function appendAuditEntries(db: Database, key: Buffer, organizationId: number, records: readonly AuditRecord[]): Promise<{ seq: number; hash: string }> {
  if (records.length === 0) throw new Error('no audit entries to append');
  if (records.some((record) => record.organizationId !== organizationId)) throw new Error('audit entries of another organisation in one chain append');
  const n = records.length;
  return db.transaction(async (tx) => {
    const [head] = await tx
      .insert(tables.auditChainHeads)
      .values({ organizationId, lastSeq: n, lastHash: GENESIS_HASH })
      .onConflictDoUpdate({ target: tables.auditChainHeads.organizationId, set: { lastSeq: sql`${tables.auditChainHeads.lastSeq} + ${n}` } })
      .returning({ seq: tables.auditChainHeads.lastSeq, prevHash: tables.auditChainHeads.lastHash });
    if (!head) throw new Error('the audit chain head was not written');
    let prevHash = head.prevHash;
    const rows: SQL[] = records.map((record, i) => {
      const fields: ChainedFields = { ...record, seq: head.seq - n + 1 + i, prevHash };
      const hash = entryHash(key, fields);
      prevHash = hash;
      return sql`(${fields.organizationId}, ${fields.seq}, ${fields.occurredAt.toISOString()}, ${fields.action}, ${fields.outcome}, ${fields.actorUserId}, ${fields.apiKeyId}, ${fields.scimTokenId}, ${fields.sessionId}, ${fields.route}, ${fields.engagementId}, ${fields.subjectEmployeeId}, ${fields.subjectUserId}, ${JSON.stringify(fields.targetIds)}::jsonb, ${fields.ipAddress}, ${fields.userAgent}, ${fields.prevHash}, ${hash})`;
    });
    await tx.execute(sql`
      with entries as (
        insert into audit_entries (organization_id, seq, occurred_at, action, outcome, actor_user_id, api_key_id, scim_token_id, session_id, route, engagement_id, subject_employee_id, subject_user_id, target_ids, ip_address, user_agent, prev_hash, hash)
        values ${sql.join(rows, sql`, `)}
        returning seq
      )
      update audit_chain_heads set last_hash = ${prevHash} where organization_id = ${organizationId} and last_seq = (select max(seq) from entries)`);
    return { seq: head.seq, hash: prevHash };
  });
}

export type AuditEntryRow = typeof tables.auditEntries.$inferSelect;

function filterConditions(organizationId: number, filters: TAuditLogFilters): SQL[] {
  const t = tables.auditEntries;
  const conditions: SQL[] = [eq(t.organizationId, organizationId)];
  if (filters.actor !== undefined) conditions.push(eq(t.actorUserId, filters.actor));
  if (filters.action !== undefined) conditions.push(eq(t.action, filters.action));
  if (filters.subject_employee !== undefined) conditions.push(eq(t.subjectEmployeeId, filters.subject_employee));
  if (filters.subject_search !== undefined) {
    // LIKE's own wildcards in the text are matched as themselves.
    const pattern = `%${filters.subject_search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`${t.subjectEmployeeId} in (select e.id from employees e join engagements g on g.id = e.engagement_id where g.organization_id = ${organizationId} and (e.name ilike ${pattern} or e.email ilike ${pattern}))`);
  }
  if (filters.engagement !== undefined) conditions.push(eq(t.engagementId, filters.engagement));
  if (filters.from !== undefined) conditions.push(gte(t.occurredAt, new Date(`${filters.from}T00:00:00.000Z`)));
  if (filters.to !== undefined) conditions.push(lt(t.occurredAt, new Date(Date.parse(`${filters.to}T00:00:00.000Z`) + 86_400_000)));
  return conditions;
}

/**
 * One page, newest first, by keyset on (organisation, seq): each filter has an index that ends in
 * seq (audit-schema.ts), so a page costs the same on the millionth entry as on the first.
 */
export async function listAuditEntries(db: Database, organizationId: number, filters: TAuditLogFilters, page: { before?: number | undefined; size: number }): Promise<AuditEntryRow[]> {
  const t = tables.auditEntries;
  const conditions = filterConditions(organizationId, filters);
  if (page.before !== undefined) conditions.push(lt(t.seq, page.before));
  // A date range is read through its index (organisation, occurred_at) and the page sorted: a
  // month is a small share of two years, where walking the seq index backwards from the newest
  // entry skips everything after the range first (0.9 s at a million entries, docs/benchmarks.md).
  // `seq + 0` keeps the planner off the seq index for that case only; the order is the same.
  const newestFirst = filters.from !== undefined || filters.to !== undefined ? desc(sql`${t.seq} + 0`) : desc(t.seq);
  return db.select().from(t).where(and(...conditions)).orderBy(newestFirst).limit(page.size);
}

/** The chain in order, from `afterSeq`, a page at a time (verify, the exports). */
export async function auditEntriesAfter(db: Database, organizationId: number, afterSeq: number, size: number, filters: TAuditLogFilters = {}): Promise<AuditEntryRow[]> {
  const t = tables.auditEntries;
  return db.select().from(t).where(and(...filterConditions(organizationId, filters), sql`${t.seq} > ${afterSeq}`)).orderBy(asc(t.seq)).limit(size);
}

export async function latestCheckpoint(db: Database, organizationId: number) {
  const t = tables.auditCheckpoints;
  const [row] = await db.select().from(t).where(eq(t.organizationId, organizationId)).orderBy(desc(t.throughSeq)).limit(1);
  return row;
}

export async function chainHead(db: Database, organizationId: number) {
  const [row] = await db.select().from(tables.auditChainHeads).where(eq(tables.auditChainHeads.organizationId, organizationId));
  return row;
}

/** The organisations that have a chain (verify and retention walk them all). */
export async function chainedOrganizations(db: Database): Promise<number[]> {
  const rows = await db.select({ id: tables.auditChainHeads.organizationId }).from(tables.auditChainHeads).orderBy(asc(tables.auditChainHeads.organizationId));
  return rows.map((r) => r.id);
}

/** The first entry that happened at or after `cutoff`: retention removes only what lies before it. */
export async function firstEntryFrom(db: Database, organizationId: number, cutoff: Date) {
  const t = tables.auditEntries;
  const [row] = await db.select({ seq: t.seq }).from(t).where(and(eq(t.organizationId, organizationId), gte(t.occurredAt, cutoff))).orderBy(asc(t.seq)).limit(1);
  return row;
}

export async function entryAt(db: Database, organizationId: number, seq: number) {
  const t = tables.auditEntries;
  const [row] = await db.select().from(t).where(and(eq(t.organizationId, organizationId), eq(t.seq, seq)));
  return row;
}
