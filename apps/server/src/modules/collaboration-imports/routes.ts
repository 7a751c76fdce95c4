import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError, ZCollaborationDemoFile, ZCollaborationDemoFiles, ZCollaborationImport, ZCollaborationImportQuery, ZCollaborationSettings, type TCollaborationSettings } from '@ona/contracts';
import { eq, tables, type Database } from '@ona/db';
import { ApiError, notFound } from '../../errors/api-error.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { requireOrganizationAdmin } from '../organizations/organization-guards.ts';
import { fileTooLarge } from '../uploads/single-file-upload.ts';
import { registerUploads } from '../uploads/upload-connection.ts';
import { COLLABORATION_UPLOAD_FIELD, MAX_CALENDAR_FILE_BYTES, MAX_COLLABORATION_FILE_BYTES } from './collaboration-limits.ts';
import { DEMO_COLLABORATION_FILE_NAMES, demoCollaborationFile, demoCollaborationWindowFor, planDemoCollaborationFor } from '../../demo/demo-collaboration-files.ts';
import { importCollaborationFile, listImports } from './import-service.ts';
import { collaborationKeyFrom } from './party-keys.ts';
import { withUploadedFile } from './uploaded-file.ts';

const tags = ['organization'];
const ZDemoCollaborationFile = z.instanceof(Buffer).describe('A Slack workspace export (application/zip) or an Exchange message trace (text/csv)');
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const forAdmins = 'For organisation administrators (403 otherwise).';
const fileRequired = () => new ApiError(400, 'validation_error', 'errors.validation_failed', { [COLLABORATION_UPLOAD_FIELD]: ['collaboration.errors.file_required'] });

async function readSettings(db: Database, organizationId: number): Promise<TCollaborationSettings> {
  const [row] = await db
    .select({ retention: tables.organizations.collaborationRetentionDays, maxMail: tables.organizations.collaborationMaxMailRecipients, maxMeeting: tables.organizations.collaborationMaxMeetingSize })
    .from(tables.organizations)
    .where(eq(tables.organizations.id, organizationId));
  if (!row) throw notFound();
  return { retention_days: row.retention === 180 ? 180 : 90, max_mail_recipients: row.maxMail, max_meeting_size: row.maxMeeting };
}

/**
 * Imports of collaboration metadata (issue 33, docs/collaboration-network.md). `secretsKey`: the
 * server's SECRETS_KEY; addresses are kept only as keyed hashes made with a key derived from it.
 * Null (production without SECRETS_KEY): imports answer 503, as sealing secrets does.
 */
