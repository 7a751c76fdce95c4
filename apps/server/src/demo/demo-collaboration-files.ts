import { and, desc, eq, lt, sql, tables, type Database } from '@ona/db';
import { messageTraceCsv, slackExportZip, type CollaborationEvent } from './collaboration-export-writers.ts';
import { addDays, formatIsoDate, parseIsoDate } from './demo-dates.ts';
import { createSeededRandom, type SeededRandom } from './seeded-random.ts';

/**
 * The demo organisation's collaboration exports (issue 33, docs/collaboration-network.md, "Demo
 * files"): a Slack workspace export and an Exchange message trace for the people of its directory,
 * which an administrator downloads on the import page and imports, as a customer would import
 * their own. Pure and seeded: the same directory, survey and dates give the same files.
 *
 * The network is planned for an analyst to find something in it: most ties run inside teams and to
 * each team's leader; a few people whom the survey names least carry mail between teams (brokers
 * whom nobody names); the leaders whom the survey names most meet nobody (only their mails to
 * everyone, which are broadcasts and not counted). Around them, what an import leaves out: mails
 * to many, channel posts addressing nobody, single messages, mail to and from outside, the same
 * message twice.
 */

export interface DemoCollaborationPerson {
  email: string;
  /** Units from the root down (`Company / Division / Team`). */
  unitPath: string | null;
  leaderEmail: string | null;
  /** How often the latest closed journey's survey named them (0 when not asked). */
  surveyInDegree: number;
}

export interface DemoCollaborationWindow {
  /** The Monday of the first and of the last whole week the files cover (YYYY-MM-DD). */
  firstMonday: string;
  lastMonday: string;
  /** True when the latest journey closed too long ago to be covered within the retention: the files end before the reference date. */
  endsAtReference: boolean;
}

export interface DemoCollaborationPlan {
  events: CollaborationEvent[];
  /** People who carry mail between teams and whom the survey names least. */
  brokers: string[];
  /** Leaders the survey names most and who meet nobody. */
  unmetLeaders: string[];
}

export const DEMO_COLLABORATION_SEED = 20260533;
export const DEMO_COLLABORATION_WEEKS = 8;
/** The shortest retention of weekly counts (docs/collaboration-network.md, "Retention"). */
const RETENTION_DAYS = 90;
/** Days of slack at the start of the retention, so that the files still fit a week after they were made. */
const RETENTION_MARGIN_DAYS = 14;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

function mondayOnOrBefore(date: string): string {
  const weekday = new Date(parseIsoDate(date)).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/**
 * The weeks the files cover: the 8 whole weeks ending with the week the latest journey closed in,
 * when they all lie within the 90-day retention counted from the reference date (the demo's
 * "today"); otherwise (the journey closed longer ago, or none did) the 8 whole weeks before the
 * reference date's week.
 */
export function demoCollaborationWindow(referenceDate: string, latestClosing: string | null): DemoCollaborationWindow {
  const lastWhole = addDays(mondayOnOrBefore(referenceDate), -7);
  const earliestFirst = addDays(referenceDate, -(RETENTION_DAYS - RETENTION_MARGIN_DAYS));
  const span = (DEMO_COLLABORATION_WEEKS - 1) * 7;
  if (latestClosing !== null) {
    const closingMonday = mondayOnOrBefore(latestClosing);
    if (closingMonday <= lastWhole && closingMonday >= earliestFirst) {
      // The window ends with the closing week, or later when it would start before the retention.
      let lastMonday = closingMonday;
      while (addDays(lastMonday, -span) < earliestFirst) lastMonday = addDays(lastMonday, 7);
      if (lastMonday <= lastWhole) return { firstMonday: addDays(lastMonday, -span), lastMonday, endsAtReference: false };
    }
  }
  return { firstMonday: addDays(lastWhole, -span), lastMonday: lastWhole, endsAtReference: true };
}

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40) || 'team';

