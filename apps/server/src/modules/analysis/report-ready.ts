import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, tables, type Database } from '@ona/db';
import { emailLanguage, engagementTemplate, renderTemplateText } from '../email-templates/service.ts';
import { emailLink } from '../engagement-admin/public-links.ts';

/** Levels that let someone open their individual report; no_access and module_disabled do not. */
const READING_LEVELS = ['self_only', 'subtree', 'all_access'];
/** E-mails rendered and held at once: a thousand of a few KB each. */
export const EMAILS_PER_BATCH = 1_000;

/**
 * Tells the employees who can read an individual report that the results are in, from the
 * engagement's `report_ready` template in its default language, after every successful run: a
 * run replaces the reports, so what a reader saw before may have changed. Recipients: employees linked to a user whose `individual_reports` level is one of
 * READING_LEVELS in this engagement (an e-mail to someone who cannot open the page helps nobody);
 * the address is the user's, the one they sign in with. `db` is the transaction that stores the
 * run's completion (plugins/analysis-jobs.ts).
 */
export async function sendReportReady(app: FastifyInstance, db: Database, engagementId: number, linkBase: string): Promise<number> {
  const { employees, engagements, moduleAccess, users } = tables;
  const [engagement] = await db.select().from(engagements).where(eq(engagements.id, engagementId));
  // With individual reports switched off nobody can read one, so nobody is told they are ready.
  if (!engagement || !engagement.modules.includes('individual_reports')) return 0;
  const readers = await db
    .select({ name: employees.name, email: users.email })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .innerJoin(
      moduleAccess,
      and(eq(moduleAccess.engagementId, employees.engagementId), eq(moduleAccess.userId, users.id), eq(moduleAccess.module, 'individual_reports')),
    )
    .where(and(eq(employees.engagementId, engagementId), eq(users.isActive, true), inArray(moduleAccess.accessLevel, READING_LEVELS)));
  if (readers.length === 0) return 0;
  const template = await engagementTemplate(db, engagementId, 'report_ready', emailLanguage(engagement.defaultLanguage));
  const link = emailLink(linkBase, engagementId, 'report_ready');
  // A thousand e-mails rendered and recorded at a time (recordMany): an organisation whose people
  // all sign in gets one per person, 100,000 at the largest, which one by one were two round trips each.
  for (let start = 0; start < readers.length; start += EMAILS_PER_BATCH) {
    await app.mailer.recordMany(
      db,
      readers.slice(start, start + EMAILS_PER_BATCH).map((reader) => {
        const email = renderTemplateText(template, { name: reader.name, engagement: engagement.name, link });
        return { to: reader.email, organizationId: engagement.organizationId, subject: email.subject, text: email.text, html: email.html };
      }),
    );
  }
  return readers.length;
}
