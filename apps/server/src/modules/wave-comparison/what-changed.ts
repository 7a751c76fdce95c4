import { DEFAULT_OPTIONS, type PersonChange } from '@ona/analytics';
import type { TLocale } from '@ona/contracts';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../../plugins/auth.ts';
import { resolveAccess } from '../analytics-shared/analytics-access.ts';
import type { AnalysedAccess } from '../analytics-shared/analysed-view.ts';
import { keptValue } from '../analytics-shared/kept-value.ts';
import { dbId } from '../analytics-shared/latest-result.ts';
import { comparableJourneys } from './comparable-journeys.ts';
import { cachedComparison } from './comparison-cache.ts';
import { loadComparisonSides, seesAllOfBoth, type ComparisonSide, type ComparisonSides } from './comparison-sides.ts';

export interface ThenNow {
  then: number | null;
  now: number | null;
}

/** The one-page summary of the executive report when an earlier wave exists, over the people the reader sees. */
export interface WhatChanged {
  earlierName: string;
  earlierAnalysedAt: string | null;
  people: { then: number; now: number; stayed: number; joined: number; left: number };
  /** Null when either journey has fewer respondents (among the people seen) than the minimum. */
  responseRate: ThenNow | null;
  highRiskShare: ThenNow | null;
  /** Among people who stayed: risk level higher, lower, the same; null under the minimum. */
  riskMoved: { rose: number; fell: number; same: number } | null;
  /** Leavers at a high risk level in the earlier journey; null under the minimum of leavers. */
  leaversAtHighRisk: { count: number; of: number } | null;
  unitsNew: string[];
  unitsGone: string[];
  /** Ties of all work questions, new isolates and bridges lost: with all_access in both journeys only. */
  work: { kept: number; added: number; lost: number; newIsolates: number; bridgesLost: number } | null;
}

const shownOn = (side: ComparisonSide, id: string | undefined): boolean => id !== undefined && side.scope.visible.has(dbId(id));

export function whatChangedFigures(sides: ComparisonSides, minGroupSize: number): WhatChanged {
  const high = DEFAULT_OPTIONS.risk.highRiskLevel;
  const comparison = cachedComparison(sides, null);
  const seenThen = (p: PersonChange) => shownOn(sides.then, p.then?.id);
  const seenNow = (p: PersonChange) => shownOn(sides.now, p.now?.id);
  const thenPeople = comparison.people.filter(seenThen).map((p) => p.then!);
  const nowPeople = comparison.people.filter(seenNow).map((p) => p.now!);
  const answeredThen = thenPeople.filter((p) => p.hasAnswered).length;
  const answeredNow = nowPeople.filter((p) => p.hasAnswered).length;
  const enough = answeredThen >= minGroupSize && answeredNow >= minGroupSize;
  const share = (part: number, of: number) => (of === 0 ? null : part / of);
  const stayed = comparison.people.filter((p) => p.status === 'stayed' && seenThen(p) && seenNow(p));
  const leavers = comparison.people.filter((p) => p.status === 'left' && seenThen(p));
  const work = comparison.networks.find((n) => n.key === 'work');
  const everyone = seesAllOfBoth(sides);
  const unitNames = (status: 'new' | 'gone') => (everyone ? comparison.units.filter((u) => u.status === status).map((u) => u.path.join(' / ')) : []);
  return {
    earlierName: sides.then.scope.engagement.name,
    earlierAnalysedAt: sides.then.stored.finishedAt?.toISOString().slice(0, 10) ?? null,
    people: {
      then: thenPeople.length,
      now: nowPeople.length,
      stayed: comparison.people.filter((p) => p.status === 'stayed' && seenNow(p)).length,
      joined: comparison.people.filter((p) => p.status === 'joined' && seenNow(p)).length,
      left: leavers.length,
    },
    responseRate: enough ? { then: share(answeredThen, thenPeople.length), now: share(answeredNow, nowPeople.length) } : null,
    highRiskShare: enough ? { then: share(thenPeople.filter((p) => p.riskLevel >= high).length, thenPeople.length), now: share(nowPeople.filter((p) => p.riskLevel >= high).length, nowPeople.length) } : null,
    riskMoved:
      stayed.length >= minGroupSize
        ? {
            rose: stayed.filter((p) => (p.riskChange ?? 0) > 0).length,
            fell: stayed.filter((p) => (p.riskChange ?? 0) < 0).length,
            same: stayed.filter((p) => p.riskChange === 0).length,
          }
        : null,
    leaversAtHighRisk: leavers.length >= minGroupSize ? { count: leavers.filter((p) => p.then!.riskLevel >= high).length, of: leavers.length } : null,
    unitsNew: unitNames('new'),
    unitsGone: unitNames('gone'),
    work:
      everyone && work
        ? { kept: work.ties.kept, added: work.ties.added, lost: work.ties.lost, newIsolates: work.newIsolates.length, bridgesLost: work.bridgesLost.length }
        : null,
  };
}

/**
 * The summary against the earlier journey the comparison would suggest (the one this journey is
 * the next wave of, else the newest earlier analysed one the reader may open in the module);
 * null when there is none. Built once per key of the kept analysis answers: this journey's run,
 * data version and the reader's scope, and the same of the earlier journey (its access is read on
 * every request, so a new run or a write on either side, or a rights change, rebuilds it). The
 * engine comparison under it is the module's (comparison-cache.ts).
 */
export async function whatChangedFor(app: FastifyInstance, auth: AuthContext, later: AnalysedAccess, locale: TLocale, minGroupSize: number): Promise<WhatChanged | null> {
  const engagementId = later.access.engagement.id;
  const { suggested } = await comparableJourneys(app.db, auth, engagementId, 'executive_reports');
  if (suggested === null) return null;
  const earlier = await resolveAccess(app.db, auth, suggested, 'executive_reports');
  const { engagement, level, ownEmployeeId, latestRunId } = earlier;
  return keptValue(app, { answer: 'executive-what-changed', ...later, locale, variant: [engagement.id, engagement.dataVersion, latestRunId, level, ownEmployeeId, minGroupSize] }, async () =>
    whatChangedFigures(await loadComparisonSides(app.db, auth, engagementId, suggested, 'executive_reports', locale), minGroupSize),
  );
}
