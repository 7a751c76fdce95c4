import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError, ZAuditExportQuery, ZAuditLogPage, ZAuditLogQuery, ZAuditVerifyResult } from '@ona/contracts';
import { requireAuth } from '../../plugins/auth.ts';
import { requireOrganizationAdmin } from '../organizations/organization-guards.ts';
import { auditEntryOf, auditExportStream } from './audit-export.ts';
import { auditLogNames } from './audit-names.ts';
import { listAuditEntries } from './audit-repository.ts';
import { verifyAuditChain } from './audit-verify.ts';

const tags = ['audit'];
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError };
const forAdmins = 'For organisation administrators (organization_admin). Entries hold ids only, never the data that was read or changed (docs/audit-log.md).';
const ZAuditFile = z.instanceof(Readable).describe('The filtered log, oldest first: JSON lines (application/x-ndjson) or CSV (text/csv)');

/** The organisation's audit log: list and filter, export for a SIEM, verify the chain. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/organization/audit-log/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'The audit log of the current organisation, newest first, filtered by user, action, date range (UTC dates, both included), journey and subject person (by id, or by a part of their name or e-mail), with the current names behind the page’s ids',
      description: `${forAdmins} Paged by \`before\`: pass the \`next_before\` of the previous page.`,
      querystring: ZAuditLogQuery,
      response: { 200: ZAuditLogPage, ...errors },
    },
  }, async (request) => {
    const auth = requireOrganizationAdmin(requireAuth(request));
    const { before, page_size: size, ...filters } = request.query;
    // One more than the page tells whether another page follows without a count over the whole log.
    const rows = await listAuditEntries(app.db, auth.organizationId, filters, { before, size: size + 1 });
    const shown = rows.slice(0, size);
    const entries = shown.map(auditEntryOf);
    return { entries, names: await auditLogNames(app.db, auth.organizationId, shown), next_before: rows.length > size ? (entries.at(-1)?.seq ?? null) : null };
  });

  app.get('/organization/audit-log/export/', {
    onRequest: app.authenticate,
    schema: { tags, summary: 'The filtered audit log as JSON lines or CSV, oldest first (streamed)', description: forAdmins, querystring: ZAuditExportQuery, response: { 200: ZAuditFile, ...errors } },
  }, async (request, reply) => {
    const auth = requireOrganizationAdmin(requireAuth(request));
    const { format, ...filters } = request.query;
    const day = app.clock().toISOString().slice(0, 10);
    reply
      .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-log-${day}.${format}"`);
    return reply.send(auditExportStream(app.db, auth.organizationId, filters, format));
  });

  app.post('/organization/audit-log/verify/', {
    onRequest: app.authenticate,
    schema: { tags, summary: 'Whether the organisation’s audit chain is whole: every entry unchanged, none removed or slipped in since the last retention checkpoint', description: forAdmins, response: { 200: ZAuditVerifyResult, ...errors } },
  }, async (request) => {
    const auth = requireOrganizationAdmin(requireAuth(request));
    return verifyAuditChain(app.db, app.audit.key, auth.organizationId);
  });
};
