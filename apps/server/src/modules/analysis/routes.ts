import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAnalysisRun, ZApiError, ZIdParams, type TAnalysisRun } from '@ona/contracts';
import { forbidden } from '../../errors/api-error.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { getVisibleEngagement, isEngagementAdmin } from '../engagements/service.ts';
import { enqueueRun, listRuns } from './run-repository.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };

function toRun(run: Awaited<ReturnType<typeof listRuns>>[number]): TAnalysisRun {
  return {
    id: run.id,
    status: run.status as TAnalysisRun['status'],
    progress: run.progress,
    step: run.step,
    created_at: run.createdAt.toISOString(),
    started_at: run.startedAt?.toISOString() ?? null,
    finished_at: run.finishedAt?.toISOString() ?? null,
    error: run.error,
    timings: run.timings ?? null,
  };
}

export const analysisRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/engagements/:id/run-analysis/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['analysis'],
      summary: 'Queue an analysis run (engagement admins); any instance picks it up and runs it in a worker thread',
      params: ZIdParams,
      response: { 202: ZAnalysisRun, ...errors },
    },
  }, async (request, reply) => {
    const auth = requireAuth(request);
    const engagement = await getVisibleEngagement(app.db, auth, request.params.id);
    if (!isEngagementAdmin(auth)) throw forbidden();
    const run = await enqueueRun(app, engagement.id, auth.user.id);
    app.analysisJobs.wake();
    return reply.status(202).send(toRun(run));
  });

  app.get('/engagements/:id/analysis-runs/', {
    onRequest: app.authenticate,
    schema: { tags: ['analysis'], summary: 'Analysis runs of an engagement with their progress, newest first', params: ZIdParams, response: { 200: z.array(ZAnalysisRun), ...errors } },
  }, async (request) => {
    const auth = requireAuth(request);
    const engagement = await getVisibleEngagement(app.db, auth, request.params.id);
    if (!isEngagementAdmin(auth)) throw forbidden();
    return (await listRuns(app.db, engagement.id)).map(toRun);
  });
};
