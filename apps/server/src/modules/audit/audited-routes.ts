import type { TAuditAction } from '@ona/contracts';

/**
 * How a route is put on record: the action, and which path parameters name whom it concerned.
 * Only ids are taken from the request, never its body or the answer.
 */
export interface AuditMark {
  action: TAuditAction;
  /** The path parameter that is the employee whose data is read (reportId, employeeId). */
  subjectEmployee?: string;
  /** The path parameter that is the user account a change concerns. */
  subjectUser?: string;
  /** Path parameters or query values that are ids worth keeping (e.g. the compared journey). */
  targets?: string[];
}

/** Every person-level read: the audit walk test sweeps exactly these from the OpenAPI document. */
export const PERSON_LEVEL_READS = new Set<TAuditAction>(['individual_report.read', 'leader_report.read', 'report_360.read', 'retention.read', 'metrics.read', 'graph.read', 'key_people.read', 'comparison.read', 'confidence.read', 'declared_working.read', 'export.download']);

const E = '/api/engagements/{id}';

/**
 * The route table of the audit log: which routes write an entry, keyed as the OpenAPI document
 * writes them. The audit plugin attaches each mark to its route's config when the route is
 * registered and refuses to start when a mark names no route (a renamed route must not silently
 * stop being recorded). The entry is written by one hook (audit-plugin.ts), not by the handlers.
 */
