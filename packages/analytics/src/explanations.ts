import type { BrokerageRole } from './brokerage/gould-fernandez.ts';
import type { DysfunctionCode } from './groups/dysfunction-codes.ts';
import type { KeyRole } from './roles/key-roles.ts';
import type { RiskFactorCode } from './risk/factor-codes.ts';

/**
 * One plain English sentence per factor, role and dysfunction, for a manager. The reports show it
 * as the explanation; the server's locale files carry it in every language (apps/server/src/locales/explanations.*.json). docs/methods.md repeats the same sentences.
 */
export const EXPLANATIONS: {
  riskFactors: Record<RiskFactorCode, string>;
  keyRoles: Record<KeyRole, string>;
  groupRoles: Record<BrokerageRole, string>;
  dysfunctions: Record<DysfunctionCode, string>;
  riskLevels: Record<0 | 1 | 2 | 3 | 4, string>;
} = {
  riskFactors: {
    lackOfManagersAttention: 'This person does not name their leader among those who keep them informed without being asked.',
    lackOfRespect: 'No one names this person as someone whose expertise they rely on or who represents the company’s values.',
    noChemistryWithLeader: 'Neither this person nor their leader names the other as someone they like to spend time with at work.',
    lackOfManagersSupport: 'This person turns to their leader neither for work advice nor with a personal problem.',
    lackOfManagersFeedback: 'This person does not name their leader among those who give useful feedback on their work.',
    lackOfManagersRecognition: 'This person does not feel recognised by their leader.',
    lackOfSupport: 'This person names no one they would turn to with a personal problem.',
    lackOfFeedback: 'This person names no one who gives them useful feedback on their work.',
    lackOfRecognition: 'This person names no one who recognises their work.',
    overloadedInCooperation: 'This person works closely, both ways, with more colleagues than anyone can sustain (more than 15, or the top 5% of the organisation).',
    overwhelmedWithPersonalSupport: 'Many colleagues bring their personal problems to this person (more than 12, or the top 5% of the organisation).',
    overwhelmedWithConsultancy: 'Many colleagues ask this person for work advice (more than 20, or the top 5% of the organisation).',
    unnoticed: 'At most one colleague names this person on any work question.',
    alienatedFromGroup: 'This person reaches out to colleagues in their unit, but 30% or fewer of them name this person back.',
    lackOfDevelopment: 'This person names no one more senior who helps them learn or whom they ask for advice.',
    isolated: 'This person has no work relationship at all: they name no one and no one names them.',
  },
  keyRoles: {
    advisor: 'Many colleagues ask this person for work-related information or advice.',
    broker: 'This person links units that would otherwise hardly be connected.',
    expert: 'Many colleagues rely on this person’s professional expertise.',
    ideamaker: 'Colleagues would bring a new idea to this person first.',
    kol: 'This person’s opinion matters to many colleagues in work decisions.',
    mentor: 'Many colleagues say this person helps them learn and develop.',
    spreader: 'Many colleagues hear company news and get information from this person.',
    talent: 'Without leading a team, this person is widely recognised for expertise, ideas and judgement.',
  },
  groupRoles: {
    coordinator: 'This person connects colleagues within their own unit.',
    gatekeeper: 'Requests from outside the unit reach this person, who passes them to unit colleagues.',
    representative: 'This person carries requests from unit colleagues to other units.',
    itinerant: 'This person, from another unit, connects two colleagues of the same unit.',
    liaison: 'This person connects people of two other units, each different from their own.',
  },
  dysfunctions: {
    highRiskShare: 'More than 30% of the team are at high risk of leaving.',
    widespreadLowMotivation: 'More than half of the team show some risk factor.',
    commonCause: 'One risk factor affects more than 30% of the team.',
    riskCluster: 'Team members at high risk are close to each other, and leaving spreads between close colleagues.',
    leaderHighRisk: 'The leader is at high risk of leaving.',
    leaderFollowersExposed: 'The leader is at high risk and several team members are personally close to them.',
    leaderIgnored: 'No team member names the leader on any work question.',
    leaderOverloaded: 'The leader is overloaded with cooperation, advice or personal support.',
    keyPersonHighRisk: 'A key person of the team is at high risk of leaving.',
    centralMemberAtRisk: 'One of the most central team members is at high risk of leaving.',
    soleBridgeAtRisk: 'The only team member who links the team to other units is at high risk of leaving.',
    keyPersonOverloaded: 'A key person of the team is overloaded.',
    sparseTeam: 'Team members work together much less than teams usually do in this organisation.',
    outwardLooking: 'Team members have more work ties outside the team than inside it.',
    fragmentedTeam: 'The team falls apart into groups with no work tie between them.',
    lowReciprocity: 'Fewer than 30% of the work ties inside the team are returned.',
    spanTooWide: 'The leader has more than 15 direct reports, more than one person can support.',
    neglectRedFlag: 'Two team members lack attention, support or feedback from the leader: a red flag.',
    neglectPattern: 'Three or more team members lack attention, support or feedback from the leader: a pattern.',
    unequalAttention: 'The leader’s personal and professional ties go to a few team members only.',
  },
  riskLevels: {
    0: 'No risk factor.',
    1: 'Lower motivation, no imminent risk of leaving.',
    2: 'Lower motivation, no imminent risk of leaving.',
    3: 'High risk: about 70% probability of leaving within 6 months.',
    4: 'Highest risk: above 90% probability of leaving within 6 months.',
  },
};
