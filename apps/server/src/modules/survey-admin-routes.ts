import type { FastifyPluginAsync } from 'fastify';
import { emailTemplateRoutes } from './email-templates/routes.ts';
import type { PublicUrlOptions } from './engagement-admin/public-links.ts';
import { engagementAdminRoutes } from './engagement-admin/routes.ts';
import { directoryJourneyRoutes } from './directory-journeys/routes.ts';
import { employeesImportRoutes } from './employees-import/routes.ts';
import { surveyAdminRoutes } from './survey/admin-routes.ts';
import { registerUploads } from './uploads/upload-connection.ts';
import { employeeSurveyRoutes } from './survey/routes.ts';

/**
 * The employee survey and the engagement admin tools (spec sections 2, 3 and 7). `publicUrl`
 * (PUBLIC_URL) is the origin of links in e-mails; without it the request's origin is used.
 */
export const surveyAdminModuleRoutes: FastifyPluginAsync<PublicUrlOptions> = async (app, options) => {
  // Registered here, so only these routes parse multipart bodies: one .xlsx within the import's file limit.
  await registerUploads(app, { fileSize: app.workbookLimits.fileBytes });
  const links: PublicUrlOptions = { publicUrl: options.publicUrl };
  await app.register(employeeSurveyRoutes);
  await app.register(surveyAdminRoutes, links);
  await app.register(emailTemplateRoutes, links);
  await app.register(engagementAdminRoutes);
  await app.register(employeesImportRoutes);
  await app.register(directoryJourneyRoutes);
};
