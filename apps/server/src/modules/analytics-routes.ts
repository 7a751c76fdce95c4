import type { FastifyPluginAsync } from 'fastify';
import { analytics360Routes } from './analytics-360/routes.ts';
import type { AnalyticsRouteOptions } from './analytics-shared/privacy.ts';
import { confidenceRoutes } from './confidence/routes.ts';
import { declaredWorkingRoutes } from './declared-working/routes.ts';
import { executiveReportRoutes } from './executive-report/routes.ts';
import { graphRoutes } from './graph/routes.ts';
import { networkExportRoutes } from './graph/network-export/routes.ts';
import { individualReportRoutes } from './individual-report/routes.ts';
import { keyPeopleRoutes } from './key-people/routes.ts';
import { leaderReportRoutes } from './leader-report/routes.ts';
import { metricsRoutes } from './metrics/routes.ts';
import { retentionRoutes } from './retention-analytics/routes.ts';
import { surveyExportRoutes } from './survey-exports/routes.ts';
import { surveyStatisticsRoutes } from './survey-statistics/routes.ts';
import { waveComparisonRoutes } from './wave-comparison/routes.ts';
import { riskCalibrationRoutes } from './wave-comparison/calibration-routes.ts';

/**
 * The analytics calls of spec section 7 (retention, reports, 360, key people, statistics,
 * exports). `minGroupSize`, when set, overrides every journey's own privacy minimum of respondents
 * behind an aggregate (docs/privacy/confidentiality.md).
 */
export const analyticsModuleRoutes: FastifyPluginAsync<AnalyticsRouteOptions> = async (app, options) => {
  const shared: AnalyticsRouteOptions = options.minGroupSize === undefined ? {} : { minGroupSize: options.minGroupSize };
  await app.register(retentionRoutes, shared);
  await app.register(leaderReportRoutes, shared);
  await app.register(individualReportRoutes, shared);
  await app.register(analytics360Routes, shared);
  await app.register(keyPeopleRoutes, shared);
  await app.register(metricsRoutes, shared);
  await app.register(surveyStatisticsRoutes, shared);
  await app.register(executiveReportRoutes, shared);
  await app.register(waveComparisonRoutes, shared);
  await app.register(riskCalibrationRoutes, shared);
  await app.register(confidenceRoutes, shared);
  await app.register(declaredWorkingRoutes, shared);
  await app.register(surveyExportRoutes);
  await app.register(graphRoutes);
  await app.register(networkExportRoutes, shared);
};
