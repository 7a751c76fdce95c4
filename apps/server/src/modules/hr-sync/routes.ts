import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError, ZHrSync, ZHrSyncApply, ZHrSyncSettings, ZHrSyncSettingsUpdate, ZHrSyncSummary, ZHrSyncUploadQuery, ZIdParams } from '@ona/contracts';
import { ApiError } from '../../errors/api-error.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { requireOrganizationAdmin } from '../organizations/organization-guards.ts';
import { readSingleFile } from '../uploads/single-file-upload.ts';
import { registerUploads } from '../uploads/upload-connection.ts';
import { applySync, createSync, type AppliedRecorder, discardSync, getSync, listSyncs, readSettings, saveSettings } from './hr-sync-service.ts';
import { readHrFile } from './read-hr-file.ts';

export const HR_FILE_FIELD = 'hr_file';
/** A CSV of 100,000 people with a dozen columns is about 15 MB; an HR export of a large company fits. */
export const MAX_HR_FILE_BYTES = 50 * 1024 * 1024;

const tags = ['organization'];
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const who = 'For organisation administrators, signed in or with an API key (`Authorization: Token ona_…`) of the organisation.';
const fileRequired = () => new ApiError(400, 'validation_error', 'errors.validation_failed', { [HR_FILE_FIELD]: ['hrSync.errors.file_required'] });

/** HR-file sync of the organisation's directory (docs/directory-and-scim.md, "HR-file sync"). */
export const hrSyncRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * An applied file changes the directory: its entry is written in the transaction that writes the
   * people (a pending or held upload changes nothing and writes none; with an API key the hook's
   * `api_key.use` then stands for the call).
   */
  const recordApplied = (request: FastifyRequest, organizationId: number): AppliedRecorder => async (tx, syncId) => {
    await app.audit.record(tx, request, { action: 'directory.change', organizationId, targetIds: { hr_sync: syncId } });
    request.auditRecorded = true;
  };

  await registerUploads(app, { fileSize: MAX_HR_FILE_BYTES });

  app.get('/organization/directory/hr-sync/settings/', {
    onRequest: app.authenticate,
    schema: { tags, summary: 'The HR file’s column mapping (null until set) and the guard’s share of leavers', description: who, response: { 200: ZHrSyncSettings, ...errors } },
  }, async (request) => {
    const auth = requireOrganizationAdmin(requireAuth(request));
    return readSettings(app.db, auth.organizationId);
  });

  app.put('/organization/directory/hr-sync/settings/', {
    onRequest: app.authenticate,
    schema: { tags, summary: 'Keep the HR file’s column mapping and the guard’s share of leavers', description: who, body: ZHrSyncSettingsUpdate, response: { 200: ZHrSyncSettings, ...errors } },
  }, async (request) => {
    const auth = requireOrganizationAdmin(requireAuth(request));
    return saveSettings(app.db, auth.organizationId, request.body.mapping, request.body.deactivation_guard_percent, app.clock());
  });

  app.post('/organization/directory/hr-syncs/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Upload or push an HR export (CSV or XLSX): its diff against the directory, applied on confirmation or at once with auto_apply',
      description: `${who} multipart/form-data with one file in the field \`${HR_FILE_FIELD}\` (at most 50 MB): an .xlsx (first sheet) or a UTF-8 CSV separated by \`,\` \`;\` or tab, its first row the column names of the kept mapping. The file is the whole company: active people it does not name become leavers. A file with a problem (duplicate external id or e-mail, manager cycle, unknown manager, unit path changing case only, leave date before hire date) is refused whole: 400 \`invalid_hr_file\` with \`errors\` keyed \`row_<n>\`; an empty file 400 \`empty_file\`; no mapping yet 409 \`hr_mapping_missing\`; \`organization_id\` of another organisation than the key's 403 \`wrong_organization\`. The sync comes back \`pending\`, \`applied\` (auto_apply) or \`held\` (the guard: more leavers than the setting allows, or a unit with people in an open journey left empty).`,
      consumes: ['multipart/form-data'],
      uploadField: HR_FILE_FIELD,
      querystring: ZHrSyncUploadQuery,
      response: { 201: ZHrSync, ...errors, 413: ZApiError, 415: ZApiError },
    },
  }, async (request, reply) => {
    const auth = requireOrganizationAdmin(requireAuth(request));
    if (request.query.organization_id !== undefined && request.query.organization_id !== auth.organizationId) throw new ApiError(403, 'wrong_organization', 'hrSync.errors.wrong_organization');
    let fileName: string | null = null;
    const buffer = await readSingleFile(request, { field: HR_FILE_FIELD, maxBytes: MAX_HR_FILE_BYTES, missing: fileRequired, onFile: (name) => { fileName = name; } });
    const table = await readHrFile(buffer);
    const sync = await createSync(app.db, table, {
      organizationId: auth.organizationId,
      userId: auth.user.id,
      source: auth.apiKeyId === null ? 'upload' : 'api',
      fileName,
      autoApply: request.query.auto_apply === 'true',
      locale: request.locale,
      now: app.clock(),
      recordApplied: recordApplied(request, auth.organizationId),
    });
    return reply.status(201).send(sync);
  });

  app.get('/organization/directory/hr-syncs/', {
    onRequest: app.authenticate,
    schema: { tags, summary: 'The organisation’s latest 20 HR syncs with their state and counts, newest first', description: who, response: { 200: z.array(ZHrSyncSummary), ...errors } },
  }, async (request) => {
    const auth = requireOrganizationAdmin(requireAuth(request));
    return listSyncs(app.db, auth.organizationId, request.locale);
  });

  app.get('/organization/directory/hr-syncs/:id/', {
    onRequest: app.authenticate,
    schema: { tags, summary: 'One HR sync with its diff (each list at most 1,000 entries; the counts are whole)', description: who, params: ZIdParams, response: { 200: ZHrSync, ...errors } },
  }, async (request) => {
    const auth = requireOrganizationAdmin(requireAuth(request));
    return getSync(app.db, auth.organizationId, request.params.id, request.locale);
  });

  app.post('/organization/directory/hr-syncs/:id/apply/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Apply a pending HR sync (a held one with override_hold: true), in one transaction',
      description: `${who} The diff is made again against the directory as it is now. Already applied or discarded: 409 \`hr_sync_decided\`; held without override_hold: 409 \`hr_sync_held\`.`,
      params: ZIdParams,
      body: ZHrSyncApply,
      response: { 200: ZHrSync, ...errors },
    },
  }, async (request) => {
    const auth = requireOrganizationAdmin(requireAuth(request));
    return applySync(app.db, auth.organizationId, request.params.id, request.body.override_hold, auth.user.id, request.locale, app.clock(), recordApplied(request, auth.organizationId));
  });

  app.post('/organization/directory/hr-syncs/:id/discard/', {
    onRequest: app.authenticate,
    schema: { tags, summary: 'Set a pending or held HR sync aside without applying it', description: who, params: ZIdParams, response: { 200: ZHrSync, ...errors } },
  }, async (request) => {
    const auth = requireOrganizationAdmin(requireAuth(request));
    return discardSync(app.db, auth.organizationId, request.params.id, auth.user.id, request.locale, app.clock());
  });
};
