import type { DemoEmployee, DemoEngagement, DemoLeadershipAnswer, DemoLeadershipBlock, DemoLeadershipDimension } from './demo-types.ts';
import type { SeededRandom } from './seeded-random.ts';
import { formatIsoTimestamp } from './demo-dates.ts';
import { defaultLeadershipItems, LEADERSHIP_DIMENSIONS } from './demo-leadership-items.ts';

/** At most this many leaders are chosen on one item. */
export const MAX_LEADERS_PER_ITEM = 3;
/** How often a respondent also names their leader's leader, or a leader next to their own. */
const SKIP_LEVEL_CHANCE = 0.06;
const PEER_LEADER_CHANCE = 0.05;

interface LeaderProfile {
  /** Per dimension: how likely a direct report picks this leader on an item of it. */
  pickChance: Record<DemoLeadershipDimension, number>;
  /** How likely the leader picks themself on an item. */
  selfChance: number;
}

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

/**
 * The 360 block of a finished engagement: the 33 default items, and for every respondent who
 * finished the survey one answer per item choosing 0 to 3 leaders. Mostly they choose their own
 * leader, with a chance that differs per leader (so some leaders score high and some low) and a
 * little per dimension; sometimes a skip-level or a peer leader; leaders sometimes choose themselves.
 * Each respondent answers the block right after their last answer of the questionnaire.
 *
 * The random source is the caller's own stream: nothing else of the demo depends on it.
 */
export function buildLeadershipBlock(engagement: DemoEngagement, employees: readonly DemoEmployee[], random: SeededRandom): DemoLeadershipBlock {
  const items = defaultLeadershipItems();
  const participants = new Set(engagement.participantKeys);
  const people = employees.filter((employee) => participants.has(employee.key));
  const leaderOf = new Map(people.map((employee) => [employee.key, employee.leaderKey !== null && participants.has(employee.leaderKey) ? employee.leaderKey : null]));
  const reportsOf = new Map<string, string[]>();
  for (const employee of people) {
    const leader = leaderOf.get(employee.key);
    if (leader) reportsOf.set(leader, [...(reportsOf.get(leader) ?? []), employee.key]);
  }
  // Leaders are the participants with direct reports, in the order of the organisation.
  const leaders = people.filter((employee) => reportsOf.has(employee.key)).map((employee) => employee.key);

  const profiles = new Map<string, LeaderProfile>();
  const profileRandom = random.fork('leaders');
  for (const leader of leaders) {
    // A spread from weak (about 0.15) to strong (about 0.9) leaders, with a dimension-level profile around it.
    const base = 0.15 + 0.75 * profileRandom.next();
    const pickChance = Object.fromEntries(
      LEADERSHIP_DIMENSIONS.map((dimension) => [dimension, clamp(base + (profileRandom.next() - 0.5) * 0.3, 0.02, 0.97)]),
    ) as Record<DemoLeadershipDimension, number>;
    profiles.set(leader, { pickChance, selfChance: 0.1 + 0.6 * profileRandom.next() });
  }

  const lastAnswer = new Map<string, string>();
  for (const answer of engagement.answers) {
    const previous = lastAnswer.get(answer.employeeKey);
    if (previous === undefined || previous < answer.answeredAt) lastAnswer.set(answer.employeeKey, answer.answeredAt);
  }

  const choices = random.fork('choices');
  const timing = random.fork('timing');
  const answers: DemoLeadershipAnswer[] = [];
  for (const respondent of engagement.finishedKeys) {
    const last = lastAnswer.get(respondent);
    if (last === undefined) continue;
    const ownLeader = leaderOf.get(respondent) ?? null;
    const skipLevel = ownLeader ? (leaderOf.get(ownLeader) ?? null) : null;
    const peerLeaders = skipLevel ? (reportsOf.get(skipLevel) ?? []).filter((key) => key !== ownLeader && reportsOf.has(key)) : [];
    const ownProfile = ownLeader ? profiles.get(ownLeader) : undefined;
    const selfProfile = profiles.get(respondent);
    // Some people choose generously, others sparingly.
    const generosity = (choices.next() - 0.5) * 0.2;
    let time = Date.parse(last);
    for (const item of items) {
      const chosen: string[] = [];
      if (ownLeader && ownProfile && choices.chance(clamp(ownProfile.pickChance[item.dimension] + generosity, 0, 1))) chosen.push(ownLeader);
      if (skipLevel && choices.chance(SKIP_LEVEL_CHANCE)) chosen.push(skipLevel);
      if (peerLeaders.length > 0 && choices.chance(PEER_LEADER_CHANCE)) chosen.push(choices.pick(peerLeaders));
      if (selfProfile && choices.chance(selfProfile.selfChance)) chosen.push(respondent);
      time += timing.int(8, 60) * 1000;
      answers.push({
        employeeKey: respondent,
        itemKey: item.key,
        leaderKeys: [...new Set(chosen)].slice(0, MAX_LEADERS_PER_ITEM),
        answeredAt: formatIsoTimestamp(time),
      });
    }
  }
  return { items, answers };
}
