import { asc, eq, sql, tables } from '@ona/db';
import type { DbExecutor } from '../engagement-admin/db-executor.ts';
import { defaultLeadershipItems } from '../../demo/demo-leadership-items.ts';
import { defaultQuestionnaire } from '../survey/default-questionnaire.ts';

const { emailTemplates, leadershipItems, moduleAccess, questions } = tables;

/** The parts of a questionnaire that a copy keeps: the same keys, so that waves can be compared. */
export interface QuestionCopy {
  key: string;
  category: string;
  kind: string;
  texts: Record<string, string>;
}
export interface LeadershipItemCopy {
  dimension: string;
  texts: { en: string; hu: string; de: string; ru: string };
}
export interface QuestionnaireCopy {
  questions: QuestionCopy[];
  leadershipItems: LeadershipItemCopy[];
}

/** The default questionnaire, with the default 360 block when 360 reports are among the modules. */
export function defaultQuestionnaireCopy(with360: boolean): QuestionnaireCopy {
  const items = defaultQuestionnaire().map((q) => ({
    key: q.key,
    category: q.category,
    kind: q.kind,
    texts: Object.fromEntries(Object.entries(q.texts).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].length > 0)),
  }));
  return { questions: items, leadershipItems: with360 ? defaultLeadershipBlock() : [] };
}

export function defaultLeadershipBlock(): LeadershipItemCopy[] {
  return defaultLeadershipItems().map((item) => ({ dimension: item.dimension, texts: { ...item.texts } }));
}

/** A journey's questions and 360 items in their order. */
export async function readQuestionnaireCopy(db: DbExecutor, engagementId: number): Promise<QuestionnaireCopy> {
  const [questionRows, itemRows] = await Promise.all([
    db.select().from(questions).where(eq(questions.engagementId, engagementId)).orderBy(asc(questions.position), asc(questions.id)),
    db.select().from(leadershipItems).where(eq(leadershipItems.engagementId, engagementId)).orderBy(asc(leadershipItems.position), asc(leadershipItems.id)),
  ]);
  return {
    questions: questionRows.map((q) => ({ key: q.key, category: q.category, kind: q.kind, texts: { ...q.texts } })),
    leadershipItems: itemRows.map((i) => ({ dimension: i.dimension, texts: { ...i.texts } })),
  };
}

/** Writes a questionnaire into a journey that has none yet: one statement for each table. */
export async function insertQuestionnaire(db: DbExecutor, engagementId: number, copy: QuestionnaireCopy): Promise<void> {
  if (copy.questions.length > 0) {
    await db.insert(questions).values(copy.questions.map((q, position) => ({ engagementId, key: q.key, category: q.category, kind: q.kind, position, texts: q.texts })));
  }
  await insertLeadershipItems(db, engagementId, copy.leadershipItems);
}

export async function insertLeadershipItems(db: DbExecutor, engagementId: number, items: LeadershipItemCopy[]): Promise<void> {
  if (items.length === 0) return;
  await db.insert(leadershipItems).values(items.map((item, i) => ({ engagementId, dimension: item.dimension, position: i + 1, texts: item.texts })));
}

/**
 * all_access for this user to each of these modules, where they have no level yet: whoever
 * creates a journey or switches a module on can open its tiles at once.
 */
export async function grantAllAccess(db: DbExecutor, engagementId: number, userId: number, modules: readonly string[]): Promise<void> {
  if (modules.length === 0) return;
  await db.insert(moduleAccess).values(modules.map((module) => ({ engagementId, userId, module, accessLevel: 'all_access' }))).onConflictDoNothing();
}

/** Every access row and e-mail text of one journey, copied to another in one statement each. */
export async function copyAccessAndTemplates(db: DbExecutor, fromId: number, toId: number): Promise<void> {
  await db.execute(sql`
    insert into ${moduleAccess} (engagement_id, user_id, module, access_level)
    select ${toId}, user_id, module, access_level from ${moduleAccess} where engagement_id = ${fromId}`);
  await db.execute(sql`
    insert into ${emailTemplates} (engagement_id, kind, language, subject, body, updated_at, updated_by)
    select ${toId}, kind, language, subject, body, updated_at, updated_by from ${emailTemplates} where engagement_id = ${fromId}`);
}