export function planDemoCollaboration(people: readonly DemoCollaborationPerson[], window: DemoCollaborationWindow, seed = DEMO_COLLABORATION_SEED): DemoCollaborationPlan {
  const random = createSeededRandom(seed);
  const sorted = [...people].sort((a, b) => (a.email < b.email ? -1 : 1));
  const emails = new Set(sorted.map((p) => p.email));
  const leaderOf = (p: DemoCollaborationPerson) => (p.leaderEmail && emails.has(p.leaderEmail) && p.leaderEmail !== p.email ? p.leaderEmail : null);
  const reports = new Map<string, string[]>();
  for (const person of sorted) {
    const leader = leaderOf(person);
    if (leader) reports.set(leader, [...(reports.get(leader) ?? []), person.email]);
  }
  const leaders = sorted.filter((p) => reports.has(p.email));
  const members = sorted.filter((p) => !reports.has(p.email));
  const byDegree = (a: DemoCollaborationPerson, b: DemoCollaborationPerson) => b.surveyInDegree - a.surveyInDegree || (a.email < b.email ? -1 : 1);

  // Leaders everyone names but nobody meets: the two the survey names most (without a survey: the
  // top of the hierarchy and the leader of most people).
  const unmetLeaders = (leaders.some((l) => l.surveyInDegree > 0)
    ? [...leaders].sort(byDegree)
    : [...leaders].sort((a, b) => Number(leaderOf(a) !== null) - Number(leaderOf(b) !== null) || (reports.get(b.email)?.length ?? 0) - (reports.get(a.email)?.length ?? 0))
  )
    .slice(0, 2)
    .map((l) => l.email);
  const unmet = new Set(unmetLeaders);

  // Brokers: of the members the survey names least, one in each of several teams.
  const brokerCount = Math.max(3, Math.min(8, Math.round(sorted.length / 30)));
  const brokers: string[] = [];
  const brokerTeams = new Set<string>();
  for (const person of [...members].sort((a, b) => a.surveyInDegree - b.surveyInDegree || (a.email < b.email ? -1 : 1))) {
    const team = person.unitPath ?? '';
    if (brokers.length >= brokerCount || brokerTeams.has(team)) continue;
    brokers.push(person.email);
    brokerTeams.add(team);
  }

  const events: CollaborationEvent[] = [];
  const firstMonday = parseIsoDate(window.firstMonday);
  let serial = 0;
  const at = (week: number, r: SeededRandom) => firstMonday + week * 7 * DAY_MS + r.int(0, 4) * DAY_MS + r.int(7, 16) * HOUR_MS + r.int(0, 59) * 60_000 + (serial++ % 60) * 1000;
  const text = () => `Demo message ${serial + 1}`;
  const channelOf = new Map(sorted.map((p) => [p.email, slug(p.unitPath?.split(' / ').at(-1) ?? 'general')]));
  const weeks = [...Array(DEMO_COLLABORATION_WEEKS).keys()];

  /** A tie: interactions in most weeks, both ways, through the channels given. */
  const tie = (a: string, b: string, channels: readonly CollaborationEvent['channel'][], weeksActive: number, perWeek: [number, number], r: SeededRandom) => {
    for (const week of r.shuffled(weeks).slice(0, weeksActive)) {
      const n = r.int(perWeek[0], perWeek[1]);
      for (let i = 0; i < n; i++) {
        const [from, to] = r.chance(0.5) ? [a, b] : [b, a];
        const channel = r.pick(channels);
        events.push({ channel, from, to: [to], at: at(week, r), secret: text(), slackChannel: channelOf.get(channel === 'slack_mention' ? to : from) ?? 'general', twice: r.chance(0.02) });
      }
    }
  };

  // Everyone and their leader, unless the leader is one who meets nobody.
  const leaderRandom = random.fork('leaders');
  for (const person of sorted) {
    const leader = leaderOf(person);
    if (leader && !unmet.has(leader) && !unmet.has(person.email)) tie(person.email, leader, ['message_trace', 'message_trace', 'slack_dm', 'slack_reply'], leaderRandom.int(5, 8), [1, 3], leaderRandom);
  }
  // Inside teams: each member with two to four of the people who share their leader.
  const teamRandom = random.fork('teams');
  const done = new Set<string>();
  for (const [, team] of reports) {
    for (const person of team) {
      if (unmet.has(person)) continue;
      const mates = teamRandom.shuffled(team.filter((m) => m !== person && !unmet.has(m))).slice(0, teamRandom.int(2, 4));
      for (const mate of mates) {
        const key = person < mate ? `${person}|${mate}` : `${mate}|${person}`;
        if (done.has(key)) continue;
        done.add(key);
        tie(person, mate, ['slack_reply', 'slack_mention', 'slack_dm', 'message_trace'], teamRandom.int(4, 7), [1, 2], teamRandom);
      }
    }
  }
  // Brokers: mail with two people in each of three or four other teams.
  const brokerRandom = random.fork('brokers');
  const teams = [...reports.values()];
  for (const broker of brokers) {
    const own = sorted.find((p) => p.email === broker)?.unitPath ?? '';
    const others = brokerRandom.shuffled(teams.filter((team) => team.every((m) => (sorted.find((p) => p.email === m)?.unitPath ?? '') !== own))).slice(0, brokerRandom.int(3, 4));
    for (const team of others) {
      for (const contact of brokerRandom.shuffled(team.filter((m) => !unmet.has(m))).slice(0, 2)) tie(broker, contact, ['message_trace'], brokerRandom.int(5, 7), [1, 2], brokerRandom);
    }
  }
  // What an import leaves out. The unmet leaders write to everyone: mails to many, channel posts.
  const noise = random.fork('noise');
  const everyone = sorted.map((p) => p.email);
  for (const week of weeks) {
    for (const leader of unmetLeaders) {
      const crowd = noise.shuffled(everyone.filter((e) => e !== leader)).slice(0, Math.min(25, everyone.length - 1));
      if (crowd.length > 8) events.push({ channel: 'large_mail', from: leader, to: crowd, at: at(week, noise), secret: text() });
      events.push({ channel: 'slack_broadcast', from: leader, to: [], at: at(week, noise), secret: text(), slackChannel: 'general' });
    }
    // Single messages between strangers: once is no tie.
    for (let i = 0; i < Math.ceil(everyone.length / 10); i++) {
      const [a, b] = noise.shuffled(everyone).slice(0, 2);
      if (a && b) events.push({ channel: noise.chance(0.5) ? 'message_trace' : 'slack_dm', from: a, to: [b], at: at(week, noise), secret: text() });
    }
    // Mail with customers and suppliers: external, never a tie between two people of ours.
    for (let i = 0; i < 3; i++) {
      const person = noise.pick(everyone);
      const outside = `contact${noise.int(1, 5)}@customer-${noise.int(1, 3)}.example`;
      events.push(noise.chance(0.5) ? { channel: 'message_trace', from: person, to: [outside], at: at(week, noise), secret: text() } : { channel: 'message_trace', from: outside, to: [person], at: at(week, noise), secret: text() });
    }
  }
  events.sort((a, b) => a.at - b.at);
  return { events, brokers, unmetLeaders };
}

