import type { TConfidentialityPatch, TConfidentialitySettings } from '@ona/contracts';
import { and, asc, eq, gt, gte, isNull, lte, tables, type Database } from '@ona/db';
import { ApiError, notFound } from '../../errors/api-error.ts';
import { todayUtc } from '../survey/survey-window.ts';

const { engagements, organizations } = tables;

/** The three settings as a journey or an organisation carries them. */
export interface Confidentiality {
  minGroupSize: number;
  freeTextMinGroupSize: number;
  aggregateRiskOnlyForLeaders: boolean;
}

const settingsColumns = {
  minGroupSize: organizations.minGroupSize,
  freeTextMinGroupSize: organizations.freeTextMinGroupSize,
  aggregateRiskOnlyForLeaders: organizations.aggregateRiskOnlyForLeaders,
};

/** The organisation's current settings (what a journey created now starts with). */
export async function organizationConfidentiality(db: Pick<Database, 'select'>, organizationId: number): Promise<Confidentiality> {
  const [row] = await db.select(settingsColumns).from(organizations).where(eq(organizations.id, organizationId));
  if (!row) throw notFound();
  return row;
}

/**
 * The journeys that are open today: within their survey window and not closed by hand (the same
 * rule as journeyState's `open`, also for a journey analysed while it still takes answers).
 */
async function openJourneys(db: Pick<Database, 'select'>, organizationId: number, today: string): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: engagements.id, name: engagements.name })
    .from(engagements)
    .where(and(eq(engagements.organizationId, organizationId), isNull(engagements.closedAt), lte(engagements.accessFrom, today), gte(engagements.accessTill, today)))
    .orderBy(asc(engagements.id));
}

export async function loadConfidentialitySettings(db: Database, organizationId: number, today: string = todayUtc()): Promise<TConfidentialitySettings> {
  const settings = await organizationConfidentiality(db, organizationId);
  return {
    min_group_size: settings.minGroupSize,
    free_text_min_group_size: settings.freeTextMinGroupSize,
    aggregate_risk_only_for_leaders: settings.aggregateRiskOnlyForLeaders,
    locked_by: await openJourneys(db, organizationId, today),
  };
}

/**
 * Changes the settings, or refuses: 409 `confidentiality_locked` while any journey is open (the
 * people answering it were promised the settings it opened with), 400 when the free-text threshold
 * would fall below the anonymity threshold. The organisation and every journey that has not opened
 * yet (drafts follow the organisation) change in one transaction; journeys that opened keep theirs.
 */
export async function changeConfidentialitySettings(db: Database, organizationId: number, patch: TConfidentialityPatch, today: string = todayUtc()): Promise<void> {
  await db.transaction(async (tx) => {
    // Row lock: two administrators saving at once are ordered, and a journey created meanwhile copies one of the two.
    const [current] = await tx.select(settingsColumns).from(organizations).where(eq(organizations.id, organizationId)).for('update');
    if (!current) throw notFound();
    const open = await openJourneys(tx, organizationId, today);
    if (open.length > 0) throw new ApiError(409, 'confidentiality_locked', 'organizations.confidentiality.errors.locked', undefined, { journeys: open.map((j) => j.name).join(', ') });
    const next: Confidentiality = {
      minGroupSize: patch.min_group_size ?? current.minGroupSize,
      freeTextMinGroupSize: patch.free_text_min_group_size ?? current.freeTextMinGroupSize,
      aggregateRiskOnlyForLeaders: patch.aggregate_risk_only_for_leaders ?? current.aggregateRiskOnlyForLeaders,
    };
    if (next.freeTextMinGroupSize < next.minGroupSize) {
      throw new ApiError(400, 'free_text_below_threshold', 'errors.validation_failed', { free_text_min_group_size: ['organizations.confidentiality.errors.free_text_below_threshold'] }, { min: next.minGroupSize });
    }
    await tx.update(organizations).set(next).where(eq(organizations.id, organizationId));
    await tx
      .update(engagements)
      .set(next)
      .where(and(eq(engagements.organizationId, organizationId), isNull(engagements.closedAt), gt(engagements.accessFrom, today)));
  });
}
