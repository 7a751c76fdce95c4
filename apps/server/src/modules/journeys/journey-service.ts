import { organizationConfidentiality } from '../confidentiality/confidentiality-settings.ts';
import type { TEngagement, TJourneyCreate, TJourneyUpdate, TNextWave } from '@ona/contracts';
import { and, eq, sql, tables, type Database } from '@ona/db';
import { ApiError, conflict, forbidden, notFound } from '../../errors/api-error.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { DbExecutor } from '../engagement-admin/db-executor.ts';
import { requireAdminEngagement } from '../engagement-admin/admin-guard.ts';
import { journeyState } from '../engagements/journey-state.ts';
import { analysedEngagementIds, findEngagement } from '../engagements/repository.ts';
import { getEngagement, isEngagementAdmin } from '../engagements/service.ts';
import { isQuestionnaireEditable, todayUtc } from '../survey/survey-window.ts';
import {
  copyAccessAndTemplates,
  defaultLeadershipBlock,
  defaultQuestionnaireCopy,
  grantAllAccess,
  insertLeadershipItems,
  insertQuestionnaire,
  readQuestionnaireCopy,
  type QuestionnaireCopy,
} from './journey-content.ts';
import { checkDateEdit, checkNewJourneyDates } from './journey-rules.ts';
import { copyPeople } from './people-copy.ts';
import { dayOf, reconcileJourneyWithDirectory } from '../directory-journeys/journey-people-sync.ts';

const { answers, engagements, leadershipAnswers, leadershipItems, questions } = tables;
type EngagementRow = typeof engagements.$inferSelect;

/** Whether anyone has answered: a network question or a 360 item. */
async function hasAnswers(db: DbExecutor, engagementId: number): Promise<boolean> {
  const [row] = await db
    .select({
      n: sql<number>`(select count(*) from ${answers} where ${answers.engagementId} = ${engagementId})::int + (select count(*) from ${leadershipAnswers} where ${leadershipAnswers.engagementId} = ${engagementId})::int`,
    })
    .from(sql`(select 1) as one`);
  return (row?.n ?? 0) > 0;
}

/** The questionnaire a new journey starts with; a copy comes only from the caller's own organisation. */
async function questionnaireFor(db: DbExecutor, auth: AuthContext, input: TJourneyCreate): Promise<QuestionnaireCopy> {
  const with360 = input.modules.includes('analytics360_reports');
  switch (input.questionnaire.source) {
    case 'empty':
      return { questions: [], leadershipItems: [] };
    case 'default':
      return defaultQuestionnaireCopy(with360);
    case 'copy': {
      const source = await findEngagement(db as Database, auth.organizationId, input.questionnaire.engagement_id);
      if (!source) throw notFound();
      const copy = await readQuestionnaireCopy(db, source.id);
      if (copy.questions.length === 0) {
        throw new ApiError(400, 'copy_source_empty', 'journeys.errors.invalid_journey', { 'questionnaire.engagement_id': ['journeys.errors.copy_source_empty'] });
      }
      return with360 ? copy : { ...copy, leadershipItems: [] };
    }
  }
}

/** `POST /engagements/`: the journey, its questionnaire and the creator's access, all or nothing. */
export async function createJourney(db: Database, auth: AuthContext, input: TJourneyCreate): Promise<TEngagement> {
  if (!isEngagementAdmin(auth)) throw forbidden();
  checkNewJourneyDates(input);
  const id = await db.transaction(async (tx) => {
    const questionnaire = await questionnaireFor(tx, auth, input);
    const [created] = await tx
      .insert(engagements)
      .values({
        // The organisation's confidentiality settings as they stand now (the journey follows later changes until it opens).
        ...(await organizationConfidentiality(tx, auth.organizationId)),
        organizationId: auth.organizationId,
        name: input.name,
        accessFrom: input.access_from,
        accessTill: input.access_till,
        defaultLanguage: input.default_language,
        modules: [...input.modules],
        // A questionnaire makes the survey ready to take; an empty journey waits for its import.
        surveyCreatedAt: questionnaire.questions.length > 0 ? new Date() : null,
        createdBy: auth.user.id,
      })
      .returning({ id: engagements.id });
    if (!created) throw new Error('engagement insert returned nothing');
    await insertQuestionnaire(tx, created.id, questionnaire);
    await grantAllAccess(tx, created.id, auth.user.id, input.modules);
    return created.id;
  });
  return getEngagement(db, auth, id);
}

