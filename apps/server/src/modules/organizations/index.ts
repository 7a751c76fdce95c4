import type { FastifyPluginAsync } from 'fastify';
import { currentOrganizationRoutes } from './current-organization-routes.ts';
import { organizationUsersRoutes } from './organization-users-routes.ts';
import { confidentialityRoutes } from '../confidentiality/confidentiality-routes.ts';
import { privacyNoticeRoutes } from '../privacy-notice/privacy-notice-routes.ts';
import { platformOrganizationRoutes } from './platform-routes.ts';

/** Organisations (platform administrators) and the current organisation's settings and users. */
export const organizationRoutes: FastifyPluginAsync<{ publicUrl: string | undefined }> = async (app, options) => {
  await app.register(platformOrganizationRoutes);
  await app.register(currentOrganizationRoutes);
  await app.register(confidentialityRoutes);
  await app.register(privacyNoticeRoutes);
  await app.register(organizationUsersRoutes, { publicUrl: options.publicUrl });
};
