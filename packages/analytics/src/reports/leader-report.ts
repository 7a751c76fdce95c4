import type { Organisation } from '../graph/organisation.ts';
import type { Digraph } from '../graph/digraph.ts';
import { hasEdge } from '../graph/digraph.ts';
import type { AnalysisOptions } from '../options.ts';
import type { QuestionKind } from '../types.ts';
import { gini } from '../metrics/ranking.ts';
import { scaleToTen } from './scale.ts';

export interface LeaderTie {
  employeeId: string;
  /** The leader names the member. */
  given: boolean;
  /** The member names the leader. */
  received: boolean;
}

export interface GivenReceived {
  given: string[];
  received: string[];
}

export interface LeaderReport {
  leaderId: string;
  teamSize: number;
  /** Sub-scores are 1..10 like the factor; `raw` holds the shares of the team behind them. */
  attention: { score: number; opinion: number; work_info: number; recognition: number; corporate_news: number; raw: Record<'opinion' | 'work_info' | 'recognition' | 'corporate_news', number> };
  prestige: { score: number; advice: number; personal: number; attention: number; expertise: number; raw: Record<'advice' | 'personal' | 'attention' | 'expertise', number> };
  impartiality: { score: number; sympathy: LeaderTie[]; expertise: LeaderTie[]; raw: number };
  relationship: { score: number; sympathy: GivenReceived; expertise: GivenReceived; raw: number };
}

/**
 * The four leader factors (docs/methods.md):
 * - prestige: share of the team naming the leader on advice, personal, attention and expertise;
 * - attention: share of the team the leader pays attention to: the leader values their opinion
 *   (leader → member on opinion), and members get work information, recognition and company news
 *   from the leader (member → leader on work_info, recognition, corporate_news);
 * - impartiality: 1 − Gini of the leader's sympathy and expertise ties over the members;
 * - relationship: share of the four possible ties (sympathy and expertise, given and received)
 *   present between leader and members.
 */
export function leaderReports(org: Organisation, options: AnalysisOptions): LeaderReport[] {
  const leaders: number[] = [];
  for (let v = 0; v < org.size; v++) if (org.directReports[v]!.length > 0) leaders.push(v);
  const id = (v: number): string => org.employees[v]!.id;
  const kind = (k: QuestionKind): Digraph => org.byKind.get(k)!;
  const workInfo = org.byCategory.get('work_info')!;
  const share = (members: readonly number[], test: (m: number) => boolean): number => (members.length === 0 ? 0 : members.filter(test).length / members.length);

  const raws = leaders.map((leader) => {
    const members = org.directReports[leader]!;
    const namesLeader = (g: Digraph) => (m: number) => hasEdge(g, m, leader);
    const prestige = {
      advice: share(members, namesLeader(kind('advice'))),
      personal: share(members, namesLeader(kind('personal'))),
      attention: share(members, namesLeader(kind('attention'))),
      expertise: share(members, namesLeader(kind('expertise'))),
    };
    const attention = {
      opinion: share(members, (m) => hasEdge(kind('opinion'), leader, m)),
      work_info: share(members, namesLeader(workInfo)),
      recognition: share(members, namesLeader(kind('recognition'))),
      corporate_news: share(members, namesLeader(kind('corporate_news'))),
    };
    const tieList = (g: Digraph): LeaderTie[] => members.map((m) => ({ employeeId: id(m), given: hasEdge(g, leader, m), received: hasEdge(g, m, leader) }));
    const sympathy = tieList(kind('sympathy'));
    const expertise = tieList(kind('expertise'));
    const perMember = members.map((_, i) => [sympathy[i]!, expertise[i]!].reduce((sum, t) => sum + Number(t.given) + Number(t.received), 0));
    const total = perMember.reduce((a, b) => a + b, 0);
    // No ties at all says nothing about fairness: a neutral middle rather than "perfectly fair".
    const impartiality = total === 0 ? 0.5 : 1 - gini(perMember);
    const relationship = members.length === 0 ? 0 : total / (4 * members.length);
    const givenReceived = (ties: LeaderTie[]): GivenReceived => ({
      given: ties.filter((t) => t.given).map((t) => t.employeeId),
      received: ties.filter((t) => t.received).map((t) => t.employeeId),
    });
    return { leader, members, prestige, attention, sympathy, expertise, impartiality, relationship, givenReceived };
  });

  const mean = (values: number[]): number => values.reduce((a, b) => a + b, 0) / values.length;
  const scaled = (pick: (r: (typeof raws)[number]) => number): number[] => scaleToTen(raws.map(pick), options);
  const prestigeScore = scaled((r) => mean(Object.values(r.prestige)));
  const attentionScore = scaled((r) => mean(Object.values(r.attention)));
  const impartialityScore = scaled((r) => r.impartiality);
  const relationshipScore = scaled((r) => r.relationship);
  const sub = <K extends string>(keys: readonly K[], pick: (r: (typeof raws)[number]) => Record<K, number>): Record<K, number[]> =>
    Object.fromEntries(keys.map((k) => [k, scaled((r) => pick(r)[k])])) as Record<K, number[]>;
  const prestigeSub = sub(['advice', 'personal', 'attention', 'expertise'] as const, (r) => r.prestige);
  const attentionSub = sub(['opinion', 'work_info', 'recognition', 'corporate_news'] as const, (r) => r.attention);

  return raws.map((r, i) => ({
    leaderId: id(r.leader),
    teamSize: r.members.length,
    attention: {
      score: attentionScore[i]!,
      opinion: attentionSub.opinion[i]!,
      work_info: attentionSub.work_info[i]!,
      recognition: attentionSub.recognition[i]!,
      corporate_news: attentionSub.corporate_news[i]!,
      raw: r.attention,
    },
    prestige: {
      score: prestigeScore[i]!,
      advice: prestigeSub.advice[i]!,
      personal: prestigeSub.personal[i]!,
      attention: prestigeSub.attention[i]!,
      expertise: prestigeSub.expertise[i]!,
      raw: r.prestige,
    },
    impartiality: { score: impartialityScore[i]!, sympathy: r.sympathy, expertise: r.expertise, raw: r.impartiality },
    relationship: {
      score: relationshipScore[i]!,
      sympathy: r.givenReceived(r.sympathy),
      expertise: r.givenReceived(r.expertise),
      raw: r.relationship,
    },
  }));
}
