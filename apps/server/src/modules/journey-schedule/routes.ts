import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZIdParams, ZJourneySchedule, ZJourneyScheduleInput } from '@ona/contracts';
import { forbidden } from '../../errors/api-error.ts';
import { requireAuth, type AuthContext } from '../../plugins/auth.ts';
import { getVisibleEngagement, isEngagementAdmin } from '../engagements/service.ts';
import { readSchedule, removeSchedule, saveSchedule } from './schedule-service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const tags = ['journeys'];
const adminOnly = 'Engagement admins of the caller’s organisation only (403 otherwise); another organisation’s id answers 404.';

/** A journey's schedule: opening and closing at set times in the organisation's time zone (docs/journeys.md). */
export const journeyScheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminJourney = async (auth: AuthContext, id: number) => {
    const engagement = await getVisibleEngagement(app.db, auth, id);
    if (!isEngagementAdmin(auth)) throw forbidden();
    return engagement;
  };

  app.get('/engagements/:id/schedule/', {
    onRequest: app.authenticate,
    schema: { tags, summary: 'The journey’s timeline: its scheduled steps (open, reminder, digest, close) with their state (pending, done, cancelled, failed), and when its answers will be anonymised', description: adminOnly, params: ZIdParams, response: { 200: ZJourneySchedule, ...errors } },
  }, async (request) => readSchedule(app.db, await adminJourney(requireAuth(request), request.params.id), app.clock()));

  app.put('/engagements/:id/schedule/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Schedule the journey: invitations (with an .ics event) go out at opens_at, reminders follow the cadence, administrators get a daily digest; at closes_at answers stop, the analysis runs and the administrators get a “reports ready” e-mail',
      description: `${adminOnly} Times are local, in the organisation’s time zone. \`reminders\` (default 3 and 7 days after the opening and 09:00 on the closing day) become reminder steps moved into the organisation’s sending hours; reminders outside the window are left out. Each reminder reaches those who have not finished at that moment, in their own time zone’s sending hours, at most the organisation’s \`reminder_max_per_person\` (docs/journeys.md, “Reminders”). 400 \`schedule_in_past\` (errors.opens_at), \`schedule_close_before_open\` (errors.closes_at), \`schedule_time_nonexistent\` / \`schedule_time_ambiguous\` for a time the clocks skip or repeat on a daylight-saving change; 409 \`schedule_survey_missing\` without a questionnaire. Replaces the pending steps of an earlier schedule; the survey window becomes the local days of the two times.`,
      params: ZIdParams,
      body: ZJourneyScheduleInput,
      response: { 200: ZJourneySchedule, ...errors },
    },
  }, async (request) => saveSchedule(app, await adminJourney(requireAuth(request), request.params.id), request.body));

  app.delete('/engagements/:id/schedule/', {
    onRequest: app.authenticate,
    schema: { tags, summary: 'Cancel the journey’s pending steps (they stay on the timeline as cancelled)', description: adminOnly, params: ZIdParams, response: { 200: ZJourneySchedule, ...errors } },
  }, async (request) => removeSchedule(app, await adminJourney(requireAuth(request), request.params.id)));
};