export const AUDITED_ROUTES: Record<string, AuditMark> = {
  // Person-level reads (issue 32: individual, leader, 360, retention, metrics, graph with names, key people, wave comparison).
  [`GET ${E}/retention-analytics-results/`]: { action: 'retention.read' },
  [`GET ${E}/retention-analytics-results/employees/`]: { action: 'retention.read' },
  [`GET ${E}/retention-analytics-results/org-chart/`]: { action: 'retention.read' },
  [`GET ${E}/leader-reports/`]: { action: 'leader_report.read' },
  [`GET ${E}/leader-reports/{reportId}/`]: { action: 'leader_report.read', subjectEmployee: 'reportId' },
  [`GET ${E}/individual-reports/`]: { action: 'individual_report.read' },
  [`GET ${E}/individual-reports/{reportId}/`]: { action: 'individual_report.read', subjectEmployee: 'reportId' },
  [`GET ${E}/analytics-360/`]: { action: 'report_360.read' },
  [`GET ${E}/analytics-360/{reportId}/`]: { action: 'report_360.read', subjectEmployee: 'reportId' },
  [`GET ${E}/key-people-analytics/`]: { action: 'key_people.read' },
  [`GET ${E}/key-people-analytics/as-values/`]: { action: 'key_people.read' },
  [`GET ${E}/metrics/`]: { action: 'metrics.read' },
  [`GET ${E}/graph-visualization/`]: { action: 'graph.read' },
  [`GET ${E}/graph-overview/`]: { action: 'graph.read' },
  ['POST /api/survey-result-to-graph/']: { action: 'graph.read' },
  [`GET ${E}/comparison/`]: { action: 'comparison.read', targets: ['with'] },
  [`GET ${E}/comparison/ties/`]: { action: 'comparison.read', targets: ['with'] },
  [`GET ${E}/confidence/people/{reportId}/`]: { action: 'confidence.read', subjectEmployee: 'reportId' },
  [`GET ${E}/declared-vs-working/`]: { action: 'declared_working.read' },
  // Every export: a file that leaves the product.
  [`GET ${E}/retention-analytics-results/export/`]: { action: 'export.download' },
  [`GET ${E}/leader-reports/export/`]: { action: 'export.download' },
  [`GET ${E}/individual-reports/export/`]: { action: 'export.download' },
  [`GET ${E}/metrics/export/`]: { action: 'export.download' },
  [`GET ${E}/survey-statistics/export/`]: { action: 'export.download' },
  [`GET ${E}/executive-report/export/`]: { action: 'export.download' },
  [`GET ${E}/comparison/export/`]: { action: 'export.download', targets: ['with'] },
  [`GET ${E}/survey/export-nice-excel/`]: { action: 'export.download' },
  [`GET ${E}/survey/export-distance-matrix/`]: { action: 'export.download' },
  [`GET ${E}/graph-visualization/export/`]: { action: 'export.download' },
  ['GET /api/instant-survey/surveys/{id}/export/']: { action: 'export.download', targets: ['id'] },
  ['GET /api/organization/audit-log/export/']: { action: 'export.download' },
  // Data-subject requests: `id` is the directory person. The erasure's entry is written in its own transaction (AuditLog.change), with the user account it found.
  ['GET /api/organization/directory/people/{id}/personal-data/']: { action: 'personal_data.export', targets: ['id'] },
  ['GET /api/organization/directory/people/{id}/personal-data/export/']: { action: 'personal_data.export', targets: ['id'] },
  ['POST /api/organization/directory/people/{id}/erasure/']: { action: 'person.erasure', targets: ['id'] },
  // Changes of who may see what and how people sign in.
  [`POST ${E}/access-rights/bulk-update/`]: { action: 'access_rights.change' },
  ['POST /api/organization/users/']: { action: 'organization_user.change' },
  ['PATCH /api/organization/users/{id}/']: { action: 'organization_user.change', subjectUser: 'id' },
  ['POST /api/organization/users/{id}/end-sessions/']: { action: 'sessions.end', subjectUser: 'id' },
  ['PATCH /api/organization/sign-in-policy/']: { action: 'sign_in_policy.change' },
  ['PUT /api/organization/sso/']: { action: 'sso.change' },
  ['PATCH /api/organization/confidentiality/']: { action: 'confidentiality.change' },
  ['POST /api/organization/privacy-notice/']: { action: 'privacy_notice.change' },
  ['PUT /api/organization/retention-policy/']: { action: 'retention_policy.change' },
  ['POST /api/users/me/second-factor/totp/']: { action: 'second_factor.change' },
  ['POST /api/users/me/second-factor/totp/confirm/']: { action: 'second_factor.change' },
  ['DELETE /api/users/me/second-factor/totp/']: { action: 'second_factor.change' },
  ['POST /api/users/me/passkeys/']: { action: 'second_factor.change' },
  ['DELETE /api/users/me/passkeys/{id}/']: { action: 'second_factor.change', targets: ['id'] },
  ['POST /api/organization/api-keys/']: { action: 'api_key.change' },
  ['DELETE /api/organization/api-keys/{id}/']: { action: 'api_key.change', targets: ['id'] },
  ['POST /api/organization/scim-tokens/']: { action: 'scim_token.change' },
  ['DELETE /api/organization/scim-tokens/{id}/']: { action: 'scim_token.change', targets: ['id'] },
  ['DELETE /api/users/me/sessions/{id}/']: { action: 'sessions.end', targets: ['id'] },
  ['POST /api/users/me/sessions/end-others/']: { action: 'sessions.end' },
  ['POST /api/users/me/password/']: { action: 'password.change' },
  // The audit log's own use.
  ['GET /api/organization/audit-log/']: { action: 'audit_log.read' },
  ['POST /api/organization/audit-log/verify/']: { action: 'audit_log.verify' },
  // Directory changes through SCIM (reads by the provisioning client are not person-level reads of analysis data).
  ['POST /scim/v2/Users']: { action: 'directory.change' },
  ['PUT /scim/v2/Users/{id}']: { action: 'directory.change', targets: ['id'] },
  ['PATCH /scim/v2/Users/{id}']: { action: 'directory.change', targets: ['id'] },
  ['DELETE /scim/v2/Users/{id}']: { action: 'directory.change', targets: ['id'] },
  ['POST /scim/v2/Groups']: { action: 'directory.change' },
  ['PUT /scim/v2/Groups/{id}']: { action: 'directory.change', targets: ['id'] },
  ['PATCH /scim/v2/Groups/{id}']: { action: 'directory.change', targets: ['id'] },
  ['DELETE /scim/v2/Groups/{id}']: { action: 'directory.change', targets: ['id'] },
};

/** `/api/engagements/:id/` as the OpenAPI document writes it: `/api/engagements/{id}/`. */
export const openApiPath = (url: string): string => url.replace(/:([A-Za-z_]\w*)/g, '{$1}');
