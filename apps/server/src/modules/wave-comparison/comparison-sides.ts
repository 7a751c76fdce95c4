import type { GraphCategory, QuestionKind, WaveSnapshot } from '@ona/analytics';
import type { TComparedJourney, TLocale, TModule } from '@ona/contracts';
import { asc, eq, tables, type Database } from '@ona/db';
import { ApiError } from '../../errors/api-error.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { resolveScope, visibleEmployees, type AnalyticsScope, type EngagementRow, type SeeingLevel } from '../analytics-shared/analytics-scope.ts';
import { requireLatestAnalysis, type ResultOf, type SectionPath, type StoredAnalysis } from '../analytics-shared/latest-result.ts';
import { accessMapFromRows, type ModuleAccessMap } from '../engagements/access-scope.ts';
import { loadAccessRows } from '../engagements/repository.ts';
import { getVisibleEngagement } from '../engagements/service.ts';

export interface ComparedQuestion {
  id: number;
  key: string;
  category: GraphCategory;
  kind: QuestionKind;
  label: string;
}

/**
 * What a comparison reads of each run: people, units, the graph (its ties, and the layout the tie
 * diff draws on) and the networks' metrics; not the reports, retention pages or confidence, which
 * are most of a large run.
 */
type WaveSection = 'employees' | 'units' | 'graph' | 'metrics' | 'communities' | 'brokerage';
const WAVE_SECTIONS = [['employees'], ['units'], ['graph'], ['metrics'], ['communities'], ['brokerage']] as const satisfies readonly SectionPath<WaveSection>[];

/** One journey of a comparison, as the caller may read it. */
export interface ComparisonSide {
  /** The caller's view in the module that gates the call (who they see, at which level). */
  scope: AnalyticsScope;
  /** The caller's levels of every module in this journey. */
  access: ModuleAccessMap;
  /** People whose per-person metrics the caller may read there (the key people module's level). */
  metrics: { level: SeeingLevel | null; visible: ReadonlySet<number> };
  stored: StoredAnalysis<ResultOf<WaveSection>>;
  questions: ComparedQuestion[];
  snapshot: WaveSnapshot;
}

export interface ComparisonSides {
  then: ComparisonSide;
  now: ComparisonSide;
}

/** Started earlier: by the first survey day, then by id for journeys opened the same day. */
export function startedBefore(a: Pick<EngagementRow, 'accessFrom' | 'id'>, b: Pick<EngagementRow, 'accessFrom' | 'id'>): boolean {
  return a.accessFrom < b.accessFrom || (a.accessFrom === b.accessFrom && a.id < b.id);
}

export function comparedJourney(engagement: EngagementRow, analysedAt: Date | null): TComparedJourney {
  return { id: engagement.id, name: engagement.name, access_from: engagement.accessFrom, access_till: engagement.accessTill, analysed_at: analysedAt?.toISOString() ?? null };
}

async function loadQuestions(db: Database, engagementId: number, locale: TLocale): Promise<ComparedQuestion[]> {
  const rows = await db.select().from(tables.questions).where(eq(tables.questions.engagementId, engagementId)).orderBy(asc(tables.questions.position), asc(tables.questions.id));
  return rows.map((q) => ({ id: q.id, key: q.key, category: q.category as GraphCategory, kind: q.kind as QuestionKind, label: q.texts[locale] ?? q.texts.en ?? q.key }));
}

/** An e-mail as people are matched by it: trimmed, lower case (the database's uniqueness reads it so too). */
export const matchingKey = (email: string | null): string | null => {
  const key = email?.trim().toLowerCase() ?? '';
  return key === '' ? null : key;
};

async function loadSide(db: Database, auth: AuthContext, engagementId: number, module: TModule, locale: TLocale): Promise<ComparisonSide> {
  const scope = await resolveScope(db, auth, engagementId, module);
  const access = accessMapFromRows(await loadAccessRows(db, scope.engagement.id, auth.user.id));
  const stored = await requireLatestAnalysis(db, scope.engagement.id, WAVE_SECTIONS);
  const questions = await loadQuestions(db, scope.engagement.id, locale);
  const rootUnit = scope.units.find((u) => u.parentId === null);
  const snapshot: WaveSnapshot = {
    input: {
      employees: scope.employees.map((e) => ({ id: String(e.id), name: e.name, unitId: String(e.unitId ?? rootUnit?.id ?? 0), leaderId: e.leaderId === null ? null : String(e.leaderId), hasAnswered: false })),
      units: scope.units.map((u) => ({ id: String(u.id), name: u.name, parentId: u.parentId === null ? null : String(u.parentId) })),
      questions: questions.map((q) => ({ id: String(q.id), category: q.category, kind: q.kind, label: q.label })),
    },
    result: stored.result,
    personKeys: new Map(scope.employees.flatMap((e) => {
      const key = matchingKey(e.email);
      return key === null ? [] : [[String(e.id), key] as const];
    })),
    questionKeys: new Map(questions.map((q) => [String(q.id), q.key])),
  };
  return {
    scope,
    access,
    metrics: seeingIn(scope, access, 'key_people_analytics'),
    stored,
    questions,
    snapshot,
  };
}

function seeingIn(scope: AnalyticsScope, access: ModuleAccessMap, module: TModule): { level: SeeingLevel | null; visible: ReadonlySet<number> } {
  const level = access[module];
  if (level !== 'self_only' && level !== 'subtree' && level !== 'all_access') return { level: null, visible: new Set() };
  return { level, visible: visibleEmployees(level, scope.ownEmployeeId, scope.employees) };
}

/** The same side read with another module's level (the tie diff of an export reads the graph's); null without access. */
export function sideIn(side: ComparisonSide, module: TModule): ComparisonSide | null {
  const { level, visible } = seeingIn(side.scope, side.access, module);
  return level === null ? null : { ...side, scope: { ...side.scope, level, visible } };
}

/**
 * Both journeys of a comparison. Either journey of another organisation (or one the caller may
 * not open) answers 404; a journey that did not start before the compared one 400
 * `comparison_not_earlier`; no access to the module in either 403; either not analysed 409.
 */
export async function loadComparisonSides(db: Database, auth: AuthContext, laterId: number, earlierId: number, module: TModule, locale: TLocale): Promise<ComparisonSides> {
  const later = await getVisibleEngagement(db, auth, laterId);
  const earlier = await getVisibleEngagement(db, auth, earlierId);
  if (!startedBefore(earlier, later)) throw new ApiError(400, 'comparison_not_earlier', 'waves.errors.not_earlier', { with: ['waves.errors.not_earlier'] });
  const now = await loadSide(db, auth, later.id, module, locale);
  const then = await loadSide(db, auth, earlier.id, module, locale);
  return { then, now };
}

/** Both journeys give the caller all_access in the gating module: tie counts and tie lists may show. */
export const seesAllOfBoth = (sides: ComparisonSides): boolean => sides.then.scope.level === 'all_access' && sides.now.scope.level === 'all_access';
