import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZIdParams, ZPersonalDataExport, ZPersonErasureRequest, ZPersonErasureResult } from '@ona/contracts';
import { requireAuth } from '../../plugins/auth.ts';
import { forgetRuns } from '../analytics-shared/latest-result.ts';
import { contentDisposition, exportFileName, sendWorkbook } from '../analytics-shared/export-reply.ts';
import { ZXlsxFile } from '../analytics-shared/route-schemas.ts';
import { requireOrganizationAdmin } from '../organizations/organization-guards.ts';
import { findDataSubject } from './data-subject.ts';
import { erasePerson } from './person-erasure.ts';
import { personalDataExport } from './personal-data-export.ts';
import { personalDataWorkbook } from './personal-data-workbook.ts';

const tags = ['organization'];
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const forAdmins = 'For organisation administrators; a person of another organisation answers 404.';

/** Data-subject requests on a directory person (docs/privacy/data-subject-requests.md). */
export const dataSubjectRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const exported = async (organizationId: number, personId: number) => personalDataExport(app.db, organizationId, await findDataSubject(app.db, organizationId, personId), app.clock(), app.collaborationKey);
  const contents = "Profile, directory history, groups, user account, each journey's participant row, the person's own answers (whom they named, their 360 choices), what the latest analysis computed about them, their instant-survey answers, the audit entries about them and their weekly collaboration counts per source and week (interactions with colleagues and with external addresses, the colleagues not named). Never who named them. Written to the audit log as `personal_data.export`.";

  app.get('/organization/directory/people/:id/personal-data/', {
    onRequest: app.authenticate,
    schema: { tags, summary: 'Everything the product holds about one person (GDPR art. 15), as one JSON document', description: `${forAdmins} ${contents}`, params: ZIdParams, response: { 200: ZPersonalDataExport, ...errors } },
  }, async (request, reply) => {
    const auth = requireOrganizationAdmin(requireAuth(request));
    const document = await exported(auth.organizationId, request.params.id);
    return reply.header('content-disposition', contentDisposition(exportFileName(request.locale, 'personal_data', document.person.display_name, 'json'))).send(document);
  });

  app.get('/organization/directory/people/:id/personal-data/export/', {
    onRequest: app.authenticate,
    schema: { tags, summary: 'The same as a readable .xlsx workbook in the request’s language, one sheet per part', description: `${forAdmins} ${contents}`, params: ZIdParams, response: { 200: ZXlsxFile, ...errors } },
  }, async (request, reply) => {
    const auth = requireOrganizationAdmin(requireAuth(request));
    const document = await exported(auth.organizationId, request.params.id);
    return sendWorkbook(reply, personalDataWorkbook(document, request.locale), exportFileName(request.locale, 'personal_data', document.person.display_name, 'xlsx'));
  });

  app.post('/organization/directory/people/:id/erasure/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Erase a person (GDPR art. 17): their identity is replaced by a stable pseudonym everywhere, in one transaction',
      description: `${forAdmins} \`nominations\`: \`delete\` removes the person's own answers, \`anonymise\` keeps them under the pseudonym. 409 when the person is already erased (\`already_erased\`), takes part in a journey that is still open (\`subject_in_open_journey\`), is the last administrator (\`last_administrator\`) or has a user account another organisation shares (\`subject_account_shared\`); nothing is changed then. Written to the audit log as \`person.erasure\` in the same transaction, with ids only.`,
      params: ZIdParams,
      body: ZPersonErasureRequest,
      response: { 200: ZPersonErasureResult, 409: ZApiError, ...errors },
    },
  }, async (request) => {
    const auth = requireOrganizationAdmin(requireAuth(request));
    // The erasure and its entry (the route table's `person.erasure`, with the user account it found) commit together.
    const outcome = await app.audit.change(
      request,
      (tx) => erasePerson(tx, { organizationId: auth.organizationId, personId: request.params.id, key: app.audit.key, collaborationKey: app.collaborationKey, now: app.clock(), choice: request.body }),
      (erased) => ({ subjectUserId: erased.subject.userIds[0] ?? null }),
    );
    forgetRuns(app.db, outcome.rewrittenRunIds);
    const { subject: _subject, rewrittenRunIds: _runs, ...result } = outcome;
    return result;
  });
};