export const collaborationImportRoutes: FastifyPluginAsyncZod<{ secretsKey: string | null; demoMode?: boolean }> = async (app, options) => {
  await registerUploads(app, { fileSize: MAX_COLLABORATION_FILE_BYTES });
  const key = options.secretsKey === null ? null : collaborationKeyFrom(options.secretsKey);

  app.post('/organization/collaboration-imports/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Import a collaboration export: Slack workspace export, Exchange message trace, Gmail logs or calendar',
      description: `${forAdmins} multipart/form-data with one file in the field \`${COLLABORATION_UPLOAD_FIELD}\` (at most 1 GB; a calendar 100 MB), \`source\` in the query: \`slack\` (the export's .zip), \`message_trace\` (CSV), \`gmail\` (BigQuery JSON lines or CSV), \`calendar\` (.ics). Only who interacted with whom and in which week is kept, as weekly counts per pair; subjects, texts and file names are never stored, the file is deleted once read. The counts replace the source's counts of the weeks the file covers. A file that cannot be read, lacks the columns it needs, or names only people outside the organisation's domains: 400 \`invalid_collaboration_file\`, nothing stored; an empty directory: 409 \`collaboration_directory_empty\`; too large: 413. The import is written to the audit log (\`collaboration.import\`) in the same transaction.`,
      consumes: ['multipart/form-data'],
      uploadField: COLLABORATION_UPLOAD_FIELD,
      querystring: ZCollaborationImportQuery,
      response: { 201: ZCollaborationImport, ...errors, 413: ZApiError, 503: ZApiError },
    },
  }, async (request, reply) => {
    const auth = requireOrganizationAdmin(requireAuth(request));
    if (!key) throw new ApiError(503, 'secrets_key_missing', 'mfa.errors.secrets_key_missing');
    const source = request.query.source;
    const maxBytes = source === 'calendar' ? MAX_CALENDAR_FILE_BYTES : MAX_COLLABORATION_FILE_BYTES;
    const created = await withUploadedFile(request, { field: COLLABORATION_UPLOAD_FIELD, maxBytes: MAX_COLLABORATION_FILE_BYTES, missing: fileRequired }, async (path, bytes) => {
      if (bytes > maxBytes) throw fileTooLarge(maxBytes);
      return importCollaborationFile(app, request, { organizationId: auth.organizationId, userId: auth.user.id, source, path, now: app.clock(), key });
    });
    return reply.status(201).send(created);
  });

  app.get('/organization/collaboration-imports/', {
    onRequest: app.authenticate,
    schema: { tags, summary: 'The organisation’s latest 100 collaboration imports with what each counted and left out, newest first', description: forAdmins, response: { 200: z.array(ZCollaborationImport), ...errors } },
  }, async (request) => listImports(app.db, requireOrganizationAdmin(requireAuth(request)).organizationId));

  app.get('/organization/collaboration-imports/demo-files/', {
    onRequest: app.authenticate,
    schema: { tags, summary: 'Demo mode only: the generated exports an administrator can download to try the import, and the weeks they cover', description: `${forAdmins} 404 outside demo mode and for an organisation without directory people.`, response: { 200: ZCollaborationDemoFiles, ...errors } },
  }, async (request) => {
    const auth = requireOrganizationAdmin(requireAuth(request));
    if (!options.demoMode) throw notFound();
    const window = await demoCollaborationWindowFor(app.db, auth.organizationId, app.clock());
    if (!window) throw notFound();
    return {
      files: [
        { file: 'slack' as const, source: 'slack' as const, filename: DEMO_COLLABORATION_FILE_NAMES.slack },
        { file: 'message_trace' as const, source: 'message_trace' as const, filename: DEMO_COLLABORATION_FILE_NAMES.message_trace },
      ],
      first_week: window.firstMonday,
      last_week: window.lastMonday,
    };
  });

  app.get('/organization/collaboration-imports/demo-files/:file', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Demo mode only: a generated Slack export or Exchange message trace of the organisation’s directory people, to try the import with',
      description: `${forAdmins} Only in demo mode (404 otherwise, and for an organisation without directory people). \`slack\`: a Slack workspace export (.zip); \`message_trace\`: an Exchange message trace (.csv). Seeded: the same directory and day give the same file. They cover 8 whole weeks within the 90-day retention, ending with the week the latest journey closed in when it closed recently enough, else with the last whole week (docs/collaboration-network.md, "Demo files").`,
      params: z.object({ file: ZCollaborationDemoFile }),
      response: { 200: ZDemoCollaborationFile, ...errors },
    },
  }, async (request, reply) => {
    const auth = requireOrganizationAdmin(requireAuth(request));
    if (!options.demoMode) throw notFound();
    const plan = await planDemoCollaborationFor(app.db, auth.organizationId, app.clock());
    if (!plan) throw notFound();
    const file = await demoCollaborationFile(plan, request.params.file);
    reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.filename}"`);
    return reply.send(file.body);
  });

  app.get('/organization/collaboration-settings/', {
    onRequest: app.authenticate,
    schema: { tags, summary: 'How long weekly collaboration counts are kept, and which mails and meetings count as broadcasts', description: forAdmins, response: { 200: ZCollaborationSettings, ...errors } },
  }, async (request) => readSettings(app.db, requireOrganizationAdmin(requireAuth(request)).organizationId));

  app.put('/organization/collaboration-settings/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Set the retention of weekly collaboration counts (90 or 180 days) and the broadcast limits',
      description: `${forAdmins} Applies to imports from now on; a shorter retention deletes older counts at the next daily run. Written to the audit log as \`collaboration_settings.change\` in the same transaction.`,
      body: ZCollaborationSettings,
      response: { 200: ZCollaborationSettings, ...errors },
    },
  }, async (request) => {
    const auth = requireOrganizationAdmin(requireAuth(request));
    await app.db.transaction(async (tx) => {
      await tx
        .update(tables.organizations)
        .set({ collaborationRetentionDays: request.body.retention_days, collaborationMaxMailRecipients: request.body.max_mail_recipients, collaborationMaxMeetingSize: request.body.max_meeting_size })
        .where(eq(tables.organizations.id, auth.organizationId));
      await app.audit.record(tx, request, { action: 'collaboration_settings.change', organizationId: auth.organizationId, targetIds: { retention_days: request.body.retention_days, max_mail_recipients: request.body.max_mail_recipients, max_meeting_size: request.body.max_meeting_size } });
    });
    return readSettings(app.db, auth.organizationId);
  });
};
