import { eq, sql, tables, type Database } from '@ona/db';
import type { TInstantAnswerValue } from '@ona/contracts';
import * as repo from './repository.ts';
import { templateGroups } from './templates.ts';

export const DEMO_SURVEY_CODE = 'DEMO2026A';
const DEMO_ADMIN_EMAIL = 'admin@example.com';

/** Six colleagues who have already answered, so that the graph and the analysis have something to show. */
const DEMO_PEOPLE = ['Anna Kovács', 'Bence Tóth', 'Clara Weber', 'Dávid Nagy', 'Eszter Szabó', 'Frank Miller'];
// Who names whom on the first (user_select) question: Anna and Bence name each other, Frank is named by nobody.
const DEMO_TIES: number[][] = [[1, 2], [0, 3], [0], [2, 4], [3, 0], [0]];
const DEMO_MOODS = ['positive', 'positive-very', 'neutral', 'positive', 'negative', 'neutral'] as const;
const DEMO_TEXTS = ['A clear plan for the next quarter.', 'Fewer meetings, more focus time.', 'To meet the new colleagues.', 'Decisions on the tooling.', 'Honest feedback.', 'Good coffee and good ideas.'];

/**
 * The started instant survey of DECISIONS.md with the code DEMO2026A, owned by the demo admin's
 * organisation: the "Team workshop" template with six people who answered. Called once when the
 * demo loads (standard-demo.ts).
 */
export async function loadInstantSurveyDemo(db: Database): Promise<void> {
  const [admin] = await db.select().from(tables.users).where(eq(sql`lower(${tables.users.email})`, DEMO_ADMIN_EMAIL)).limit(1);
  if (!admin?.currentOrganizationId) throw new Error('the instant-survey demo needs the demo admin');
  const template = templateGroups('en')[0];
  if (!template) throw new Error('no template');
  const survey = await repo.insertSurvey(db, admin.currentOrganizationId, admin.id, 'Team workshop (demo)', DEMO_SURVEY_CODE);
  await repo.syncQuestions(
    db,
    survey.id,
    template.questions.map((q) => ({ ...q, id: undefined, options: q.options.map((o) => ({ label: o.label })) })),
  );
  await repo.syncParticipants(db, survey.id, DEMO_PEOPLE.map((name) => ({ name, email: null })));
  await repo.changeState(db, survey.id, 'pending', 'started');

  const questions = await repo.loadQuestions(db, survey.id);
  const people = await repo.loadParticipantRows(db, survey.id);
  const personId = (index: number) => people[index]?.id ?? 0;
  await db.update(tables.instantSurveyParticipants).set({ joinedAt: new Date(), finishedAt: new Date(), currentQuestionIndex: questions.length - 1 }).where(eq(tables.instantSurveyParticipants.surveyId, survey.id));

  for (const [index, person] of people.entries()) {
    for (const question of questions) {
      const option = (n: number) => question.options[n % Math.max(1, question.options.length)]?.id ?? 0;
      let value: TInstantAnswerValue;
      switch (question.type) {
        case 'user_select':
          value = { type: 'user_select', selected_users: (DEMO_TIES[index] ?? []).map(personId) };
          break;
        case 'options':
          value = { type: 'options', groups: [{ option_id: option(index), users: [person.id] }] };
          break;
        case 'mood_select':
          value = { type: 'mood_select', mood: DEMO_MOODS[index] ?? 'neutral' };
          break;
        case 'intensity_select':
          value = { type: 'intensity_select', option_id: option(index + 1) };
          break;
        case 'freetext':
          value = { type: 'freetext', text: DEMO_TEXTS[index] ?? '' };
          break;
        case 'scaling':
          value = { type: 'scaling', points: [{ option_id: option(index), points: 6 }, { option_id: option(index + 1), points: 4 }] };
          break;
      }
      await repo.upsertAnswer(db, survey.id, question.id, person.id, value);
    }
  }
}
