import type { TSurveyAdminOverview } from '@ona/contracts';
import type { Database, tables } from '@ona/db';
import { readQuestionnaire } from './questionnaire.ts';
import { participationCounts } from './repository.ts';

type EngagementRow = typeof tables.engagements.$inferSelect;

export async function surveyOverview(db: Database, engagement: EngagementRow): Promise<TSurveyAdminOverview> {
  const [counts, questionnaire] = await Promise.all([participationCounts(db, engagement.id), readQuestionnaire(db, engagement)]);
  return {
    id: engagement.id,
    survey_created_at: engagement.surveyCreatedAt?.toISOString() ?? null,
    access_from: engagement.accessFrom,
    access_till: engagement.accessTill,
    participant_count: counts.participants,
    participants_with_email: counts.withEmail,
    invited_count: counts.invited,
    terms_accepted_count: counts.accepted,
    answered_count: counts.answered,
    finished_count: counts.finished,
    questionnaire,
  };
}
