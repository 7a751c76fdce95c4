import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, isNotNull, isNull, statementChunks, tables, type Database } from '@ona/db';
import { emailLanguage, engagementTemplate, renderTemplateText } from '../email-templates/service.ts';
import { emailLink } from '../engagement-admin/public-links.ts';
import { EMAILS_PER_BATCH } from './report-ready.ts';

/** No 0/O or 1/I/L: a leader types this code from an e-mail. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const LEADER_CODE_LENGTH = 8;
/** Leaders marked mailed per statement: well under PostgreSQL's 65,535 parameters. */
const IDS_PER_STATEMENT = 10_000;

export function newLeaderCode(): string {
  let code = '';
  for (let i = 0; i < LEADER_CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/**
 * Gives every leader of the engagement (anyone with direct reports) an authorization code for their
 * report, once, and mails it to them from the engagement's `leader_report_code` template (its own
 * text, else the default) in the engagement's default language. `linkBase` is where links point.
 * `db` is the transaction that stores the run's completion (plugins/analysis-jobs.ts): a code is
 * marked mailed in the transaction that records its e-mail, and both exist exactly when the run is done.
 */
export async function issueLeaderCodes(app: FastifyInstance, db: Database, engagementId: number, linkBase: string): Promise<void> {
  const [engagement] = await db.select().from(tables.engagements).where(eq(tables.engagements.id, engagementId));
  if (!engagement) return;
  const leaders = await db
    .selectDistinct({ id: tables.employees.leaderId })
    .from(tables.employees)
    .where(and(eq(tables.employees.engagementId, engagementId), isNotNull(tables.employees.leaderId)));
  const existing = new Set(
    (await db.select({ id: tables.leaderReportCodes.leaderEmployeeId }).from(tables.leaderReportCodes).where(eq(tables.leaderReportCodes.engagementId, engagementId))).map((r) => r.id),
  );
  const fresh = leaders.map((l) => l.id).filter((id): id is number => id !== null && !existing.has(id));
  if (fresh.length > 0) {
    // One leader in ten people: 10,000 codes for an organisation of 100,000, in statements the ORM and PostgreSQL take.
    for (const chunk of statementChunks(fresh.map((leaderEmployeeId) => ({ engagementId, leaderEmployeeId, code: newLeaderCode() })))) {
      await db.insert(tables.leaderReportCodes).values(chunk).onConflictDoNothing();
    }
  }
  const unsent = await db
    .select({ code: tables.leaderReportCodes.code, leaderId: tables.leaderReportCodes.leaderEmployeeId, name: tables.employees.name, email: tables.employees.email })
    .from(tables.leaderReportCodes)
    .innerJoin(tables.employees, eq(tables.employees.id, tables.leaderReportCodes.leaderEmployeeId))
    .where(and(eq(tables.leaderReportCodes.engagementId, engagementId), isNull(tables.leaderReportCodes.mailedAt)));
  if (unsent.length === 0) return;
  const template = await engagementTemplate(db, engagementId, 'leader_report_code', emailLanguage(engagement.defaultLanguage));
  const link = emailLink(linkBase, engagementId, 'leader_report_code');
  // All the e-mails and their codes' marks in a few statements (10,000 leaders at 100,000 people
  // took three round trips each), still in the completion's transaction. A leader without an
  // address gets no e-mail and keeps the code unmailed, as before.
  const mailed = unsent.filter((leader): leader is typeof leader & { email: string } => Boolean(leader.email));
  for (let start = 0; start < mailed.length; start += EMAILS_PER_BATCH) {
    await app.mailer.recordMany(
      db,
      mailed.slice(start, start + EMAILS_PER_BATCH).map((leader) => {
        const email = renderTemplateText(template, { name: leader.name, engagement: engagement.name, link, code: leader.code });
        return { to: leader.email, organizationId: engagement.organizationId, subject: email.subject, text: email.text, html: email.html };
      }),
    );
  }
  const mailedAt = new Date();
  const ids = mailed.map((leader) => leader.leaderId);
  for (let start = 0; start < ids.length; start += IDS_PER_STATEMENT) {
    const chunk = ids.slice(start, start + IDS_PER_STATEMENT);
    await db
      .update(tables.leaderReportCodes)
      .set({ mailedAt })
      .where(and(eq(tables.leaderReportCodes.engagementId, engagementId), inArray(tables.leaderReportCodes.leaderEmployeeId, chunk)));
  }
}
