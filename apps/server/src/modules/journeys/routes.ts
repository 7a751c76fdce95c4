import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError, ZEngagement, ZIdParams, ZJourneyCreate, ZJourneyUpdate, ZNextWave } from '@ona/contracts';
import { requireAuth } from '../../plugins/auth.ts';
import { cancelPendingSteps, pendingJobIds } from '../journey-schedule/schedule-service.ts';
import { createJourney, deleteJourney, setArchived, setClosed, startNextWave, updateJourney } from './journey-service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const tags = ['journeys'];
const adminOnly = 'Engagement admins of the caller’s organisation only (403 otherwise); another organisation’s id answers 404.';

/** The life of a journey: create, edit, delete or archive, close and reopen, next wave (docs/journeys.md). */
export const journeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/engagements/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Create a journey with the default questionnaire, a copy of an earlier journey’s, or none (for an import)',
      description: `${adminOnly} 400 \`dates_reversed\` / \`end_date_in_past\` (errors.access_till), \`copy_source_empty\` (errors["questionnaire.engagement_id"]), \`validation_error\` for missing fields or unknown modules; a copy from another organisation’s journey answers 404. The creator gets all_access to every module that is on.`,
      body: ZJourneyCreate,
      response: { 201: ZEngagement, ...errors },
    },
  }, async (request, reply) => reply.status(201).send(await createJourney(app.db, requireAuth(request), request.body)));

  app.patch('/engagements/:id/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Edit a journey: name, default language and modules any time; access_till any time but not into the past; access_from only while nobody has answered',
      description: `${adminOnly} 409 \`access_from_locked\` once anyone has answered; 400 \`dates_reversed\` or \`end_date_in_past\` (errors.access_till). Modules switched on give the caller all_access to them; switched off they are no_access for everybody.`,
      params: ZIdParams,
      body: ZJourneyUpdate,
      response: { 200: ZEngagement, ...errors },
    },
  }, async (request) => updateJourney(app.db, requireAuth(request), request.params.id, request.body));

  app.delete('/engagements/:id/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Delete a journey nobody has answered, with everything of it (409 `engagement_has_answers` otherwise: archive it instead)',
      description: adminOnly,
      params: ZIdParams,
      response: { 204: z.null().describe('Deleted'), ...errors },
    },
  }, async (request, reply) => {
    // Its scheduled steps go with it (cascade); their queued jobs are cancelled once it is gone.
    const jobIds = await pendingJobIds(app.db, [request.params.id]);
    await deleteJourney(app.db, requireAuth(request), request.params.id);
    if (jobIds.length > 0) await app.jobs.cancel('journey-step', jobIds);
    return reply.status(204).send(null);
  });

  const action = (path: string, summary: string, run: (auth: ReturnType<typeof requireAuth>, id: number) => Promise<z.infer<typeof ZEngagement>>) =>
    app.post(`/engagements/:id/${path}/`, {
      onRequest: app.authenticate,
      schema: { tags, summary, description: adminOnly, params: ZIdParams, response: { 200: ZEngagement, ...errors } },
    }, async (request) => run(requireAuth(request), request.params.id));

  action('archive', 'Archive a journey: hidden from the journeys list (and from everybody but admins), kept for waves', (auth, id) => setArchived(app.db, auth, id, true));
  action('unarchive', 'Bring an archived journey back to the journeys list', (auth, id) => setArchived(app.db, auth, id, false));
  action('close', '“Close now”: the survey takes no more answers (409 `survey_closed`) and the state becomes closed; pending scheduled steps are cancelled (reason `closed_by_hand`)', async (auth, id) => {
    const closed = await setClosed(app.db, auth, id, true);
    await app.db.transaction((tx) => cancelPendingSteps(app, tx, id, 'closed_by_hand'));
    return closed;
  });
  action('reopen', 'Undo “Close now” while the last day has not passed (409 `reopen_after_end` afterwards)', (auth, id) => setClosed(app.db, auth, id, false));

  app.post('/engagements/:id/next-wave/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Start the next wave of a closed or analysed journey: employees, units, filters, questionnaire (same keys), modules, access rights and e-mail texts, without answers',
      description: `${adminOnly} 409 \`journey_not_finished\` while the journey is a draft or open; 400 \`dates_reversed\` / \`end_date_in_past\` (errors.access_till).`,
      params: ZIdParams,
      body: ZNextWave,
      response: { 201: ZEngagement, ...errors },
    },
  }, async (request, reply) => reply.status(201).send(await startNextWave(app.db, requireAuth(request), request.params.id, request.body)));
};
