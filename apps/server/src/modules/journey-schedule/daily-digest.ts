import type { FastifyInstance } from 'fastify';
import { CONTENT_LANGUAGES, type TContentLanguage } from '@ona/contracts';
import { and, eq, isNull, sql, tables, type Database } from '@ona/db';
import { translate } from '../../i18n/translate.ts';
import { toLocalTime } from './local-time.ts';
import { addLocalDays, instantAtOrAfter, nextAllowedInstant, type SendingHours } from './sending-hours.ts';

const { employees, units, surveyParticipations, memberships, users, directoryPeople, organizations } = tables;
type EngagementRow = typeof tables.engagements.$inferSelect;

/** Below this response rate a unit is named in the digest: network results are trustworthy from about 80 %. */
export const DIGEST_RATE_TARGET = 0.8;

/** The next digest: the start of the sending hours on the first allowed local day after `after`'s. */
export function nextDigestAt(after: Date, timeZone: string, hours: SendingHours): Date {
  const nextDay = addLocalDays(toLocalTime(after, timeZone).slice(0, 10), 1);
  return nextAllowedInstant(instantAtOrAfter(`${nextDay}T${hours.start}`, timeZone), timeZone, hours);
}

export interface UnitResponse {
  name: string | null;
  people: number;
  finished: number;
}

/** People still in the journey and those who finished, per unit (its direct members). */
export async function responseByUnit(db: Database, engagementId: number): Promise<UnitResponse[]> {
  const rows = await db
    .select({
      name: units.name,
      position: sql<number>`min(${units.position})`,
      people: sql<number>`count(*)::int`,
      finished: sql<number>`count(${surveyParticipations.finishedAt})::int`,
    })
    .from(employees)
    .leftJoin(units, eq(units.id, employees.unitId))
    .leftJoin(surveyParticipations, and(eq(surveyParticipations.engagementId, employees.engagementId), eq(surveyParticipations.employeeId, employees.id)))
    .where(and(eq(employees.engagementId, engagementId), isNull(employees.leftAt)))
    .groupBy(units.id, units.name);
  return rows
    .sort((a, b) => (a.name === null ? 1 : 0) - (b.name === null ? 1 : 0) || (a.position ?? 0) - (b.position ?? 0) || (a.name ?? '').localeCompare(b.name ?? ''))
    .map((row) => ({ name: row.name, people: row.people, finished: row.finished }));
}

const percent = (finished: number, people: number) => (people === 0 ? 0 : Math.floor((finished / people) * 100));

/**
 * The digest's text in one language. A unit with fewer finished answers than the anonymity
 * threshold is named without its rate (its results would be withheld, and its counts could point
 * at people); one under 80 % is named with it.
 */
export function digestText(language: TContentLanguage, facts: { name: string; engagement: string; closes: string; zone: string; link: string; threshold: number; units: UnitResponse[] }): { subject: string; text: string } {
  const t = (key: Parameters<typeof translate>[1], params: Record<string, string | number> = {}) => translate(language, key, params);
  const people = facts.units.reduce((sum, unit) => sum + unit.people, 0);
  const finished = facts.units.reduce((sum, unit) => sum + unit.finished, 0);
  const rate = percent(finished, people);
  const unitName = (unit: UnitResponse) => unit.name ?? t('journeys.emails.digest.no_unit');
  const small = facts.units.filter((unit) => unit.finished < facts.threshold);
  const low = facts.units.filter((unit) => unit.finished >= facts.threshold && unit.finished < unit.people * DIGEST_RATE_TARGET);
  const lines = facts.units.map((unit) =>
    unit.finished < facts.threshold
      ? t('journeys.emails.digest.unit_withheld', { unit: unitName(unit) })
      : t('journeys.emails.digest.unit_rate', { unit: unitName(unit), rate: percent(unit.finished, unit.people), finished: unit.finished, people: unit.people }),
  );
  const named = [
    ...(low.length > 0 ? [t('journeys.emails.digest.low_units', { units: low.map(unitName).join(', ') })] : []),
    ...(small.length > 0 ? [t('journeys.emails.digest.small_units', { units: small.map(unitName).join(', '), threshold: facts.threshold })] : []),
  ];
  const text = [
    t('journeys.emails.digest.intro', { name: facts.name, engagement: facts.engagement, closes: facts.closes, zone: facts.zone, finished, people, rate }),
    [t('journeys.emails.digest.by_unit'), ...lines.map((line) => `- ${line}`)].join('\n'),
    named.length > 0 ? named.join('\n') : t('journeys.emails.digest.all_fine'),
    t('journeys.emails.digest.footer', { link: facts.link }),
  ].join('\n\n');
  return { subject: t('journeys.emails.digest.subject', { engagement: facts.engagement, rate }), text };
}

/**
 * The organisation's engagement administrators, each with their language: the one the directory
 * holds for their address (SCIM `preferredLanguage`, e.g. `de-AT` → de), else the organisation's.
 */
export async function adminsWithLanguage(db: Database, organizationId: number): Promise<{ name: string; email: string; language: TContentLanguage }[]> {
  const rows = await db
    .select({ name: users.name, email: users.email, language: directoryPeople.language, organizationLanguage: organizations.defaultLanguage })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .leftJoin(directoryPeople, and(eq(directoryPeople.organizationId, memberships.organizationId), sql`lower(${directoryPeople.email}) = lower(${users.email})`, isNull(directoryPeople.deletedAt)))
    .where(and(eq(memberships.organizationId, organizationId), isNull(memberships.deactivatedAt), eq(users.isActive, true), sql`'engagement_admin' = any(${memberships.permissions})`));
  const supported = (value: string | null) => (CONTENT_LANGUAGES as readonly string[]).find((language) => value?.toLowerCase().slice(0, 2) === language) as TContentLanguage | undefined;
  const byEmail = new Map<string, { name: string; email: string; language: TContentLanguage }>();
  for (const row of rows) byEmail.set(row.email.toLowerCase(), { name: row.name, email: row.email, language: supported(row.language) ?? supported(row.organizationLanguage) ?? 'en' });
  return [...byEmail.values()];
}

/** Writes the day's digest to every engagement administrator, in the caller's transaction. */
export async function writeDigest(app: FastifyInstance, tx: Database, engagement: EngagementRow, closesAt: Date | null, timeZone: string, threshold: number, linkBase: string): Promise<number> {
  const admins = await adminsWithLanguage(tx, engagement.organizationId);
  const unitRows = await responseByUnit(tx, engagement.id);
  const closes = closesAt ? toLocalTime(closesAt, timeZone).replace('T', ' ') : (engagement.accessTill ?? '');
  for (const admin of admins) {
    const email = digestText(admin.language, { name: admin.name, engagement: engagement.name, closes, zone: timeZone, link: `${linkBase}/engagements/${engagement.id}/`, threshold, units: unitRows });
    await app.mailer.record(tx, { to: admin.email, organizationId: engagement.organizationId, subject: email.subject, text: email.text });
  }
  return admins.length;
}
