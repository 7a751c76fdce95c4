import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZIdParams, ZJourneyRepeat, ZJourneyRepeatInput, ZJourneySchedule, ZScheduleStepMove, ZScheduleStepParams } from '@ona/contracts';
import { forbidden } from '../../errors/api-error.ts';
import { requireAuth, type AuthContext } from '../../plugins/auth.ts';
import { getVisibleEngagement, isEngagementAdmin } from '../engagements/service.ts';
import { confirmDraftSchedule, readRepeat, saveRepeat } from './recurrence.ts';
import { moveStep, sendStepNow, skipStep } from './step-actions.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const tags = ['journeys'];
const adminOnly = 'Engagement admins of the caller’s organisation only (403 otherwise); another organisation’s journey or a step of another journey answers 404.';
const settled = '409 `step_not_pending` for a step already done, failed or cancelled (the message says which), `step_changed` when it changed meanwhile.';

/** What an administrator does to one step of the timeline, and the recurring programme (docs/journeys.md). */
export const journeyStepActionRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminJourney = async (auth: AuthContext, id: number) => {
    const engagement = await getVisibleEngagement(app.db, auth, id);
    if (!isEngagementAdmin(auth)) throw forbidden();
    return engagement;
  };

  app.post('/engagements/:id/schedule/steps/:stepId/send-now/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Send now: the pending step is carried out at once by the job engine, exactly once',
      description: `${adminOnly} The step's time becomes now; an opening moves the survey's first day to today. ${settled} 409 \`step_draft\` for a step of a draft schedule (confirm it first).`,
      params: ZScheduleStepParams,
      response: { 200: ZJourneySchedule, ...errors },
    },
  }, async (request) => sendStepNow(app, await adminJourney(requireAuth(request), request.params.id), request.params.stepId));

  app.post('/engagements/:id/schedule/steps/:stepId/skip/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Skip: the pending or draft step is cancelled (reason `skipped`) and nothing of it is sent',
      description: `${adminOnly} ${settled}`,
      params: ZScheduleStepParams,
      response: { 200: ZJourneySchedule, ...errors },
    },
  }, async (request) => skipStep(app, await adminJourney(requireAuth(request), request.params.id), request.params.stepId));

  app.post('/engagements/:id/schedule/steps/:stepId/move/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Move: a pending or draft step to a new local time in the organisation’s time zone',
      description: `${adminOnly} 400 (errors.local_time) \`schedule_in_past\`, \`schedule_time_nonexistent\` / \`schedule_time_ambiguous\` (a daylight-saving change), \`step_order_open\` (the opening must come first), \`step_order_close\` (the closing last), \`step_order_between\` (other steps between the two). Moving the opening or closing moves the survey's first or last day. ${settled} 409 \`step_not_movable\` for a next wave.`,
      params: ZScheduleStepParams,
      body: ZScheduleStepMove,
      response: { 200: ZJourneySchedule, ...errors },
    },
  }, async (request) => moveStep(app, await adminJourney(requireAuth(request), request.params.id), request.params.stepId, request.body.local_time));

  app.post('/engagements/:id/schedule/confirm/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Confirm a draft schedule (a recurring programme’s wave created by itself): its steps get their jobs and run',
      description: `${adminOnly} 400 with \`errors["steps.<id>"]\` for each draft step that is past, on a skipped or repeated hour, or out of order (move it first); nothing is confirmed then. 409 \`schedule_not_draft\` when no step is a draft.`,
      params: ZIdParams,
      response: { 200: ZJourneySchedule, ...errors },
    },
  }, async (request) => confirmDraftSchedule(app, await adminJourney(requireAuth(request), request.params.id)));

  app.get('/engagements/:id/schedule/repeat/', {
    onRequest: app.authenticate,
    schema: { tags, summary: 'The journey’s repeat setting (every 6 or 12 months, or none), the wave it created, and whether its own schedule is a draft', description: adminOnly, params: ZIdParams, response: { 200: ZJourneyRepeat, ...errors } },
  }, async (request) => readRepeat(app.db, await adminJourney(requireAuth(request), request.params.id)));

  app.put('/engagements/:id/schedule/repeat/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Repeat every 6 or 12 months: at the scheduled closing the next wave is created by itself as a draft with the schedule shifted',
      description: `${adminOnly} \`every_months\`: 6, 12, or null for no repeat. The next wave is the “Next wave” copy, started by the administrator who set the repeat; its schedule's steps are drafts until confirmed (\`POST …/schedule/confirm/\`).`,
      params: ZIdParams,
      body: ZJourneyRepeatInput,
      response: { 200: ZJourneyRepeat, ...errors },
    },
  }, async (request) => {
    const auth = requireAuth(request);
    return saveRepeat(app.db, await adminJourney(auth, request.params.id), auth.user.id, request.body);
  });
};
