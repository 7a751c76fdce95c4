import {
  ZAccessRightsDetails,
  ZAccessRightsRow,
  ZAdminEmployee,
  ZAdminUnit,
  ZCustomAttribute,
  ZEmailTemplate,
  ZEmployeesImportResult,
  ZJourneyDirectorySyncResult,
  ZJourneyPeopleSource,
  ZFiltersImportResult,
  ZNiceExcelImportResult,
  ZQuestionnaire,
  ZRenderedEmail,
  ZSendInvitationResult,
  ZSurveyAdminOverview,
  ZAnalysisRun,
  type TAccessRightsBulkUpdate,
  type TContentLanguage,
  type TEmailTemplateKind,
  type TUpdateEmailTemplate,
  type TUpdateQuestionnaire,
} from '@ona/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, apiSend, apiUploadRequest, type TSchema } from '../../shared/api/api-client.ts';
import { ZGraphAnswer } from '../graph/graph-api.ts';

const list = <T>(schema: TSchema<T>): TSchema<T[]> => ({
  parse: (input: unknown) => {
    if (!Array.isArray(input)) throw new Error('expected a list');
    return input.map((item) => schema.parse(item));
  },
});

/** Every admin call in one place: paths of spec §7 and the server's admin routes. */
export const adminPaths = {
  accessRights: (id: number) => `/engagements/${id}/access-rights/`,
  accessRightsDetails: (id: number) => `/engagements/${id}/access-rights/details/`,
  accessRightsBulkUpdate: (id: number) => `/engagements/${id}/access-rights/bulk-update/`,
  survey: (id: number) => `/engagements/${id}/survey/`,
  surveyOverview: (id: number) => `/engagements/${id}/survey/overview/`,
  questionnaire: (id: number) => `/engagements/${id}/survey/questionnaire/`,
  sendInvitation: (id: number) => `/engagements/${id}/survey/send-invitation/`,
  emailTemplates: (id: number) => `/engagements/${id}/email-templates/`,
  emailTemplate: (id: number, kind: TEmailTemplateKind, language: TContentLanguage) => `/engagements/${id}/email-templates/${kind}/${language}/`,
  emailPreview: (id: number, kind: TEmailTemplateKind, language: TContentLanguage) => `/engagements/${id}/email-templates/${kind}/${language}/preview/`,
  employees: (id: number) => `/engagements/${id}/employees/`,
  employeesUpload: (id: number) => `/engagements/${id}/employees/upload-excel/`,
  employeesTemplate: (id: number) => `/engagements/${id}/employees/template/`,
  peopleSource: (id: number) => `/engagements/${id}/employees/source/`,
  fromDirectory: (id: number) => `/engagements/${id}/employees/from-directory/`,
  units: (id: number) => `/engagements/${id}/units/`,
  filters: (id: number) => `/engagements/${id}/filters/`,
  filtersImport: (id: number) => `/engagements/${id}/filters/import/`,
  filtersTemplate: (id: number) => `/engagements/${id}/filters/template/`,
  niceExcelImport: (id: number) => `/engagements/${id}/import_nice_excel/`,
  niceExcelExport: (id: number) => `/engagements/${id}/survey/export-nice-excel/`,
  distanceMatrix: (id: number) => `/engagements/${id}/survey/export-distance-matrix/`,
  runAnalysis: (id: number) => `/engagements/${id}/run-analysis/`,
  analysisRuns: (id: number) => `/engagements/${id}/analysis-runs/`,
  surveyResultToGraph: () => '/survey-result-to-graph/',
} as const;

const key = (engagementId: number, ...rest: (string | number)[]) => ['engagements', 'admin', engagementId, ...rest] as const;
export const adminKeys = { all: (engagementId: number) => key(engagementId) };

export const accessRightsQuery = (engagementId: number, q: string) =>
  queryOptions({
    queryKey: key(engagementId, 'access-rights', q),
    queryFn: ({ signal }) => apiRequest(adminPaths.accessRights(engagementId), list(ZAccessRightsRow), { signal, query: { q: q || undefined } }),
    placeholderData: (previous) => previous,
  });

export const accessRightsDetailsQuery = (engagementId: number, users: readonly number[]) =>
  queryOptions({
    queryKey: key(engagementId, 'access-rights-details', users.join(',')),
    queryFn: ({ signal }) => apiRequest(adminPaths.accessRightsDetails(engagementId), ZAccessRightsDetails, { signal, query: { users: users.join(',') } }),
  });

export const bulkUpdateAccessRights = (engagementId: number, body: TAccessRightsBulkUpdate) =>
  apiSend(adminPaths.accessRightsBulkUpdate(engagementId), { body });

export const surveyOverviewQuery = (engagementId: number) =>
  queryOptions({
    queryKey: key(engagementId, 'survey-overview'),
    queryFn: ({ signal }) => apiRequest(adminPaths.surveyOverview(engagementId), ZSurveyAdminOverview, { signal }),
  });

