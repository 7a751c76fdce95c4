import { randomBytes } from 'node:crypto';
import { CONTENT_LANGUAGES, type TContentLanguage, type TCurrentOrganization } from '@ona/contracts';
import { eq, tables } from '@ona/db';
import { notFound } from '../../errors/api-error.ts';
import type { DbExecutor } from '../engagement-admin/db-executor.ts';
import type { CheckedLogo } from './logo-content.ts';

const { organizations } = tables;

export function toContentLanguage(value: string): TContentLanguage {
  return (CONTENT_LANGUAGES as readonly string[]).includes(value) ? (value as TContentLanguage) : 'hu';
}

export async function loadCurrentOrganization(db: DbExecutor, organizationId: number): Promise<TCurrentOrganization> {
  const [org] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  if (!org) throw notFound();
  return {
    id: org.id,
    name: org.name,
    default_language: toContentLanguage(org.defaultLanguage),
    logo_url: org.logoUrl,
    time_zone: org.timeZone,
    sending_hours_start: org.sendingHoursStart,
    sending_hours_end: org.sendingHoursEnd,
    send_on_weekends: org.sendOnWeekends,
    reminder_max_per_person: org.reminderMaxPerPerson,
  };
}

/** The public path of one stored logo. */
export function logoPath(organizationId: number, file: string): string {
  return `/api/organization-logos/${organizationId}/${file}`;
}

/**
 * A new version for every upload, so that the path can be cached for a year: a changed logo has
 * a new address, and the old address answers 404.
 */
export function newLogoUrl(organizationId: number, logo: CheckedLogo, now: Date): string {
  const version = `${now.getTime().toString(36)}${randomBytes(4).toString('hex')}`;
  return logoPath(organizationId, `${version}.${logo.extension}`);
}