/** `PATCH /engagements/{id}/`: name, language and modules any time; dates as checkDateEdit allows. */
export async function updateJourney(db: Database, auth: AuthContext, engagementId: number, edit: TJourneyUpdate): Promise<TEngagement> {
  const journey = await requireAdminEngagement(db, auth, engagementId);
  await db.transaction(async (tx) => {
    const answered = await hasAnswers(tx, journey.id);
    const dates = checkDateEdit(journey, edit, answered);
    const switchedOn = (edit.modules ?? []).filter((m) => !journey.modules.includes(m));
    await tx
      .update(engagements)
      .set({
        ...(edit.name === undefined ? {} : { name: edit.name }),
        ...(edit.default_language === undefined ? {} : { defaultLanguage: edit.default_language }),
        ...(edit.modules === undefined ? {} : { modules: [...edit.modules] }),
        accessFrom: dates.accessFrom,
        accessTill: dates.accessTill,
      })
      .where(eq(engagements.id, journey.id));
    await grantAllAccess(tx, journey.id, auth.user.id, switchedOn);
    if (switchedOn.includes('analytics360_reports')) await addDefault360Block(tx, { ...journey, accessFrom: dates.accessFrom }, answered);
  });
  return getEngagement(db, auth, journey.id);
}

/**
 * 360 switched on later: the default 360 block, when the journey has a questionnaire, no 360
 * items yet and its questionnaire may still change (an imported or running survey stays as it is).
 */
async function addDefault360Block(tx: DbExecutor, journey: EngagementRow, answered: boolean): Promise<void> {
  if (!isQuestionnaireEditable(journey, answered ? 1 : 0)) return;
  const [counts] = await tx
    .select({
      questions: sql<number>`(select count(*) from ${questions} where ${questions.engagementId} = ${journey.id})::int`,
      items: sql<number>`(select count(*) from ${leadershipItems} where ${leadershipItems.engagementId} = ${journey.id})::int`,
    })
    .from(sql`(select 1) as one`);
  if ((counts?.questions ?? 0) === 0 || (counts?.items ?? 0) > 0) return;
  await insertLeadershipItems(tx, journey.id, defaultLeadershipBlock());
}

/** `DELETE /engagements/{id}/`: everything of a journey nobody has answered; 409 otherwise. */
export async function deleteJourney(db: Database, auth: AuthContext, engagementId: number): Promise<void> {
  const journey = await requireAdminEngagement(db, auth, engagementId);
  await db.transaction(async (tx) => {
    // Checked inside the transaction: an answer saved meanwhile must not be deleted with it.
    if (await hasAnswers(tx, journey.id)) throw conflict('engagement_has_answers', 'journeys.errors.engagement_has_answers');
    // Units, employees, questions, access rows, templates, runs and codes go by their cascades.
    await tx.update(engagements).set({ previousEngagementId: null }).where(eq(engagements.previousEngagementId, journey.id));
    await tx.delete(engagements).where(and(eq(engagements.id, journey.id), eq(engagements.organizationId, auth.organizationId)));
  });
}

export async function setArchived(db: Database, auth: AuthContext, engagementId: number, archived: boolean): Promise<TEngagement> {
  const journey = await requireAdminEngagement(db, auth, engagementId);
  await db
    .update(engagements)
    .set({ archivedAt: archived ? sql`coalesce(${engagements.archivedAt}, now())` : null })
    .where(eq(engagements.id, journey.id));
  return getEngagement(db, auth, journey.id);
}

