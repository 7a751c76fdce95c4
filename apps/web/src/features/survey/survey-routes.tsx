import type { RouteObject } from 'react-router';
import { SurveyFinishPage } from './survey-finish-page.tsx';
import { SurveyIntroPage } from './survey-intro-page.tsx';
import { SurveyOverviewPage } from './survey-overview-page.tsx';
import { SurveyQuestionPage } from './survey-question-page.tsx';

/**
 * The employee survey under engagements/{id}/survey/. React Router matches dynamic segments whole,
 * so `question_{n}.html` is one `:surveyPage` segment that the page parses.
 */
export function surveyRoutes(): RouteObject[] {
  const under = (page: string) => `engagements/:engagementId/survey/${page}`;
  return [
    { path: under('intro.html'), element: <SurveyIntroPage /> },
    { path: under('finish.html'), element: <SurveyFinishPage /> },
    { path: under('overview.html'), element: <SurveyOverviewPage /> },
    { path: under(':surveyPage'), element: <SurveyQuestionPage /> },
  ];
}
