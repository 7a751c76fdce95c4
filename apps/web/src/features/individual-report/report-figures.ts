import { CHARACTER_TYPE_CODES, HIERARCHY_LEVEL_CODES, type TIndividualReport } from '@ona/contracts';

/**
 * The spec's limits (§9), used only to draw each figure against its limit. Whether a figure is
 * over its limit is the API's verdict (`turning_to_you_too_many`, …), never recomputed here.
 */
export const TURNING_TO_YOU_LIMIT = 20;
export const MUTUAL_LIMIT = 15;
export const HIGH_INFLUENCE_SHARE = 0.4;
export const OPERATIVE_IMPLEMENTOR_SHARE = 0.5;

/** How full a bar drawn against a limit is, in percent: the limit sits at 80% so that "over" shows. */
export function barAgainstLimit(value: number, limit: number): number {
  if (limit <= 0) return 0;
  return Math.min(100, Math.max(0, (value / limit) * 80));
}

export type TCharacterTypeRow = {
  code: (typeof CHARACTER_TYPE_CODES)[number];
  score: number;
  nominations: number;
  /** The highest score of the person (ties all count), when anyone named them at all. */
  strongest: boolean;
};

/** The five character types in the spec's order, each marked when it is the person's strongest. */
export function characterTypeRows(report: Pick<TIndividualReport, 'character_types'>): TCharacterTypeRow[] {
  const rows = CHARACTER_TYPE_CODES.map((code) => ({ code, score: report.character_types[code]?.score ?? 1, nominations: report.character_types[code]?.nominations ?? 0 }));
  const best = Math.max(...rows.map((row) => row.score));
  const anyNamed = rows.some((row) => row.nominations > 0);
  return rows.map((row) => ({ ...row, strongest: anyNamed && row.score === best }));
}

export type TLevelRow = { level: (typeof HIERARCHY_LEVEL_CODES)[number]; count: number; share: number };

/** Relations per hierarchy level, from strategic down to implementors. */
export function levelRows(report: Pick<TIndividualReport, 'relations_by_level'>): TLevelRow[] {
  return HIERARCHY_LEVEL_CODES.map((level) => ({ level, count: report.relations_by_level[level]?.count ?? 0, share: report.relations_by_level[level]?.share ?? 0 }));
}

/** A 0..1 share as a whole percentage in the reader's language ("70%", "70 %"). */
export function formatShare(share: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(share);
}

/** A 1..10 score with its one decimal, in the reader's language ("4.5", "4,5"). */
export function formatScore(score: number, locale: string): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(score);
}