export const createSurvey = (engagementId: number) => apiRequest(adminPaths.survey(engagementId), ZSurveyAdminOverview, { method: 'POST' });
export const updateQuestionnaire = (engagementId: number, body: TUpdateQuestionnaire) =>
  apiRequest(adminPaths.questionnaire(engagementId), ZQuestionnaire, { method: 'PUT', body });
export const sendInvitation = (engagementId: number, kind: 'invitation' | 'reminder') =>
  apiRequest(adminPaths.sendInvitation(engagementId), ZSendInvitationResult, { method: 'POST', body: { kind } });

export const analysisRunsQuery = (engagementId: number) =>
  queryOptions({
    queryKey: key(engagementId, 'analysis-runs'),
    queryFn: ({ signal }) => apiRequest(adminPaths.analysisRuns(engagementId), list(ZAnalysisRun), { signal }),
    // While a run is queued or running, follow its progress.
    refetchInterval: (query) => (query.state.data?.some((run) => run.status === 'queued' || run.status === 'running') ? 1500 : false),
  });
export const runAnalysis = (engagementId: number) => apiRequest(adminPaths.runAnalysis(engagementId), ZAnalysisRun, { method: 'POST' });

export const emailTemplatesQuery = (engagementId: number) =>
  queryOptions({
    queryKey: key(engagementId, 'email-templates'),
    queryFn: ({ signal }) => apiRequest(adminPaths.emailTemplates(engagementId), list(ZEmailTemplate), { signal }),
  });
export const emailTemplateQuery = (engagementId: number, kind: TEmailTemplateKind, language: TContentLanguage) =>
  queryOptions({
    queryKey: key(engagementId, 'email-template', kind, language),
    queryFn: ({ signal }) => apiRequest(adminPaths.emailTemplate(engagementId, kind, language), ZEmailTemplate, { signal }),
  });
export const saveEmailTemplate = (engagementId: number, kind: TEmailTemplateKind, language: TContentLanguage, body: TUpdateEmailTemplate) =>
  apiRequest(adminPaths.emailTemplate(engagementId, kind, language), ZEmailTemplate, { method: 'PUT', body });
export const resetEmailTemplate = (engagementId: number, kind: TEmailTemplateKind, language: TContentLanguage) =>
  apiSend(adminPaths.emailTemplate(engagementId, kind, language), { method: 'DELETE' });
export const previewEmailTemplate = (engagementId: number, kind: TEmailTemplateKind, language: TContentLanguage, body: Partial<TUpdateEmailTemplate>) =>
  apiRequest(adminPaths.emailPreview(engagementId, kind, language), ZRenderedEmail, { method: 'POST', body });

export const employeesQuery = (engagementId: number) =>
  queryOptions({
    queryKey: key(engagementId, 'employees'),
    queryFn: ({ signal }) => apiRequest(adminPaths.employees(engagementId), list(ZAdminEmployee), { signal }),
  });
export const unitsQuery = (engagementId: number) =>
  queryOptions({
    queryKey: key(engagementId, 'units'),
    queryFn: ({ signal }) => apiRequest(adminPaths.units(engagementId), list(ZAdminUnit), { signal }),
  });
export const filtersQuery = (engagementId: number) =>
  queryOptions({
    queryKey: key(engagementId, 'filters'),
    queryFn: ({ signal }) => apiRequest(adminPaths.filters(engagementId), list(ZCustomAttribute), { signal }),
  });

function fileForm(field: string, file: File): FormData {
  const form = new FormData();
  form.append(field, file, file.name);
  return form;
}

export const uploadEmployees = (engagementId: number, file: File) =>
  apiUploadRequest(adminPaths.employeesUpload(engagementId), fileForm('import_file', file), ZEmployeesImportResult);
export const importFilters = (engagementId: number, file: File) =>
  apiUploadRequest(adminPaths.filtersImport(engagementId), fileForm('import_file', file), ZFiltersImportResult);
export const importNiceExcel = (engagementId: number, file: File) =>
  apiUploadRequest(adminPaths.niceExcelImport(engagementId), fileForm('import_file', file), ZNiceExcelImportResult);

/** POST /survey-result-to-graph/: the graph data of an uploaded results workbook (nothing is stored). */
export const uploadResultFile = (file: File) => apiUploadRequest(adminPaths.surveyResultToGraph(), fileForm('results', file), ZGraphAnswer);

/** Where the participants come from, and the directory's units to choose from. */
export const peopleSourceQuery = (engagementId: number) =>
  queryOptions({
    queryKey: key(engagementId, 'people-source'),
    queryFn: ({ signal }) => apiRequest(adminPaths.peopleSource(engagementId), ZJourneyPeopleSource, { signal }),
  });

/** The participants from the directory: everyone (`units` null) or the chosen units and below. */
export const takePeopleFromDirectory = (engagementId: number, units: string[] | null) =>
  apiRequest(adminPaths.fromDirectory(engagementId), ZJourneyDirectorySyncResult, { method: 'POST', body: { units } });
