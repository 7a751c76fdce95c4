import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParams, ZLeaverReasonBody, ZLeaverReasonParams, ZRiskCalibration, ZRiskCalibrationQuery, type TLocale } from '@ona/contracts';
import type { Database } from '@ona/db';
import { ApiError, forbidden } from '../../errors/api-error.ts';
import { requireAuth, type AuthContext } from '../../plugins/auth.ts';
import { comparisonThreshold, resolveMinGroupSize, type AnalyticsRouteOptions } from '../analytics-shared/privacy.ts';
import { analyticsErrors } from '../analytics-shared/route-schemas.ts';
import { getVisibleEngagement, isEngagementAdmin } from '../engagements/service.ts';
import { loadComparisonSides, seesAllOfBoth, type ComparisonSides } from './comparison-sides.ts';
import { saveLeaverReason } from './leaver-reasons-repository.ts';
import { calibrationReasons, directoryLeaverKeys, withDirectoryLeavers } from './directory-leavers.ts';
import { leaversOf, riskCalibrationView } from './risk-calibration-view.ts';

/**
 * Both journeys for the calibration: another organisation's journey answers 404 before anything
 * else (a 403 never confirms it exists); then only engagement admins who see the retention
 * analytics of both journeys whole (all_access) get further: the calibration names every leaver
 * with their earlier risk level.
 */
export async function loadCalibrationSides(db: Database, auth: AuthContext, laterId: number, earlierId: number, locale: TLocale): Promise<ComparisonSides> {
  await getVisibleEngagement(db, auth, laterId);
  await getVisibleEngagement(db, auth, earlierId);
  if (!isEngagementAdmin(auth)) throw forbidden();
  const sides = await loadComparisonSides(db, auth, laterId, earlierId, 'retention_analytics', locale);
  if (!seesAllOfBoth(sides)) throw forbidden();
  return withDirectoryLeavers(sides, await directoryLeaverKeys(db, auth.organizationId, sides));
}

/** Risk checked against turnover (docs/risk-calibration.md). */
export const riskCalibrationRoutes: FastifyPluginAsyncZod<AnalyticsRouteOptions> = async (app, options) => {
  const thresholdOf = resolveMinGroupSize(options);

  app.get('/engagements/:id/comparison/calibration/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['wave-comparison'],
      summary: 'The earlier journey’s risk levels checked against who left: per level how many people and what share left, precision and recall of “level 3 or 4”, and the leavers with their reasons',
      description:
        'Engagement admins with all_access to retention analytics in both journeys; anyone else 403, another organisation’s journey 404. A level, precision or recall resting on fewer people than the privacy minimum is null with its withheld flag. Leavers whose reason is unknown count as having left; moved and retired leave the base.',
      params: ZIdParams,
      querystring: ZRiskCalibrationQuery,
      response: { 200: ZRiskCalibration, ...analyticsErrors },
    },
  }, async (request) => {
    const auth = requireAuth(request);
    const sides = await loadCalibrationSides(app.db, auth, request.params.id, request.query.with, request.locale);
    const minGroupSize = comparisonThreshold(thresholdOf, sides);
    return riskCalibrationView(sides, await calibrationReasons(app.db, auth.organizationId), minGroupSize);
  });

  app.put('/engagements/:id/comparison/leavers/:employeeId/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['wave-comparison'],
      summary: 'Marks why a person of the earlier journey (`with`) is not in this one: left, moved, retired or unknown; answers the calibration anew',
      description:
        'The reason is kept per organisation and person (their e-mail), so every comparison that has them as a leaver reads it. `employeeId` is their id in the earlier journey; someone who is in this journey too, or not in the earlier one: 400 `not_a_leaver`. Same access as the calibration.',
      params: ZLeaverReasonParams,
      querystring: ZRiskCalibrationQuery,
      body: ZLeaverReasonBody,
      response: { 200: ZRiskCalibration, ...analyticsErrors },
    },
  }, async (request) => {
    const auth = requireAuth(request);
    const sides = await loadCalibrationSides(app.db, auth, request.params.id, request.query.with, request.locale);
    const minGroupSize = comparisonThreshold(thresholdOf, sides);
    const before = await calibrationReasons(app.db, auth.organizationId);
    const leaver = leaversOf(sides, before).find((candidate) => candidate.id === String(request.params.employeeId));
    if (!leaver) throw new ApiError(400, 'not_a_leaver', 'calibration.errors.not_a_leaver', { employeeId: ['calibration.errors.not_a_leaver'] });
    await saveLeaverReason(app.db, auth.organizationId, leaver.key, request.body.reason, auth.user.id);
    // The product keeps no audit table; the row records who set it last, the log every change.
    request.log.info({ organizationId: auth.organizationId, userId: auth.user.id, engagementId: sides.then.scope.engagement.id, employeeId: request.params.employeeId, reason: request.body.reason }, 'leaver reason set');
    return riskCalibrationView(sides, await calibrationReasons(app.db, auth.organizationId), minGroupSize);
  });
};
