import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError, ZInstantCustomTemplate, ZInstantTemplateGroup, ZInstantTemplateQuestion } from '@ona/contracts';
import { requireInstantAdmin } from './instant-auth.ts';
import * as repo from './repository.ts';
import { templateGroups, templateQuestions } from './templates.ts';
import { authenticateEveryRoute } from '../../plugins/auth.ts';

const errors = { 401: ZApiError, 403: ZApiError };
const tags = ['instant-survey'];
const CUSTOM_TEMPLATE_LIMIT = 20;

/** Starting points for the creator: built-in template groups and the organisation's own surveys. */
export const instantTemplateRoutes: FastifyPluginAsyncZod = async (app) => {
  authenticateEveryRoute(app);
  app.addHook('preHandler', async (request) => void requireInstantAdmin(request));

  app.get('/instant-survey/templates/groups/', {
    schema: { tags, summary: 'Built-in template groups with their questions, in the request’s language', response: { 200: z.array(ZInstantTemplateGroup), ...errors } },
  }, async (request) => templateGroups(request.locale));

  app.get('/instant-survey/templates/questions/', {
    schema: { tags, summary: 'Every built-in template question', response: { 200: z.array(ZInstantTemplateQuestion), ...errors } },
  }, async (request) => templateQuestions(request.locale));

  app.get('/instant-survey/templates/custom/', {
    schema: { tags, summary: 'The organisation’s recent surveys, reusable as templates', response: { 200: z.array(ZInstantCustomTemplate), ...errors } },
  }, async (request) => {
    const recent = await repo.recentSurveysWithQuestions(app.db, requireInstantAdmin(request).organizationId, CUSTOM_TEMPLATE_LIMIT);
    return recent
      .filter((r) => r.questions.length > 0)
      .map((r) => ({ id: r.survey.id, name: r.survey.title, questions: r.questions.map((q) => ({ ...q, group_id: r.survey.id })) }));
  });
};
