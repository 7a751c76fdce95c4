import type { TQuestionnaire, TQuestionnaireItem } from '@ona/contracts';
import { and, eq, inArray, tables, type Database } from '@ona/db';
import type { DbExecutor } from '../engagement-admin/db-executor.ts';
import { conflict } from '../../errors/api-error.ts';
import { defaultQuestionnaire } from './default-questionnaire.ts';
import * as repo from './repository.ts';
import { isQuestionnaireEditable } from './survey-window.ts';

type EngagementRow = typeof tables.engagements.$inferSelect;

function textsOf(item: TQuestionnaireItem): Record<string, string> {
  return Object.fromEntries(Object.entries(item.texts).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].length > 0));
}

export async function readQuestionnaire(db: DbExecutor, engagement: EngagementRow): Promise<TQuestionnaire> {
  const [questions, answerCount] = await Promise.all([repo.loadQuestions(db, engagement.id), repo.countAnswers(db, engagement.id)]);
  return {
    editable: isQuestionnaireEditable(engagement, answerCount),
    questions: questions.map((q, index) => ({
      id: q.id,
      index,
      key: q.key,
      category: q.category as TQuestionnaireItem['category'],
      kind: q.kind,
      texts: { en: q.texts.en ?? Object.values(q.texts)[0] ?? '', ...q.texts },
    })),
  };
}

/**
 * Replaces the questionnaire, keeping the id of every question whose key stays (links and
 * statistics keep pointing at it). Refused once anyone has answered or the survey has begun.
 */
export async function replaceQuestionnaire(db: Database, engagement: EngagementRow, items: TQuestionnaireItem[]): Promise<TQuestionnaire> {
  await db.transaction(async (tx) => {
    // Checked inside the transaction: an answer saved meanwhile would otherwise be cascaded away.
    const answerCount = await repo.countAnswers(tx, engagement.id);
    if (!isQuestionnaireEditable(engagement, answerCount)) throw conflict('questionnaire_locked', 'survey.errors.questionnaire_locked');
    await writeQuestionnaire(tx, engagement.id, items);
  });
  return readQuestionnaire(db, engagement);
}

export async function writeQuestionnaire(db: DbExecutor, engagementId: number, items: TQuestionnaireItem[]): Promise<void> {
  const q = tables.questions;
  const existing = await repo.loadQuestions(db, engagementId);
  const keep = new Set(items.map((i) => i.key));
  const removed = existing.filter((e) => !keep.has(e.key)).map((e) => e.id);
  if (removed.length > 0) await db.delete(q).where(and(eq(q.engagementId, engagementId), inArray(q.id, removed)));
  for (const [position, item] of items.entries()) {
    const values = { category: item.category, kind: item.kind, position, texts: textsOf(item) };
    const current = existing.find((e) => e.key === item.key);
    if (current) await db.update(q).set(values).where(eq(q.id, current.id));
    else await db.insert(q).values({ engagementId, key: item.key, ...values });
  }
}

/** Creates the survey: the default questionnaire when the engagement has none, and the creation time. */
export async function createSurvey(db: Database, engagement: EngagementRow): Promise<{ created: boolean; engagement: EngagementRow }> {
  return db.transaction(async (tx) => {
    const questions = await repo.loadQuestions(tx, engagement.id);
    if (questions.length === 0) await writeQuestionnaire(tx, engagement.id, defaultQuestionnaire());
    if (engagement.surveyCreatedAt) return { created: false, engagement };
    const surveyCreatedAt = new Date();
    await tx.update(tables.engagements).set({ surveyCreatedAt }).where(eq(tables.engagements.id, engagement.id));
    return { created: true, engagement: { ...engagement, surveyCreatedAt } };
  });
}
