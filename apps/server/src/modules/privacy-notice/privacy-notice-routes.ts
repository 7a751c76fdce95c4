import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZPrivacyNotice, ZPrivacyNoticeCreate } from '@ona/contracts';
import { requireAuth } from '../../plugins/auth.ts';
import { requireOrganizationAdmin } from '../organizations/organization-guards.ts';
import { addPrivacyNoticeVersion, privacyNoticeVersions } from './privacy-notice-repository.ts';

const tags = ['organization'];
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };

/** The organisation's privacy notice, shown on the survey intro (organization_admin; docs/privacy/confidentiality.md). */
export const privacyNoticeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/organization/privacy-notice/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Every version of the privacy notice, newest (in force) first, with how many people accepted each (organization_admin)',
      response: { 200: ZPrivacyNotice, ...errors },
    },
  }, async (request) => {
    const auth = requireOrganizationAdmin(requireAuth(request));
    return privacyNoticeVersions(app.db, auth.organizationId);
  });

  app.post('/organization/privacy-notice/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Save the privacy notice: each save is a new version, shown on the survey intro from now on (organization_admin)',
      description: 'One text (at most 20,000 characters) in whatever languages the organisation writes it. Earlier versions stay, with the acceptances that name them. Recorded in the audit log (`privacy_notice.change`).',
      body: ZPrivacyNoticeCreate,
      response: { 201: ZPrivacyNotice, ...errors },
    },
  }, async (request, reply) => {
    const auth = requireOrganizationAdmin(requireAuth(request));
    // The new version and its audit entry commit together (docs/audit-log.md).
    await app.audit.change(request, (tx) => addPrivacyNoticeVersion(tx, auth.organizationId, request.body.text, auth.user.id));
    return reply.status(201).send(await privacyNoticeVersions(app.db, auth.organizationId));
  });
};
