import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZConfidentialityPatch, ZConfidentialitySettings } from '@ona/contracts';
import { requireAuth } from '../../plugins/auth.ts';
import { requireOrganizationAdmin } from '../organizations/organization-guards.ts';
import { changeConfidentialitySettings, loadConfidentialitySettings } from './confidentiality-settings.ts';

const tags = ['organization'];
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };

/** The organisation's confidentiality settings (organization_admin; docs/privacy/confidentiality.md). */
export const confidentialityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/organization/confidentiality/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'The confidentiality settings of the current organisation (organization_admin)',
      description: 'The anonymity threshold, the free-text threshold, "aggregate risk only for leaders", and the open journeys that lock them (`locked_by`).',
      response: { 200: ZConfidentialitySettings, ...errors },
    },
  }, async (request) => {
    const auth = requireOrganizationAdmin(requireAuth(request));
    return loadConfidentialitySettings(app.db, auth.organizationId);
  });

  app.patch('/organization/confidentiality/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Change the confidentiality settings (organization_admin)',
      description:
        'min_group_size 3-10, free_text_min_group_size 3-50 and not below min_group_size (400 `free_text_below_threshold`), aggregate_risk_only_for_leaders. ' +
        '409 `confidentiality_locked` while any journey of the organisation is open: a journey keeps the settings it opened with; journeys that have not opened yet take the change. ' +
        'Recorded in the audit log (`confidentiality.change`).',
      body: ZConfidentialityPatch,
      response: { 200: ZConfidentialitySettings, ...errors, 409: ZApiError },
    },
  }, async (request) => {
    const auth = requireOrganizationAdmin(requireAuth(request));
    // The settings and their audit entry commit together (docs/audit-log.md); the service's transaction becomes a savepoint.
    await app.audit.change(request, (tx) => changeConfidentialitySettings(tx, auth.organizationId, request.body));
    return loadConfidentialitySettings(app.db, auth.organizationId);
  });
};
