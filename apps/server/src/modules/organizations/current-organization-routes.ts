import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isTimeZone } from '../journey-schedule/local-time.ts';
import { z } from 'zod';
import { LOGO_MAX_BYTES, LOGO_UPLOAD_FIELD, ZApiError, ZCurrentOrganization, ZCurrentOrganizationPatch, ZOrganizationLogoParams } from '@ona/contracts';
import { eq, tables } from '@ona/db';
import { ApiError, notFound } from '../../errors/api-error.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { loadCurrentOrganization, logoPath, newLogoUrl } from './current-organization.ts';
import { checkLogoContent, LOGO_CONTENT_SECURITY_POLICY } from './logo-content.ts';
import { requireOrganizationAdmin } from './organization-guards.ts';
import { readSingleFile } from '../uploads/single-file-upload.ts';
import { registerUploads } from '../uploads/upload-connection.ts';

const { organizations } = tables;
const tags = ['organization'];
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const ZImage = z.instanceof(Buffer).describe('The logo (image/png, image/jpeg or image/svg+xml)');

const logoRequired = () => new ApiError(400, 'validation_error', 'errors.validation_failed', { [LOGO_UPLOAD_FIELD]: ['organizations.errors.logo_required'] });

/** The caller's current organisation: settings and logo (organization_admin), and the public logo files. */
export const currentOrganizationRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered in this scope only: one image of at most 512 KB, larger answers 413 while streaming.
  await registerUploads(app, { fileSize: LOGO_MAX_BYTES, fields: 5 });

  app.get('/organization/', {
    onRequest: app.authenticate,
    schema: { tags, summary: 'The current organisation (organization_admin)', response: { 200: ZCurrentOrganization, ...errors } },
  }, async (request) => {
    const auth = requireOrganizationAdmin(requireAuth(request));
    return loadCurrentOrganization(app.db, auth.organizationId);
  });

  app.patch('/organization/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Rename the current organisation, change its default language (the language new journeys start in), its time zone (the one journeys are scheduled in) or its reminder settings',
      description: 'Reminder settings: sending hours (local HH:mm from, until; in each person’s own time zone), whether on weekends, and the most scheduled reminders one person gets in one journey (docs/journeys.md, “Reminders”). 400 `invalid_time_zone` (errors.time_zone) for a name that is not an IANA time zone; 400 `invalid_sending_hours` (errors.sending_hours_end) when the hours do not end after they start. Nothing is stored on a 400.',
      body: ZCurrentOrganizationPatch,
      response: { 200: ZCurrentOrganization, ...errors },
    },
  }, async (request) => {
    const auth = requireOrganizationAdmin(requireAuth(request));
    const { name, default_language: defaultLanguage, time_zone: timeZone } = request.body;
    if (timeZone !== undefined && !isTimeZone(timeZone)) {
      throw new ApiError(400, 'invalid_time_zone', 'journeys.errors.invalid_time_zone', { time_zone: ['journeys.errors.invalid_time_zone'] }, { zone: timeZone });
    }
    const current = await loadCurrentOrganization(app.db, auth.organizationId);
    const start = request.body.sending_hours_start ?? current.sending_hours_start;
    const end = request.body.sending_hours_end ?? current.sending_hours_end;
    if (end <= start) {
      throw new ApiError(400, 'invalid_sending_hours', 'journeys.errors.invalid_sending_hours', { sending_hours_end: ['journeys.errors.invalid_sending_hours'] }, { start, end });
    }
    await app.db
      .update(organizations)
      .set({
        ...(timeZone !== undefined ? { timeZone } : {}),
        sendingHoursStart: start,
        sendingHoursEnd: end,
        ...(request.body.send_on_weekends !== undefined ? { sendOnWeekends: request.body.send_on_weekends } : {}),
        ...(request.body.reminder_max_per_person !== undefined ? { reminderMaxPerPerson: request.body.reminder_max_per_person } : {}),
      })
      .where(eq(organizations.id, auth.organizationId));
    if (name !== undefined || defaultLanguage !== undefined) {
      await app.db
        .update(organizations)
        .set({ ...(name !== undefined ? { name } : {}), ...(defaultLanguage !== undefined ? { defaultLanguage } : {}) })
        .where(eq(organizations.id, auth.organizationId));
      // Every member's caller carries the organisation's name and language.
      await app.callerCache.forget({ organization: auth.organizationId });
    }
    return loadCurrentOrganization(app.db, auth.organizationId);
  });

  app.put('/organization/logo/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Upload the organisation logo (shown on leader reports)',
      description: `multipart/form-data with one file in the field \`${LOGO_UPLOAD_FIELD}\`, at most ${LOGO_MAX_BYTES / 1024} KB (larger: 413); more than one file: 400 \`too_many_files\`. PNG, JPEG or SVG judged by content, not by name (anything else: 415 \`unsupported_file_type\`). An SVG with scripts, event handlers, foreignObject, a DOCTYPE or references to other files is refused: 400 \`unsafe_svg\`.`,
      consumes: ['multipart/form-data'],
      uploadField: LOGO_UPLOAD_FIELD,
      response: { 200: ZCurrentOrganization, ...errors, 413: ZApiError, 415: ZApiError },
    },
  }, async (request) => {
    const auth = requireOrganizationAdmin(requireAuth(request));
    const buffer = await readSingleFile(request, { field: LOGO_UPLOAD_FIELD, maxBytes: LOGO_MAX_BYTES, missing: logoRequired });
    const logo = checkLogoContent(buffer);
    await app.db
      .update(organizations)
      .set({ logoData: buffer.toString('base64'), logoContentType: logo.contentType, logoUrl: newLogoUrl(auth.organizationId, logo, new Date()) })
      .where(eq(organizations.id, auth.organizationId));
    return loadCurrentOrganization(app.db, auth.organizationId);
  });

  app.delete('/organization/logo/', {
    onRequest: app.authenticate,
    schema: { tags, summary: 'Remove the organisation logo', response: { 200: ZCurrentOrganization, ...errors } },
  }, async (request) => {
    const auth = requireOrganizationAdmin(requireAuth(request));
    await app.db.update(organizations).set({ logoData: null, logoContentType: null, logoUrl: null }).where(eq(organizations.id, auth.organizationId));
    return loadCurrentOrganization(app.db, auth.organizationId);
  });

  app.get('/organization-logos/:organizationId/:file', {
    schema: {
      tags,
      summary: 'A stored logo, public so that an <img> loads it without a token; only its current versioned path answers',
      params: ZOrganizationLogoParams,
      response: { 200: ZImage, 400: ZApiError, 404: ZApiError },
    },
  }, async (request, reply) => {
    const { organizationId, file } = request.params;
    const [org] = await app.db
      .select({ url: organizations.logoUrl, data: organizations.logoData, type: organizations.logoContentType })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    if (!org?.data || !org.type || org.url !== logoPath(organizationId, file)) throw notFound();
    return reply
      .header('content-type', org.type)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', LOGO_CONTENT_SECURITY_POLICY)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(Buffer.from(org.data, 'base64'));
  });
};
