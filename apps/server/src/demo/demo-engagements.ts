import type { DemoAnswer, DemoEmployee, DemoEngagement, DemoUnit } from './demo-types.ts';
import type { DemoCast } from './demo-cast.ts';
import type { SeededRandom } from './seeded-random.ts';
import type { SimulatedSelection } from './simulate-nominations.ts';
import { addDays, daysBetween, formatIsoTimestamp, mondayOnOrAfter, monthOf, parseIsoDate, yearOf, MS_PER_DAY } from './demo-dates.ts';
import { defaultQuestionnaire } from './demo-questionnaire.ts';
import { simulateNominations } from './simulate-nominations.ts';

export interface SurveyWindow {
  key: string;
  name: string;
  accessFrom: string;
  accessTill: string;
}

export interface DemoSurveyWindows {
  finished: SurveyWindow;
  open: SurveyWindow;
}

/** The finished survey's response rate: high, as in a company that takes the survey seriously. */
export const FINISHED_RESPONSE_RATE = 0.88;
const FINISHED_SURVEY_DAYS = 21;
/** The open survey started this many days before the reference date and runs this long after it. */
const OPEN_DAYS_BEFORE = 10;
const OPEN_DAYS_AFTER = 25;
const OPEN_FINISHED_SHARE = 0.12;
const OPEN_PARTIAL_SHARE = 0.06;

function seasonOf(date: string): string {
  const month = monthOf(date);
  if (month >= 3 && month <= 5) return 'spring';
  if (month >= 6 && month <= 8) return 'summer';
  if (month >= 9 && month <= 11) return 'autumn';
  return 'winter';
}

/**
 * The open survey runs around the reference date; the finished one is the spring survey (three
 * weeks from the second Monday of April) of the latest year in which it closed before the open
 * one began. With the demo's reference date 2026-10-12: spring 2026 and autumn 2026.
 */
export function demoSurveyWindows(referenceDate: string): DemoSurveyWindows {
  parseIsoDate(referenceDate);
  const openFrom = addDays(referenceDate, -OPEN_DAYS_BEFORE);
  let springYear = yearOf(referenceDate);
  let springFrom = mondayOnOrAfter(`${springYear}-04-08`);
  if (addDays(springFrom, FINISHED_SURVEY_DAYS - 1) >= openFrom) {
    springYear--;
    springFrom = mondayOnOrAfter(`${springYear}-04-08`);
  }
  const openYear = yearOf(referenceDate);
  const openSeason = seasonOf(referenceDate);
  return {
    finished: {
      key: `engagement-${springYear}-spring`,
      name: `Engagement survey ${springYear} spring`,
      accessFrom: springFrom,
      accessTill: addDays(springFrom, FINISHED_SURVEY_DAYS - 1),
    },
    open: {
      key: `engagement-${openYear}-${openSeason}`,
      name: `Engagement survey ${openYear} ${openSeason}`,
      accessFrom: openFrom,
      accessTill: addDays(referenceDate, OPEN_DAYS_AFTER),
    },
  };
}

interface EngagementContext {
  employees: readonly DemoEmployee[];
  units: readonly DemoUnit[];
  cast: DemoCast;
  /** Everyone whose answers carry a phenomenon, so they must have finished the finished survey. */
  mustFinish: ReadonlySet<string>;
}

export function buildFinishedEngagement(window: SurveyWindow, context: EngagementContext, random: SeededRandom): DemoEngagement {
  const questions = defaultQuestionnaire();
  // Only people employed when the survey opened were invited.
  const participantKeys = context.employees.filter((employee) => employee.entryDate < window.accessFrom).map((employee) => employee.key);
  const finishedCount = Math.round(participantKeys.length * FINISHED_RESPONSE_RATE);
  const order = random.fork('respondents').shuffled(participantKeys);
  const finished = new Set(participantKeys.filter((key) => context.mustFinish.has(key)));
  for (const key of order) {
    if (finished.size >= finishedCount) break;
    finished.add(key);
  }
  const answeredCounts = new Map<string, number>();
  const partial = random.fork('partial');
  for (const key of participantKeys) {
    if (finished.has(key)) answeredCounts.set(key, questions.length);
    // About a quarter of those who did not finish gave up part way.
    else if (partial.chance(0.25)) answeredCounts.set(key, partial.int(1, questions.length - 1));
  }
  const selections = simulateNominations(
    { employees: context.employees, units: context.units, participantKeys, answeredCounts, questions, cast: context.cast },
    random.fork('nominations'),
  );
  return {
    key: window.key,
    name: window.name,
    accessFrom: window.accessFrom,
    accessTill: window.accessTill,
    defaultLanguage: 'hu',
    status: 'finished',
    questions,
    participantKeys,
    finishedKeys: participantKeys.filter((key) => finished.has(key)),
    answers: timestampAnswers(selections, window.accessFrom, FINISHED_SURVEY_DAYS, random.fork('timing')),
  };
}

export function buildOpenEngagement(
  window: SurveyWindow,
  referenceDate: string,
  context: EngagementContext,
  random: SeededRandom,
): DemoEngagement {
  const questions = defaultQuestionnaire();
  const participantKeys = context.employees.map((employee) => employee.key);
  const answeredCounts = new Map<string, number>();
  const finishedKeys: string[] = [];
  const respondents = random.fork('respondents');
  for (const key of participantKeys) {
    // The demo employee is the one who takes this survey in the demo, so it waits for them.
    if (key === context.cast.demoEmployee) continue;
    const draw = respondents.next();
    if (draw < OPEN_FINISHED_SHARE) {
      answeredCounts.set(key, questions.length);
      finishedKeys.push(key);
    } else if (draw < OPEN_FINISHED_SHARE + OPEN_PARTIAL_SHARE) {
      answeredCounts.set(key, respondents.int(1, questions.length - 1));
    }
  }
  const selections = simulateNominations(
    { employees: context.employees, units: context.units, participantKeys, answeredCounts, questions, cast: context.cast },
    random.fork('nominations'),
  );
  // Answers so far lie between the opening day and the day before the reference date.
  const daysSoFar = Math.max(1, daysBetween(window.accessFrom, referenceDate));
  return {
    key: window.key,
    name: window.name,
    accessFrom: window.accessFrom,
    accessTill: window.accessTill,
    defaultLanguage: 'en',
    status: 'open',
    questions,
    participantKeys,
    finishedKeys,
    answers: timestampAnswers(selections, window.accessFrom, daysSoFar, random.fork('timing')),
  };
}

/**
 * Each respondent sits down once, on a working-hours moment of a day in the window (most in the
 * first days, after the invitation), and answers the questions one after another.
 */
function timestampAnswers(selections: readonly SimulatedSelection[], from: string, days: number, random: SeededRandom): DemoAnswer[] {
  const start = parseIsoDate(from);
  const clock = new Map<string, number>();
  return selections.map((selection) => {
    let time = clock.get(selection.employeeKey);
    if (time === undefined) {
      const day = Math.min(days - 1, Math.floor(days * random.next() ** 1.7));
      // 06:00–16:59 UTC is 08:00–18:59 in Budapest in summer time.
      time = start + day * MS_PER_DAY + random.int(6, 16) * 3_600_000 + random.int(0, 3599) * 1000;
    } else {
      time += random.int(20, 150) * 1000;
    }
    clock.set(selection.employeeKey, time);
    return { ...selection, answeredAt: formatIsoTimestamp(time) };
  });
}
