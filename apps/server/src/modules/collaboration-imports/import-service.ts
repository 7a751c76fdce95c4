import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TCollaborationImport, TCollaborationImportCounts, TCollaborationSource } from '@ona/contracts';
import { and, desc, eq, gte, isNull, lte, sql, tables, type Database } from '@ona/db';
import { ApiError, notFound } from '../../errors/api-error.ts';
import { readCalendar } from './calendar-ics.ts';
import { invalidFile } from './collaboration-errors.ts';
import { CollaborationTally } from './collaboration-tally.ts';
import { readGmailLogs } from './gmail-logs.ts';
import { readMessageTrace } from './message-trace.ts';
import { PartyResolver } from './party-keys.ts';
import { readSlackExport } from './slack-export.ts';
import { addWeeks, weekStartIn } from './week-start.ts';

const { collaborationImports: imports, collaborationWeeklyCounts: weeklyCounts, directoryPeople: people, organizations } = tables;

const DAY_MS = 24 * 60 * 60 * 1000;
const PAIRS_PER_STATEMENT = 20_000;

/** The organisation's people by lower-cased address, and the domains their addresses use: the organisation's own. */
async function directoryOf(db: Database, organizationId: number): Promise<{ byAddress: Map<string, number>; domains: Set<string> }> {
  const rows = await db
    .select({ id: people.id, email: sql<string>`lower(${people.email})` })
    .from(people)
    .where(and(eq(people.organizationId, organizationId), eq(people.active, true), isNull(people.erasedAt)));
  const byAddress = new Map<string, number>();
  const domains = new Set<string>();
  for (const row of rows) {
    byAddress.set(row.email, row.id);
    domains.add(row.email.slice(row.email.lastIndexOf('@') + 1));
  }
  return { byAddress, domains };
}

export interface ImportContext {
  organizationId: number;
  userId: number | null;
  source: TCollaborationSource;
  path: string;
  now: Date;
  key: Buffer;
}

/** Reads the file into weekly pair counts (nothing stored yet). */
export async function tallyFile(db: Database, context: ImportContext) {
  const [organization] = await db
    .select({ timeZone: organizations.timeZone, retentionDays: organizations.collaborationRetentionDays, maxMail: organizations.collaborationMaxMailRecipients, maxMeeting: organizations.collaborationMaxMeetingSize })
    .from(organizations)
    .where(eq(organizations.id, context.organizationId));
  if (!organization) throw notFound();
  const directory = await directoryOf(db, context.organizationId);
  // Without a directory there is nobody to match and no domain that is ours.
  if (directory.domains.size === 0) throw new ApiError(409, 'collaboration_directory_empty', 'collaboration.errors.directory_empty');
  const weekOf = weekStartIn(organization.timeZone);
  const oldestWeek = addWeeks(weekOf(context.now.getTime() - organization.retentionDays * DAY_MS), 1);
  const tally = new CollaborationTally(context.source, new PartyResolver(context.key, directory.domains, directory.byAddress), weekOf, {
    maxMailRecipients: organization.maxMail,
    maxMeetingSize: organization.maxMeeting,
    oldestWeek,
  });
  if (context.source === 'message_trace') await readMessageTrace(context.path, tally);
  else if (context.source === 'gmail') await readGmailLogs(context.path, tally);
  else if (context.source === 'calendar') await readCalendar(context.path, tally, { organisationZone: organization.timeZone, until: context.now.getTime() });
  else await readSlackExport(context.path, tally);
  const result = tally.finish();
  if (result.counts.events_read === 0) throw invalidFile('collaboration.errors.empty_file');
  // Read, yet nobody of ours in it: another organisation's file, refused rather than stored as nothing.
  if (!result.anyInternal && result.counts.events_counted === 0 && (result.counts.left_out.external_only ?? 0) > 0) throw invalidFile('collaboration.errors.no_internal_people');
  return { ...result, firstWeek: tally.firstWeek, lastWeek: tally.lastWeek };
}

/**
 * Stores a tallied file, whole or not at all: in one transaction the source's weekly counts of the
 * weeks the file covers are replaced by the file's (an export read again, or one overlapping the
 * last, is not counted twice), the import is listed with its counts, and `audit` records it.
 */
export async function storeTally(db: Database, context: Omit<ImportContext, 'path' | 'key'>, tallied: Awaited<ReturnType<typeof tallyFile>>, audit: (tx: Database, importId: number) => Promise<void>): Promise<TCollaborationImport> {
  const row = await db.transaction(async (tx) => {
    if (tallied.firstWeek && tallied.lastWeek) {
      await tx
        .delete(weeklyCounts)
        .where(and(eq(weeklyCounts.organizationId, context.organizationId), eq(weeklyCounts.source, context.source), gte(weeklyCounts.weekStart, tallied.firstWeek), lte(weeklyCounts.weekStart, tallied.lastWeek)));
    }
    const [created] = await tx
      .insert(imports)
      .values({ organizationId: context.organizationId, source: context.source, createdBy: context.userId, createdAt: context.now, firstWeek: tallied.firstWeek, lastWeek: tallied.lastWeek, counts: tallied.counts })
      .returning();
    if (!created) throw new Error('collaboration import not created');
    // A million rows of trace make hundreds of thousands of weekly pairs: each statement takes
    // 20,000 of them as one JSON parameter (the same on both drivers), not 9 parameters a row.
    for (let at = 0; at < tallied.pairs.length; at += PAIRS_PER_STATEMENT) {
      const chunk = JSON.stringify(tallied.pairs.slice(at, at + PAIRS_PER_STATEMENT));
      await tx.execute(sql`
        insert into ${weeklyCounts} (organization_id, import_id, source, week_start, from_key, to_key, from_person_id, to_person_id, interactions)
        select ${context.organizationId}, ${created.id}, ${context.source}, p."weekStart", p."fromKey", p."toKey", p."fromPersonId", p."toPersonId", p."interactions"
        from jsonb_to_recordset(${chunk}::jsonb) as p("weekStart" date, "fromKey" text, "toKey" text, "fromPersonId" integer, "toPersonId" integer, "interactions" integer)`);
    }
    await audit(tx, created.id);
    return created;
  });
  return toImport(row);
}

/** One upload: read, then stored with its audit entry (`collaboration.import`) in the same transaction. */
export async function importCollaborationFile(app: FastifyInstance, request: FastifyRequest, context: ImportContext): Promise<TCollaborationImport> {
  const tallied = await tallyFile(app.db, context);
  return storeTally(app.db, context, tallied, (tx, id) => app.audit.record(tx, request, { action: 'collaboration.import', organizationId: context.organizationId, targetIds: { id, source: context.source, weekly_pairs: tallied.counts.weekly_pairs } }));
}

function toImport(row: typeof imports.$inferSelect): TCollaborationImport {
  return {
    id: row.id,
    source: row.source as TCollaborationSource,
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy,
    first_week: row.firstWeek,
    last_week: row.lastWeek,
    counts: row.counts as TCollaborationImportCounts,
  };
}

/** The organisation's latest imports, newest first. */
export async function listImports(db: Database, organizationId: number): Promise<TCollaborationImport[]> {
  const rows = await db.select().from(imports).where(eq(imports.organizationId, organizationId)).orderBy(desc(imports.createdAt), desc(imports.id)).limit(100);
  return rows.map(toImport);
}
