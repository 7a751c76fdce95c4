import { Navigate, type RouteObject } from 'react-router';
import { InstantLayout } from '../features/instant-survey/instant-layout.tsx';
import { InstantLoginPage } from '../features/instant-survey/instant-login-page.tsx';
import { InstantPasswordResetPage } from '../features/instant-survey/instant-password-reset-page.tsx';
import { SurveysListPage } from '../features/instant-survey/surveys-list-page.tsx';
import { TakeSurveyPage } from '../features/instant-survey/take-survey-page.tsx';
import { RequireToken } from '../shared/auth/require-token.tsx';
import { NotFoundContent } from '../shared/ui/not-found-content.tsx';
import { INSTANT_LOGIN } from './session-targets.ts';


/** The instant-survey route set (instant-survey-and-site.md §2); later issues add its screens. */
export function instantSurveyChildRoutes(base: string): RouteObject[] {
  return [
    { index: true, element: <Navigate to={`${base}surveys/list.html`} replace /> },
    { path: INSTANT_LOGIN, element: <InstantLoginPage /> },
    { path: 'password-reset.html', element: <InstantPasswordResetPage /> },
    // Participants are not signed in (DECISIONS.md): no guard here.
    { path: 'take-survey/:instantSurveyId.html', element: <TakeSurveyPage /> },
    {
      element: <RequireToken loginPath={`${base}${INSTANT_LOGIN}`} />,
      children: [
        {
          element: <InstantLayout />,
          children: [
            { path: 'surveys/list.html', element: <SurveysListPage /> },
            { path: '*', element: <NotFoundContent homePath="surveys/list.html" /> },
          ],
        },
      ],
    },
  ];
}
