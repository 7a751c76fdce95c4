import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError, ZEmployeesImportResult, ZFiltersImportResult, ZIdParams, ZNiceExcelImportResult } from '@ona/contracts';
import { asc, eq, tables } from '@ona/db';
import { requireAuth } from '../../plugins/auth.ts';
import { requireAdminEngagement } from '../engagement-admin/admin-guard.ts';
import { applyEmployeesUpload, parseEmployeesWorkbook } from './employees-upload.ts';
import { applyFiltersUpload, employeeIdsByEmail, parseFiltersWorkbook } from './filters-import.ts';
import { importNiceExcel, parseNiceExcel } from './nice-excel-import.ts';
import { employeesTemplate, filtersTemplate } from './template-workbooks.ts';
import { readUploadedWorkbook, UPLOAD_FIELD } from './uploaded-workbook.ts';

const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ZXlsx = z.instanceof(Buffer).describe('An .xlsx workbook (application/vnd.openxmlformats-officedocument.spreadsheetml.sheet)');
const uploadErrors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 413: ZApiError, 415: ZApiError, 503: ZApiError };
const tags = ['engagement-admin'];
const uploadDescription = `multipart/form-data with one .xlsx file (at most 10 MB) in the field \`${UPLOAD_FIELD}\`. A file with bad rows is refused whole: 400 \`invalid_file\` with \`errors\` keyed \`row_<n>\` (main sheet) or \`<sheet>.row_<n>\`; nothing is stored. Not an .xlsx by content: 415 \`unsupported_file_type\`; over 10 MB: 413 \`payload_too_large\`; unpacking beyond 50 MB, 500,000 cells or 250,000 rows in a sheet: 413 \`workbook_too_large\`; more than one file: 400 \`too_many_files\`; too many workbooks being read at once: 503 \`uploads_busy\`.`;

/** Uploads of the admin tools and their templates. */
export const employeesImportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/engagements/:id/employees/upload-excel/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Replace the participant list with the workbook’s (matched by e-mail; units sheet optional)',
      description: `${uploadDescription} Employees missing from the file are removed, which is refused (409 \`employees_have_answers\`) once the survey has answers.`,
      consumes: ['multipart/form-data'],
      uploadField: UPLOAD_FIELD,
      params: ZIdParams,
      response: { 200: ZEmployeesImportResult, ...uploadErrors },
    },
  }, async (request) => {
    const engagement = await requireAdminEngagement(app.db, requireAuth(request), request.params.id);
    const workbook = await readUploadedWorkbook(request);
    const existingUnits = await app.db.select({ name: tables.units.name }).from(tables.units).where(eq(tables.units.engagementId, engagement.id)).orderBy(asc(tables.units.id));
    const upload = parseEmployeesWorkbook(workbook, existingUnits.map((u) => u.name), request.locale);
    return applyEmployeesUpload(app.db, engagement, upload);
  });

  app.get('/engagements/:id/employees/template/', {
    onRequest: app.authenticate,
    schema: { tags, summary: 'The employees upload template (.xlsx with instructions)', params: ZIdParams, response: { 200: ZXlsx, ...uploadErrors } },
  }, async (request, reply) => {
    await requireAdminEngagement(app.db, requireAuth(request), request.params.id);
    const buffer = Buffer.from(await employeesTemplate(request.locale).xlsx.writeBuffer());
    return reply.header('content-type', XLSX_CONTENT_TYPE).header('content-disposition', 'attachment; filename="employees-template.xlsx"').send(buffer);
  });

  app.post('/engagements/:id/filters/import/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Set custom attributes of employees from a workbook (e-mail column + one column per attribute)',
      description: `${uploadDescription} Attributes of employees not in the file stay; an empty cell removes that attribute.`,
      consumes: ['multipart/form-data'],
      uploadField: UPLOAD_FIELD,
      params: ZIdParams,
      response: { 200: ZFiltersImportResult, ...uploadErrors },
    },
  }, async (request) => {
    const engagement = await requireAdminEngagement(app.db, requireAuth(request), request.params.id);
    const workbook = await readUploadedWorkbook(request);
    const upload = parseFiltersWorkbook(workbook, await employeeIdsByEmail(app.db, engagement.id), request.locale);
    return applyFiltersUpload(app.db, upload);
  });

  app.get('/engagements/:id/filters/template/', {
    onRequest: app.authenticate,
    schema: { tags, summary: 'The filters import template (.xlsx with instructions)', params: ZIdParams, response: { 200: ZXlsx, ...uploadErrors } },
  }, async (request, reply) => {
    await requireAdminEngagement(app.db, requireAuth(request), request.params.id);
    const buffer = Buffer.from(await filtersTemplate(request.locale).xlsx.writeBuffer());
    return reply.header('content-type', XLSX_CONTENT_TYPE).header('content-disposition', 'attachment; filename="filters-template.xlsx"').send(buffer);
  });

  app.post('/engagements/:id/import_nice_excel/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Replace employees, units, questions and answers with those of a nice Excel export',
      description: `${uploadDescription} Only into an engagement without answers (else 409 \`engagement_has_answers\`). Sheets: employees, units, questions, answers (packages/contracts/src/excel-rows.ts).`,
      consumes: ['multipart/form-data'],
      uploadField: UPLOAD_FIELD,
      params: ZIdParams,
      response: { 200: ZNiceExcelImportResult, ...uploadErrors },
    },
  }, async (request) => {
    const engagement = await requireAdminEngagement(app.db, requireAuth(request), request.params.id);
    const workbook = await readUploadedWorkbook(request);
    return importNiceExcel(app.db, engagement, parseNiceExcel(workbook, request.locale));
  });
};
