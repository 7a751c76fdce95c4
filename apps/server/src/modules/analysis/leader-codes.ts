import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, eq, isNotNull, isNull, tables } from '@ona/db';
import { isLocale } from '@ona/contracts';
import { translate } from '../../i18n/translate.ts';

/** No 0/O or 1/I/L: a leader types this code from an e-mail. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const LEADER_CODE_LENGTH = 8;

export function newLeaderCode(): string {
  let code = '';
  for (let i = 0; i < LEADER_CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/**
 * Gives every leader of the engagement (anyone with direct reports) an authorization code for their
 * report, once, and mails it to them in the engagement's language.
 */
export async function issueLeaderCodes(app: FastifyInstance, engagementId: number): Promise<void> {
  const db = app.db;
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
    await db.insert(tables.leaderReportCodes).values(fresh.map((leaderEmployeeId) => ({ engagementId, leaderEmployeeId, code: newLeaderCode() }))).onConflictDoNothing();
  }
  const unsent = await db
    .select({ code: tables.leaderReportCodes.code, leaderId: tables.leaderReportCodes.leaderEmployeeId, name: tables.employees.name, email: tables.employees.email })
    .from(tables.leaderReportCodes)
    .innerJoin(tables.employees, eq(tables.employees.id, tables.leaderReportCodes.leaderEmployeeId))
    .where(and(eq(tables.leaderReportCodes.engagementId, engagementId), isNull(tables.leaderReportCodes.mailedAt)));
  const locale = isLocale(engagement.defaultLanguage) ? engagement.defaultLanguage : 'hu';
  for (const leader of unsent) {
    if (!leader.email) continue;
    const params = { name: leader.name, engagement: engagement.name, code: leader.code };
    app.mailer.sendInBackground({
      to: leader.email,
      organizationId: engagement.organizationId,
      subject: translate(locale, 'emails.leader_code.subject', params),
      text: [translate(locale, 'emails.leader_code.greeting', params), '', translate(locale, 'emails.leader_code.body', params), '', leader.code, '', translate(locale, 'emails.password_reset.signature')].join('\n'),
    });
    await db
      .update(tables.leaderReportCodes)
      .set({ mailedAt: new Date() })
      .where(and(eq(tables.leaderReportCodes.engagementId, engagementId), eq(tables.leaderReportCodes.leaderEmployeeId, leader.leaderId)));
  }
}
