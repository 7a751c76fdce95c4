import type { Digraph } from '../graph/digraph.ts';
import { hasEdge, inDegreeOf, outDegreeOf } from '../graph/digraph.ts';
import type { Organisation } from '../graph/organisation.ts';
import { isSenior } from '../graph/organisation.ts';
import type { AnalysisOptions, PairedThreshold } from '../options.ts';
import type { QuestionKind } from '../types.ts';
import { bottomShareThreshold, inTopShare, median } from '../metrics/ranking.ts';
import type { RiskFactorCode } from './factor-codes.ts';

/** The figures a factor rule reads, kept so that a report can say why a factor fired. */
export interface RiskEvidence {
  workInDegree: number;
  workOutDegree: number;
  cooperationMutual: number | null;
  personalInDegree: number;
  adviceInDegree: number;
  /** Reciprocated share of one's work nominations inside the unit; null when not applicable. */
  unitReciprocation: number | null;
}

export interface EmployeeFactors {
  factors: RiskFactorCode[];
  evidence: RiskEvidence;
}

function pairedRule(values: readonly number[], rule: PairedThreshold): (value: number) => boolean {
  const inTop = inTopShare(values, rule.topShare);
  return (value) => value > rule.above || (inTop(value) && value >= rule.relativeFloor && value > 0);
}

/**
 * The sixteen factor rules (docs/methods.md states each with its source). A rule that reads the
 * employee's own answers is evaluated only for those who answered: silence in the data is not
 * evidence of a missing relationship.
 */
export function computeRiskFactors(org: Organisation, options: AnalysisOptions): EmployeeFactors[] {
  const n = org.size;
  const kind = (k: QuestionKind): Digraph => org.byKind.get(k)!;
  const asked = (k: QuestionKind): boolean => org.askedKinds.has(k);
  const cooperation = kind('cooperation');
  const personal = kind('personal');
  const advice = kind('advice');
  const work = org.work;
  const risk = options.risk;

  const cooperationMutual = new Array<number>(n);
  for (let v = 0; v < n; v++) {
    let m = 0;
    for (let i = cooperation.outOffsets[v]!; i < cooperation.outOffsets[v + 1]!; i++) {
      if (hasEdge(cooperation, cooperation.outTargets[i]!, v)) m++;
    }
    cooperationMutual[v] = m;
  }
  const answeredMutual = cooperationMutual.filter((_, v) => org.answered[v] === 1);
  const personalIn = Array.from({ length: n }, (_, v) => inDegreeOf(personal, v));
  const adviceIn = Array.from({ length: n }, (_, v) => inDegreeOf(advice, v));
  const workIn = Array.from({ length: n }, (_, v) => inDegreeOf(work, v));
  const overloaded = pairedRule(answeredMutual, risk.overloadedInCooperation);
  const overwhelmedPersonal = pairedRule(personalIn, risk.overwhelmedWithPersonalSupport);
  const overwhelmedAdvice = pairedRule(adviceIn, risk.overwhelmedWithConsultancy);
  const unnoticedBottom = bottomShareThreshold(workIn, risk.unnoticedBottomShare);
  const halfMedian = median(workIn) / 2;
  const respectGraphs = (['values', 'expertise'] as const).filter(asked).map(kind);
  const supportKinds = (['advice', 'personal'] as const).filter(asked);
  const developmentKinds = (['development', 'advice'] as const).filter(asked);

  const names = (k: QuestionKind, from: number, to: number): boolean => hasEdge(kind(k), from, to);

  const result: EmployeeFactors[] = [];
  for (let v = 0; v < n; v++) {
    const factors: RiskFactorCode[] = [];
    const answered = org.answered[v] === 1;
    const leader = org.leaderOf[v]!;
    const workOut = outDegreeOf(work, v);
    const isolated = answered && workIn[v] === 0 && workOut === 0;
    let unitReciprocation: number | null = null;

    if (answered && leader >= 0) {
      if (asked('attention') && !names('attention', v, leader)) factors.push('lackOfManagersAttention');
      if (asked('sympathy') && !names('sympathy', v, leader) && !names('sympathy', leader, v)) factors.push('noChemistryWithLeader');
      if (supportKinds.length > 0 && !supportKinds.some((k) => names(k, v, leader))) factors.push('lackOfManagersSupport');
      if (asked('feedback') && !names('feedback', v, leader)) factors.push('lackOfManagersFeedback');
      if (asked('recognition') && !names('recognition', v, leader)) factors.push('lackOfManagersRecognition');
    }
    if (respectGraphs.length > 0 && respectGraphs.every((g) => inDegreeOf(g, v) === 0)) factors.push('lackOfRespect');
    if (answered) {
      if (asked('personal') && outDegreeOf(personal, v) === 0) factors.push('lackOfSupport');
      if (asked('feedback') && outDegreeOf(kind('feedback'), v) === 0) factors.push('lackOfFeedback');
      if (asked('recognition') && outDegreeOf(kind('recognition'), v) === 0) factors.push('lackOfRecognition');
      if (asked('cooperation') && overloaded(cooperationMutual[v]!)) factors.push('overloadedInCooperation');
    }
    if (asked('personal') && overwhelmedPersonal(personalIn[v]!)) factors.push('overwhelmedWithPersonalSupport');
    if (asked('advice') && overwhelmedAdvice(adviceIn[v]!)) factors.push('overwhelmedWithConsultancy');
    // Isolation subsumes being unnoticed: both say "no one names you", isolation says more.
    if (!isolated && (workIn[v]! <= risk.unnoticedMaxInDegree || (workIn[v]! <= unnoticedBottom && workIn[v]! < halfMedian))) {
      factors.push('unnoticed');
    }
    if (answered) {
      let inside = 0;
      let reciprocated = 0;
      for (let i = work.outOffsets[v]!; i < work.outOffsets[v + 1]!; i++) {
        const w = work.outTargets[i]!;
        if (org.unitOf[w] !== org.unitOf[v]) continue;
        inside++;
        if (hasEdge(work, w, v)) reciprocated++;
      }
      if (inside > 0) unitReciprocation = reciprocated / inside;
      if (inside >= risk.alienatedMinContacts && reciprocated / inside <= risk.alienatedMaxReciprocation) factors.push('alienatedFromGroup');
    }
    if (answered && leader >= 0 && developmentKinds.length > 0) {
      const learnsFromSenior = developmentKinds.some((k) => {
        const g = kind(k);
        for (let i = g.outOffsets[v]!; i < g.outOffsets[v + 1]!; i++) if (isSenior(org, v, g.outTargets[i]!)) return true;
        return false;
      });
      if (!learnsFromSenior) factors.push('lackOfDevelopment');
    }
    if (isolated) factors.push('isolated');
    result.push({
      factors,
      evidence: {
        workInDegree: workIn[v]!,
        workOutDegree: workOut,
        cooperationMutual: answered ? cooperationMutual[v]! : null,
        personalInDegree: personalIn[v]!,
        adviceInDegree: adviceIn[v]!,
        unitReciprocation,
      },
    });
  }
  return result;
}
