import type { FastifyPluginAsync } from 'fastify';

/** The analytics calls of spec section 7 (retention, reports, 360, key people, statistics, exports). */
export const analyticsModuleRoutes: FastifyPluginAsync = async () => {};