export type DemoCollaborationFile = 'slack' | 'message_trace';
export const DEMO_COLLABORATION_FILE_NAMES: Record<DemoCollaborationFile, string> = { slack: 'demo-slack-export.zip', message_trace: 'demo-message-trace.csv' };

export async function demoCollaborationFile(plan: DemoCollaborationPlan, file: DemoCollaborationFile): Promise<{ body: Buffer; filename: string; contentType: string }> {
  const filename = DEMO_COLLABORATION_FILE_NAMES[file];
  if (file === 'slack') return { body: await slackExportZip(plan, { strayUser: false }), filename, contentType: 'application/zip' };
  return { body: Buffer.from(messageTraceCsv(plan), 'utf8'), filename, contentType: 'text/csv; charset=utf-8' };
}

/**
 * The plan for an organisation's directory (active people) and its latest closed journey's
 * survey, on `today`. Null when the directory is empty.
 */
export async function planDemoCollaborationFor(db: Database, organizationId: number, today: Date): Promise<DemoCollaborationPlan | null> {
  const rows = await activePeople(db, organizationId);
  if (rows.length === 0) return null;
  const latest = await latestClosedJourney(db, organizationId, today);
  const degrees = new Map<number, number>();
  if (latest) {
    const named = await db.execute<{ person: number; n: number | string }>(
      sql`select e.directory_person_id as person, count(*) as n from answers a cross join lateral unnest(a.selected_employee_ids) as s(id) join employees e on e.id = s.id where a.engagement_id = ${latest.id} and e.directory_person_id is not null group by e.directory_person_id`,
    );
    for (const row of ('rows' in named ? named.rows : named) as { person: number; n: number | string }[]) degrees.set(Number(row.person), Number(row.n));
  }
  const emailOf = new Map(rows.map((r) => [r.externalId, r.email.toLowerCase()]));
  const people = rows.map((r) => ({ email: r.email.toLowerCase(), unitPath: r.unitPath, leaderEmail: r.managerExternalId ? (emailOf.get(r.managerExternalId) ?? null) : null, surveyInDegree: degrees.get(r.id) ?? 0 }));
  return planDemoCollaboration(people, demoCollaborationWindow(formatIsoDate(today.getTime()), latest?.accessTill ?? null));
}

/** The weeks the files of an organisation cover on `today`; null when its directory is empty. */
export async function demoCollaborationWindowFor(db: Database, organizationId: number, today: Date): Promise<DemoCollaborationWindow | null> {
  if ((await activePeople(db, organizationId)).length === 0) return null;
  const latest = await latestClosedJourney(db, organizationId, today);
  return demoCollaborationWindow(formatIsoDate(today.getTime()), latest?.accessTill ?? null);
}

async function activePeople(db: Database, organizationId: number) {
  const { directoryPeople } = tables;
  return db
    .select({ id: directoryPeople.id, email: directoryPeople.email, externalId: directoryPeople.externalId, unitPath: directoryPeople.unitPath, managerExternalId: directoryPeople.managerExternalId })
    .from(directoryPeople)
    .where(and(eq(directoryPeople.organizationId, organizationId), eq(directoryPeople.active, true), sql`${directoryPeople.erasedAt} is null`));
}

/** The journey whose last day is the latest before `today`. */
async function latestClosedJourney(db: Database, organizationId: number, today: Date) {
  const { engagements } = tables;
  const [latest] = await db
    .select({ id: engagements.id, accessTill: engagements.accessTill })
    .from(engagements)
    .where(and(eq(engagements.organizationId, organizationId), lt(engagements.accessTill, formatIsoDate(today.getTime()))))
    .orderBy(desc(engagements.accessTill), desc(engagements.id))
    .limit(1);
  return latest;
}