/** "Close now" (the first closing time stays); reopening only while the last day has not passed. */
export async function setClosed(db: Database, auth: AuthContext, engagementId: number, closed: boolean): Promise<TEngagement> {
  const journey = await requireAdminEngagement(db, auth, engagementId);
  if (!closed && journey.accessTill < todayUtc()) {
    throw new ApiError(409, 'reopen_after_end', 'journeys.errors.reopen_after_end', undefined, { till: journey.accessTill });
  }
  await db
    .update(engagements)
    .set({ closedAt: closed ? sql`coalesce(${engagements.closedAt}, now())` : null })
    .where(eq(engagements.id, journey.id));
  return getEngagement(db, auth, journey.id);
}

/**
 * `POST /engagements/{id}/next-wave/`: a new journey from a closed or analysed one, with its
 * people, units, filters, questionnaire, modules, language, access rows and e-mail texts; no
 * answers, participations, analysis runs or leader codes. One transaction.
 */
export async function startNextWave(db: Database, auth: AuthContext, engagementId: number, input: TNextWave): Promise<TEngagement> {
  const source = await requireAdminEngagement(db, auth, engagementId);
  const analysed = (await analysedEngagementIds(db, [source.id])).has(source.id);
  const state = journeyState(source, { analysed });
  if (state !== 'closed' && state !== 'analysed') throw conflict('journey_not_finished', 'journeys.errors.journey_not_finished');
  checkNewJourneyDates(input);
  const id = await db.transaction((tx) =>
    copyAsNextWave(tx, source, { name: input.name, accessFrom: input.access_from, accessTill: input.access_till, createdBy: auth.user.id, today: dayOf(new Date()) }),
  );
  return getEngagement(db, auth, id);
}

/** What a next wave takes besides its source: its name, survey window and who starts it. */
export interface NextWaveCopy {
  name: string;
  accessFrom: string;
  accessTill: string;
  /** Who starts it (all_access on its modules); null for a recurring wave whose requester is gone. */
  createdBy: number | null;
  /** The day a directory journey's people are taken on. */
  today: string;
}

/**
 * The next wave's copy of a journey, in the caller's transaction: "Next wave" by hand and a
 * recurring programme's wave created by itself (modules/journey-schedule/recurrence.ts) are the
 * same copy. Answers the new journey's id.
 */
export async function copyAsNextWave(tx: Database, source: EngagementRow, copy: NextWaveCopy): Promise<number> {
  const questionnaire = await readQuestionnaireCopy(tx, source.id);
  const [created] = await tx
    .insert(engagements)
    .values({
      // Today's confidentiality settings of the organisation, not the earlier wave's (which it kept from its own opening).
      ...(await organizationConfidentiality(tx, source.organizationId)),
      organizationId: source.organizationId,
      name: copy.name,
      accessFrom: copy.accessFrom,
      accessTill: copy.accessTill,
      defaultLanguage: source.defaultLanguage,
      modules: [...source.modules],
      surveyCreatedAt: questionnaire.questions.length > 0 ? new Date() : null,
      previousEngagementId: source.id,
      createdBy: copy.createdBy,
      peopleSource: source.peopleSource,
      directoryUnits: source.directoryUnits,
    })
    .returning({ id: engagements.id });
  if (!created) throw new Error('engagement insert returned nothing');
  // A directory journey's next wave takes today's directory (same units), not the old picture
  // with its leavers (docs/directory-journeys.md); an upload journey's copies its people.
  if (source.peopleSource === 'directory') {
    await reconcileJourneyWithDirectory(tx, { id: created.id, organizationId: source.organizationId, directoryUnits: source.directoryUnits }, { kind: 'start' }, copy.today);
  } else await copyPeople(tx, source.id, created.id);
  await insertQuestionnaire(tx, created.id, questionnaire);
  await copyAccessAndTemplates(tx, source.id, created.id);
  if (copy.createdBy !== null) await grantAllAccess(tx, created.id, copy.createdBy, source.modules);
  return created.id;
}
