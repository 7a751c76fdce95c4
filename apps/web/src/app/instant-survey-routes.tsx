import { useEffect } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { RequireToken } from '../shared/auth/require-token.tsx';
import { NotFoundContent } from '../shared/ui/not-found-content.tsx';
import { lazyPage } from './lazy-route.tsx';
import { INSTANT_LOGIN } from './session-targets.ts';

const ns = ['instantSurvey'] as const;

/**
 * The participant's pages are a small entry of their own (participant.html, docs/first-loads.md),
 * which the server sends for these addresses: a link from inside the app (the code entry) loads it.
 */
function ParticipantEntry() {
  useEffect(() => window.location.replace(window.location.href), []);
  return null;
}

const groupPage = () => import('../features/instant-survey/people/group-page.tsx');

/**
 * The instant-survey route set (instant-survey-and-site.md §2). Every page is a chunk of its own: a
 * participant who scans the code fetches the take-survey page and its texts, nothing of the
 * creator, the host's pages or the live graph (sigma only comes with the graph tab).
 */
export function instantSurveyChildRoutes(base: string): RouteObject[] {
  return [
    { index: true, element: <Navigate to={`${base}surveys/list.html`} replace /> },
    { path: INSTANT_LOGIN, lazy: lazyPage(() => import('../features/instant-survey/instant-login-page.tsx'), (m) => <m.InstantLoginPage />, ['instantSurvey', 'auth', 'sso']) },
    { path: 'sso-callback.html', lazy: lazyPage(() => import('../features/sso/sso-callback-page.tsx'), (m) => <m.SsoCallbackPage loginPath={INSTANT_LOGIN} />, ['sso', 'auth']) },
    { path: 'password-reset.html', lazy: lazyPage(() => import('../features/instant-survey/instant-password-reset-page.tsx'), (m) => <m.InstantPasswordResetPage />, ['instantSurvey', 'auth']) },
    // Participants are not signed in (DECISIONS.md): no guard here.
    { path: 'take-survey/:instantSurveyId.html', element: <ParticipantEntry /> },
    { path: 'take-survey/:instantSurveyId/thankyou.html', element: <ParticipantEntry /> },
    {
      element: <RequireToken loginPath={`${base}${INSTANT_LOGIN}`} />,
      children: [
        {
          lazy: lazyPage(() => import('../features/instant-survey/instant-layout.tsx'), (m) => <m.InstantLayout />, ns),
          children: [
            { path: 'surveys/list.html', lazy: lazyPage(() => import('../features/instant-survey/surveys-list-page.tsx'), (m) => <m.SurveysListPage />, ns) },
            {
              path: 'surveys/new',
              lazy: lazyPage(() => import('../features/instant-survey/creator/creator-layout.tsx'), (m) => <m.CreatorLayout />, ns),
              children: [
                { index: true, element: <Navigate to={`${base}surveys/new/templates.html`} replace /> },
                { path: 'templates.html', lazy: lazyPage(() => import('../features/instant-survey/creator/templates-page.tsx'), (m) => <m.TemplatesPage />, ns) },
                { path: 'questions.html', lazy: lazyPage(() => import('../features/instant-survey/creator/questions-page.tsx'), (m) => <m.QuestionsPage />, ns) },
                { path: 'participants.html', lazy: lazyPage(() => import('../features/instant-survey/creator/participants-page.tsx'), (m) => <m.ParticipantsPage />, ns) },
              ],
            },
            {
              path: 'surveys/:instantSurveyId',
              lazy: lazyPage(() => import('../features/instant-survey/details/survey-details-layout.tsx'), (m) => <m.SurveyDetailsLayout />, ns),
              children: [
                { index: true, element: <Navigate to="answers.html" replace /> },
                { path: 'answers.html', lazy: lazyPage(() => import('../features/instant-survey/details/answers-tab.tsx'), (m) => <m.AnswersTab />, ns) },
                { path: 'graph.html', lazy: lazyPage(() => import('../features/instant-survey/details/graph-tab.tsx'), (m) => <m.GraphTab />, ns) },
                { path: 'analysis.html', lazy: lazyPage(() => import('../features/instant-survey/details/analysis-tab.tsx'), (m) => <m.AnalysisTab />, ns) },
                { path: 'invites.html', lazy: lazyPage(() => import('../features/instant-survey/details/invites-tab.tsx'), (m) => <m.InvitesTab />, ns) },
              ],
            },
            { path: 'users.html', lazy: lazyPage(() => import('../features/instant-survey/people/users-page.tsx'), (m) => <m.UsersPage />, ns) },
            { path: 'groups/list.html', lazy: lazyPage(() => import('../features/instant-survey/people/groups-list-page.tsx'), (m) => <m.GroupsListPage />, ns) },
            { path: 'groups/new.html', lazy: lazyPage(groupPage, (m) => <m.GroupPage />, ns) },
            { path: 'groups/:groupId.html', lazy: lazyPage(groupPage, (m) => <m.GroupPage />, ns) },
            { path: '*', element: <NotFoundContent homePath="surveys/list.html" /> },
          ],
        },
      ],
    },
  ];
}
