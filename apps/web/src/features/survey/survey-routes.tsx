import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-route.tsx';

/**
 * The employee survey under engagements/{id}/survey/. React Router matches dynamic segments whole,
 * so `question_{n}.html` is one `:surveyPage` segment that the page parses. Each page is its own
 * chunk, fetched with the survey texts when first opened.
 */
export function surveyRoutes(): RouteObject[] {
  const under = (page: string) => `engagements/:engagementId/survey/${page}`;
  return [
    { path: under('intro.html'), lazy: lazyPage(() => import('./survey-intro-page.tsx'), (m) => <m.SurveyIntroPage />, ['survey']) },
    { path: under('finish.html'), lazy: lazyPage(() => import('./survey-finish-page.tsx'), (m) => <m.SurveyFinishPage />, ['survey']) },
    { path: under('overview.html'), lazy: lazyPage(() => import('./survey-overview-page.tsx'), (m) => <m.SurveyOverviewPage />, ['survey']) },
    { path: under(':surveyPage'), lazy: lazyPage(() => import('./survey-question-page.tsx'), (m) => <m.SurveyQuestionPage />, ['survey']) },
  ];
}
