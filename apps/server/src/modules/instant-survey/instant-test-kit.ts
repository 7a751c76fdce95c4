import type { TInstantSurvey, TInstantSurveyInput } from '@ona/contracts';
import { createOrganization, createUser, FIXTURE_PASSWORD } from '../../testing/fixtures.ts';
import { authHeader, loginAs, type TestContext } from '../../testing/test-app.ts';

/** Two organisations: Acme's instant-survey host, a colleague without the permission, Globex's host. */
export async function setUpInstantHosts(ctx: TestContext, prefix = 'i') {
  const acme = await createOrganization(ctx.db.db, `Acme ${prefix}`);
  const globex = await createOrganization(ctx.db.db, `Globex ${prefix}`);
  await createUser(ctx.db.db, { email: `${prefix}-host@acme.test`, organizationIds: [acme.id], permissions: ['instant_survey_admin'] });
  await createUser(ctx.db.db, { email: `${prefix}-plain@acme.test`, organizationIds: [acme.id], permissions: ['engagement_admin'] });
  await createUser(ctx.db.db, { email: `${prefix}-host@globex.test`, organizationIds: [globex.id], permissions: ['instant_survey_admin'] });
  return {
    host: await loginAs(ctx.app, `${prefix}-host@acme.test`, FIXTURE_PASSWORD),
    plain: await loginAs(ctx.app, `${prefix}-plain@acme.test`, FIXTURE_PASSWORD),
    otherHost: await loginAs(ctx.app, `${prefix}-host@globex.test`, FIXTURE_PASSWORD),
  };
}

/** One question of every type and two listed participants. */
export function everyTypeSurvey(title = 'Team day'): TInstantSurveyInput {
  return {
    title,
    questions: [
      { label: 'Who do you work with?', type: 'user_select', multiple_selection: true },
      { label: 'Which team would you join?', type: 'options', options: [{ label: 'Red' }, { label: 'Blue' }], layout_orientation: 'vertical' },
      { label: 'How do you feel?', type: 'mood_select' },
      { label: 'How busy are you?', type: 'intensity_select', options: [{ label: 'Low' }, { label: 'Medium' }, { label: 'High' }] },
      { label: 'Anything to add?', type: 'freetext' },
      { label: 'Share 10 points', type: 'scaling', options: [{ label: 'Speed' }, { label: 'Quality' }], points_total: 10 },
    ],
    participants: [{ name: 'Listed Lisa', email: 'lisa@acme.test' }, { name: 'Listed Leo' }],
  };
}

export async function createSurveyAs(ctx: TestContext, token: string, input: TInstantSurveyInput = everyTypeSurvey()): Promise<TInstantSurvey> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/instant-survey/surveys/', headers: authHeader(token), payload: input });
  if (res.statusCode !== 201) throw new Error(`create answered ${res.statusCode}: ${res.body}`);
  return res.json() as TInstantSurvey;
}

export async function startSurveyAs(ctx: TestContext, token: string, surveyId: number): Promise<void> {
  const res = await ctx.app.inject({ method: 'POST', url: `/api/instant-survey/surveys/${surveyId}/start-survey/`, headers: authHeader(token) });
  if (res.statusCode !== 200) throw new Error(`start answered ${res.statusCode}: ${res.body}`);
}

/** A participant joins `survey` with its code, as the join page does. */
export async function join(ctx: TestContext, survey: { public_id: string; code: string }, name: string, headers: Record<string, string> = {}) {
  const res = await ctx.app.inject({ method: 'POST', url: `/api/instant-survey/surveys/${survey.public_id}/create-user/`, headers, payload: { name, survey_code: survey.code } });
  if (res.statusCode !== 201) throw new Error(`create-user answered ${res.statusCode}: ${res.body}`);
  return res.json() as { id: number; name: string; token: string; survey: string };
}

export const instantHeader = (token: string) => ({ authorization: `InstantToken ${token}` });
