import { Navigate, type RouteObject } from 'react-router';
import { CreatorLayout } from '../features/instant-survey/creator/creator-layout.tsx';
import { ParticipantsPage } from '../features/instant-survey/creator/participants-page.tsx';
import { QuestionsPage } from '../features/instant-survey/creator/questions-page.tsx';
import { TemplatesPage } from '../features/instant-survey/creator/templates-page.tsx';
import { AnalysisTab } from '../features/instant-survey/details/analysis-tab.tsx';
import { AnswersTab } from '../features/instant-survey/details/answers-tab.tsx';
import { GraphTab } from '../features/instant-survey/details/graph-tab.tsx';
import { InvitesTab } from '../features/instant-survey/details/invites-tab.tsx';
import { SurveyDetailsLayout } from '../features/instant-survey/details/survey-details-layout.tsx';
import { InstantLayout } from '../features/instant-survey/instant-layout.tsx';
import { InstantLoginPage } from '../features/instant-survey/instant-login-page.tsx';
import { InstantPasswordResetPage } from '../features/instant-survey/instant-password-reset-page.tsx';
import { GroupPage } from '../features/instant-survey/people/group-page.tsx';
import { GroupsListPage } from '../features/instant-survey/people/groups-list-page.tsx';
import { UsersPage } from '../features/instant-survey/people/users-page.tsx';
import { SurveysListPage } from '../features/instant-survey/surveys-list-page.tsx';
import { TakeSurveyPage } from '../features/instant-survey/take-survey-page.tsx';
import { ThankYouPage } from '../features/instant-survey/thank-you-page.tsx';
import { RequireToken } from '../shared/auth/require-token.tsx';
import { NotFoundContent } from '../shared/ui/not-found-content.tsx';
import { INSTANT_LOGIN } from './session-targets.ts';

/** The instant-survey route set (instant-survey-and-site.md §2). */
export function instantSurveyChildRoutes(base: string): RouteObject[] {
  return [
    { index: true, element: <Navigate to={`${base}surveys/list.html`} replace /> },
    { path: INSTANT_LOGIN, element: <InstantLoginPage /> },
    { path: 'password-reset.html', element: <InstantPasswordResetPage /> },
    // Participants are not signed in (DECISIONS.md): no guard here.
    { path: 'take-survey/:instantSurveyId.html', element: <TakeSurveyPage /> },
    { path: 'take-survey/:instantSurveyId/thankyou.html', element: <ThankYouPage /> },
    {
      element: <RequireToken loginPath={`${base}${INSTANT_LOGIN}`} />,
      children: [
        {
          element: <InstantLayout />,
          children: [
            { path: 'surveys/list.html', element: <SurveysListPage /> },
            {
              path: 'surveys/new',
              element: <CreatorLayout />,
              children: [
                { index: true, element: <Navigate to={`${base}surveys/new/templates.html`} replace /> },
                { path: 'templates.html', element: <TemplatesPage /> },
                { path: 'questions.html', element: <QuestionsPage /> },
                { path: 'participants.html', element: <ParticipantsPage /> },
              ],
            },
            {
              path: 'surveys/:instantSurveyId',
              element: <SurveyDetailsLayout />,
              children: [
                { index: true, element: <Navigate to="answers.html" replace /> },
                { path: 'answers.html', element: <AnswersTab /> },
                { path: 'graph.html', element: <GraphTab /> },
                { path: 'analysis.html', element: <AnalysisTab /> },
                { path: 'invites.html', element: <InvitesTab /> },
              ],
            },
            { path: 'users.html', element: <UsersPage /> },
            { path: 'groups/list.html', element: <GroupsListPage /> },
            { path: 'groups/new.html', element: <GroupPage /> },
            { path: 'groups/:groupId.html', element: <GroupPage /> },
            { path: '*', element: <NotFoundContent homePath="surveys/list.html" /> },
          ],
        },
      ],
    },
  ];
}
