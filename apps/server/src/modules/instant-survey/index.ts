import type { FastifyPluginAsync } from 'fastify';
import { instantPeopleRoutes } from './people-routes.ts';
import { instantSurveyParticipantRoutes } from './participant-routes.ts';
import { instantSurveyHostRoutes } from './routes.ts';
import { instantTemplateRoutes } from './template-routes.ts';

export { instantSurveySocketRoutes } from './socket-routes.ts';

/** Every /api/instant-survey/ call; each part carries its own guard (host token or instant token). */
export const instantSurveyApiRoutes: FastifyPluginAsync<{ publicUrl: string | undefined; instantSurveyUrl: string | undefined }> = async (api, options) => {
  await api.register(instantSurveyParticipantRoutes);
  await api.register(instantSurveyHostRoutes, { publicUrl: options.publicUrl, instantSurveyUrl: options.instantSurveyUrl });
  await api.register(instantPeopleRoutes);
  await api.register(instantTemplateRoutes);
};
