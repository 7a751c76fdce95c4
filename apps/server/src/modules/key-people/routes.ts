import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParams, ZKeyPeopleAsValues, ZKeyPeopleAsValuesQuery, ZKeyPeopleListPage, ZKeyPeopleListQuery } from '@ona/contracts';
import { requireAuth } from '../../plugins/auth.ts';
import { loadAnalysisInput } from '../analysis/analysis-input.ts';
import { analysedAccess, analysedView } from '../analytics-shared/analysed-view.ts';
import { resolveScope } from '../analytics-shared/analytics-scope.ts';
import { sendKeptAnswer } from '../analytics-shared/kept-answer-reply.ts';
import { explainer } from '../analytics-shared/explanations.ts';
import { requireFinishedRun } from '../analytics-shared/latest-result.ts';
import { resolveMinGroupSize, type AnalyticsRouteOptions } from '../analytics-shared/privacy.ts';
import { analyticsErrors } from '../analytics-shared/route-schemas.ts';
import { keyPeopleList, keyPeopleValues, resolveSide, sourceRespondents } from './key-people-service.ts';
import { withShownGroups } from './shown-groups-repository.ts';

export const keyPeopleRoutes: FastifyPluginAsyncZod<AnalyticsRouteOptions> = async (app, options) => {
  const thresholdOf = resolveMinGroupSize(options);

  app.get('/engagements/:id/key-people-analytics/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['key-people'],
      summary: 'Key and group roles of the employees the caller sees, a page at a time: the target group (tu, tun), role filter (role, repeated), only_with_roles, id (repeated), q over name and unit, sorted by name, unit, key_roles or group_roles',
      description: 'With each page: how many of the target group hold each role (role_counts), the units the caller has someone in (and those above them), and each role’s explanation in the request’s language.',
      params: ZIdParams,
      querystring: ZKeyPeopleListQuery,
      response: { 200: ZKeyPeopleListPage, ...analyticsErrors },
    },
  }, async (request, reply) => {
    const found = await analysedAccess(app.db, requireAuth(request), request.params.id, 'key_people_analytics');
    return sendKeptAnswer(app, request, reply, { answer: 'key-people', ...found, locale: request.locale, variant: [request.query] }, async () => {
      const { scope, stored } = await analysedView(app.db, found, [['employees']]);
      return keyPeopleList(scope, stored.result, request.query, explainer(request.locale), request.locale);
    });
  });

  app.get('/engagements/:id/key-people-analytics/as-values/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['key-people'],
      summary: 'How strongly a source group names a target group: su, tu (employee ids) and sun, tun (unit ids, with sub-units) may repeat',
      description:
        'Counts are withheld (withheld_reason) when the source respondents are fewer than the privacy minimum, differ from the caller’s whole view or one of its units by fewer than the minimum, or, when the source has hand-picked people (su), differ by fewer than the minimum from a source group this user was shown before on this journey (`differs_from_earlier_request`; the server keeps the most recent 500 such groups per user and journey).',
      params: ZIdParams,
      querystring: ZKeyPeopleAsValuesQuery,
      response: { 200: ZKeyPeopleAsValues, ...analyticsErrors },
    },
  }, async (request) => {
    const auth = requireAuth(request);
    const scope = await resolveScope(app.db, auth, request.params.id, 'key_people_analytics');
    const minGroupSize = thresholdOf(scope.engagement);
    // The view is computed live from the answers, but only once an analysis exists, like the list.
    await requireFinishedRun(app.db, scope.engagement.id);
    const { su, tu, sun, tun } = request.query;
    const input = await loadAnalysisInput(app.db, scope.engagement.id);
    const sources = resolveSide(scope, su, sun);
    const targets = resolveSide(scope, tu, tun);
    // Units and the whole view are the groups this view shows anyway (held against statelessly);
    // a source side with hand-picked people is also held against this reader's earlier lists.
    if (su.length === 0) return keyPeopleValues(scope, input, sources, targets, minGroupSize);
    return withShownGroups(app.db, auth.user.id, scope.engagement.id, (earlier) => {
      const result = keyPeopleValues(scope, input, sources, targets, minGroupSize, earlier);
      return { result, log: result.withheld ? null : sourceRespondents(input, sources) };
    });
  });
};
