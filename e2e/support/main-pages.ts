import { analyticsApi } from './analytics-api.ts';

/** A page of the product, as one role sees it. */
export type TMainPage = {
  path: string;
  /** Who looks at it: an e-mail of the demo, or null for a visitor who is not signed in. */
  as: string | null;
  /** A test id that shows the page's own content has arrived (beyond the loaders being gone). */
  ready?: string;
};

/**
 * The main pages of both route sets, each as the role that uses it: the demo admin for the
 * analytics and the instant-survey tool, the demo employee and leader for their survey, a visitor for taking
 * an instant survey. Ids come from the demo through the API, so the list holds on any demo.
 */
export async function mainPages(baseUrl: string): Promise<TMainPage[]> {
  const api = analyticsApi(baseUrl);
  const admin = await api.token('admin@example.com');
  const engagements = (await api.get<{ id: number; name: string; state: string }[]>(admin, '/engagements/')).body;
  const spring = engagements.find((e) => e.name.includes('spring'))!.id;
  const open = engagements.find((e) => e.state === 'open')!.id;
  const leaderReportId = (await api.get<{ data: { id: number }[] }>(admin, `/engagements/${spring}/leader-reports/`)).body.data[0]!.id;
  const individualReportId = (await api.get<{ data: { id: number }[] }>(admin, `/engagements/${spring}/individual-reports/`)).body.data[0]!.id;
  const instant = (await api.get<{ data: { id: number; public_id: string; code: string }[] }>(admin, '/instant-survey/surveys/')).body.data.find((s) => s.code === 'DEMO2026A')!;
  // The leader's survey shows its questions once the terms are accepted (idempotent): the page
  // with the colleague picker and its unit filter is one of the main pages.
  const leader = await api.token('leader@example.com');
  const accepted = await fetch(`${baseUrl}/api/engagements/${open}/survey/accept-terms/`, { method: 'POST', headers: { authorization: `Token ${leader}` } });
  if (!accepted.ok) throw new Error(`accept-terms answered ${accepted.status}`);
  const e = `/engagements/${spring}`;
  const s = `/instant-surveys/surveys/${instant.id}`;
  const asAdmin = (path: string, ready?: string): TMainPage => ({ path, as: 'admin@example.com', ...(ready ? { ready } : {}) });
  return [
    asAdmin('/engagements/list.html'),
    asAdmin(`${e}.html`),
    asAdmin(`/engagements/${open}.html`),
    asAdmin(`${e}/admin.html`),
    asAdmin(`${e}/admin/access-rights.html`),
    asAdmin(`${e}/admin/employees/list.html`),
    asAdmin(`/engagements/${open}/admin/survey/overview.html`),
    asAdmin(`${e}/survey-statistics/overview.html`),
    asAdmin(`${e}/survey-statistics/progress.html`),
    asAdmin(`${e}/survey-statistics/org-chart.html`),
    asAdmin(`${e}/retention-analytics/index.html`),
    asAdmin(`${e}/retention-analytics/risks/key-people-in-danger.html`),
    asAdmin(`${e}/retention-analytics/risks/leaders-in-need-of-support.html`),
    asAdmin(`${e}/retention-analytics/employees-analytics.html`, 'retention-datasheet'),
    asAdmin(`${e}/retention-analytics/groups-analytics/several-employees-at-risk.html`),
    asAdmin(`${e}/leader-report/list.html`),
    asAdmin(`${e}/360-analytics/${leaderReportId}/index.html`),
    asAdmin(`${e}/key-people-analytics/list.html`),
    asAdmin(`${e}/key-people-analytics/list.html?view=values`),
    asAdmin(`${e}/individual-report/${individualReportId}/index.html`),
    asAdmin(`${e}/graph.html`, 'graph-statistics'),
    asAdmin('/organization/users.html'),
    asAdmin('/instant-surveys/surveys/list.html'),
    asAdmin('/instant-surveys/surveys/new/questions.html'),
    asAdmin(`${s}/answers.html`),
    asAdmin(`${s}/analysis.html`),
    { path: `/engagements/${open}/survey/intro.html`, as: 'employee@example.com' },
    { path: `/engagements/${open}/survey/question_1.html`, as: 'leader@example.com', ready: 'unit-filter' },
    { path: '/engagements/list.html', as: 'employee@example.com' },
    { path: '/auth/login.html', as: null },
    { path: `/instant-surveys/take-survey/${instant.public_id}.html?code=${instant.code}`, as: null },
  ];
}
