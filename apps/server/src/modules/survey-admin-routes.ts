import type { FastifyPluginAsync } from 'fastify';

/** The employee survey and the engagement admin tools (spec sections 2, 3 and 7). */
export const surveyAdminModuleRoutes: FastifyPluginAsync = async () => {};
