import type { TCollaborationImportCounts, TCollaborationLeftOutReason, TCollaborationSource } from '@ona/contracts';
import { EXTERNAL_PARTY, type Party, type PartyResolver } from './party-keys.ts';

/** A mail as an export lists it: possibly over several rows (one per recipient, one per log event). */
export interface MailRecord {
  /** The message id (Message-ID, network message id); null when the row has none: then it stands alone. */
  messageId: string | null;
  at: number;
  from: string;
  to: string[];
}

/** A meeting: everyone on it, the organiser included. */
export interface MeetingRecord {
  /** UID and start: one occurrence of one meeting, however many calendars it came from. */
  meetingId: string | null;
  at: number;
  attendees: string[];
}

/** A chat message already reduced to whom it addressed: the author of what it replies to, who it mentions, the other members of a direct conversation. */
export interface ChatRecord {
  messageId: string;
  at: number;
  from: string;
  to: string[];
}

export interface TallyRules {
  maxMailRecipients: number;
  maxMeetingSize: number;
  /** Weeks before this Monday are past the organisation's retention. */
  oldestWeek: string;
}

export interface WeeklyPairCount {
  weekStart: string;
  fromKey: string;
  toKey: string;
  fromPersonId: number | null;
  toPersonId: number | null;
  interactions: number;
}

/** A mail waiting for the file's end; addresses as numbers (see `intern`), which a million rows need to fit in memory. */
interface PendingMail {
  at: number;
  from: number;
  to: number[];
  rows: number;
}

/** Parties and weeks as small numbers make one number of a weekly pair: week × 2^40 + from × 2^20 + to. */
const PARTY_SPACE = 2 ** 20;

/**
 * Collects what a parser reads and ends as weekly counts per pair (docs/collaboration-network.md,
 * "Ties"). Mails wait until the file's end, because an export spreads one message over rows that
 * need not be adjacent; only then are its recipients known, and with them whether it is a
 * broadcast. The same message or meeting coming twice is counted once. Nothing of a record but
 * its time and parties ever reaches here: parsers drop subjects, text and file names.
 */
export class CollaborationTally {
  private readonly mails = new Map<string, PendingMail>();
  private readonly seen = new Set<string>();
  private readonly pairs = new Map<number, number>();
  private readonly addressIds = new Map<string, number>();
  private readonly addresses: string[] = [];
  private readonly partyIds = new Map<string, number>();
  private readonly partyList: Party[] = [];
  private readonly weekIds = new Map<string, number>();
  private readonly weekList: string[] = [];
  private readonly leftOut: Partial<Record<TCollaborationLeftOutReason, number>> = {};
  private read = 0;
  private counted = 0;
  private interactions = 0;
  private anyInternal = false;
  firstWeek: string | null = null;
  lastWeek: string | null = null;

  constructor(
    readonly source: TCollaborationSource,
    private readonly parties: PartyResolver,
    private readonly weekOf: (epochMs: number) => string,
    private readonly rules: TallyRules,
  ) {}

  leaveOut(reason: TCollaborationLeftOutReason, records = 1): void {
    this.leftOut[reason] = (this.leftOut[reason] ?? 0) + records;
  }

  /** A record that was read (a row, a message, a meeting) but could not be: no time, no sender. */
  unreadable(): void {
    this.read++;
    this.leaveOut('unreadable');
  }

  mail(record: MailRecord): void {
    this.read++;
    const to = record.to.map((address) => this.intern(address));
    if (record.messageId === null) {
      // Nothing to gather it with: a mail of its own, judged now.
      this.settleMail({ at: record.at, from: this.intern(record.from), to: [...new Set(to)], rows: 1 });
      return;
    }
    const pending = this.mails.get(record.messageId);
    if (!pending) {
      this.mails.set(record.messageId, { at: record.at, from: this.intern(record.from), to: [...new Set(to)], rows: 1 });
      return;
    }
    let added = false;
    for (const address of to) {
      if (pending.to.includes(address)) continue;
      pending.to.push(address);
      added = true;
    }
    // A row that names no recipient the message did not have already is the same mail again.
    if (added) pending.rows++;
    else this.leaveOut('duplicate');
  }

  private intern(address: string): number {
    let id = this.addressIds.get(address);
    if (id === undefined) {
      id = this.addresses.length;
      this.addresses.push(address);
      this.addressIds.set(address, id);
    }
    return id;
  }

  private settleMail(mail: PendingMail): void {
    // Every row of a mail shares its fate: counted, or left out for the same reason.
    const outcome = mail.to.length > this.rules.maxMailRecipients ? 'large_mail' : this.directed(mail.at, this.addresses[mail.from] ?? '', mail.to.map((id) => this.addresses[id] ?? ''));
    if (outcome === 'counted') this.counted += mail.rows;
    else this.leaveOut(outcome, mail.rows);
  }

  meeting(record: MeetingRecord): void {
    this.read++;
    if (this.isDuplicate(record.meetingId)) return;
    const attendees = [...new Set(record.attendees)];
    if (attendees.length > this.rules.maxMeetingSize) return this.leaveOut('large_meeting');
    if (attendees.length < 2) return this.leaveOut('self_only');
    const week = this.week(record.at);
    if (week === null) return;
    const parties = attendees.map((a) => this.parties.resolve(a));
    if (!this.involvesUs(parties)) return this.leaveOut('external_only');
    let added = 0;
    for (let i = 0; i < parties.length; i++) {
      for (let j = i + 1; j < parties.length; j++) {
        const a = parties[i] as Party;
        const b = parties[j] as Party;
        if (a.key === EXTERNAL_PARTY && b.key === EXTERNAL_PARTY) continue;
        if (a.key === b.key) continue;
        // Met is mutual: each unordered pair once, in the order of its keys.
        added += a.key < b.key ? this.add(week, a, b) : this.add(week, b, a);
      }
    }
    this.settle(added);
  }

  chat(record: ChatRecord): void {
    this.read++;
    if (this.isDuplicate(record.messageId)) return;
    const outcome = this.directed(record.at, record.from, record.to);
    if (outcome === 'counted') this.counted++;
    else this.leaveOut(outcome);
  }

  /** A chat message by, or only to, someone the export does not say who they are. */
  unknownUser(): void {
    this.read++;
    this.leaveOut('unknown_user');
  }

  /** A channel message that addressed nobody: read, left out as a broadcast. */
  broadcast(): void {
    this.read++;
    this.leaveOut('channel_broadcast');
  }

  /** Settles the waiting mails and answers the weekly counts and the import's counts. */
  finish(): { pairs: WeeklyPairCount[]; counts: TCollaborationImportCounts; anyInternal: boolean } {
    for (const mail of this.mails.values()) this.settleMail(mail);
    this.mails.clear();
    const pairs: WeeklyPairCount[] = [];
    for (const [key, interactions] of this.pairs) {
      const to = key % PARTY_SPACE;
      const from = Math.floor(key / PARTY_SPACE) % PARTY_SPACE;
      const week = Math.floor(key / PARTY_SPACE / PARTY_SPACE);
      const a = this.partyList[from] as Party;
      const b = this.partyList[to] as Party;
      pairs.push({ weekStart: this.weekList[week] ?? '', fromKey: a.key, toKey: b.key, fromPersonId: a.personId, toPersonId: b.personId, interactions });
    }
    this.pairs.clear();
    return {
      pairs,
      anyInternal: this.anyInternal,
      counts: {
        events_read: this.read,
        events_counted: this.counted,
        interactions: this.interactions,
        weekly_pairs: pairs.length,
        people_matched: this.parties.matched.size,
        people_unmatched: this.parties.unmatched.size,
        left_out: this.leftOut,
      },
    };
  }

  private directed(at: number, from: string, to: readonly string[]): 'counted' | TCollaborationLeftOutReason {
    const week = this.weekOf(at);
    if (week < this.rules.oldestWeek) return 'expired';
    const sender = this.parties.resolve(from);
    // Compared by address: every outsider shares the one key `external`, yet two outsiders are not one person.
    const recipients = [...new Set(to)].filter((address) => address !== from).map((address) => this.parties.resolve(address));
    if (recipients.length === 0) return 'self_only';
    if (!this.involvesUs([sender, ...recipients])) return 'external_only';
    for (const recipient of recipients) if (recipient.key !== sender.key) this.add(week, sender, recipient);
    return 'counted';
  }

  private week(at: number): string | null {
    const week = this.weekOf(at);
    if (week < this.rules.oldestWeek) {
      this.leaveOut('expired');
      return null;
    }
    return week;
  }

  private isDuplicate(id: string | null): boolean {
    if (id === null) return false;
    if (this.seen.has(id)) {
      this.leaveOut('duplicate');
      return true;
    }
    this.seen.add(id);
    return false;
  }

  private involvesUs(parties: readonly Party[]): boolean {
    const ours = parties.some((p) => p.key !== EXTERNAL_PARTY);
    if (ours) this.anyInternal = true;
    return ours;
  }

  private settle(added: number): void {
    if (added > 0) this.counted++;
    else this.leaveOut('external_only');
  }

  private add(week: string, from: Party, to: Party): number {
    const key = (this.weekId(week) * PARTY_SPACE + this.partyId(from)) * PARTY_SPACE + this.partyId(to);
    this.pairs.set(key, (this.pairs.get(key) ?? 0) + 1);
    if (this.firstWeek === null || week < this.firstWeek) this.firstWeek = week;
    if (this.lastWeek === null || week > this.lastWeek) this.lastWeek = week;
    this.interactions++;
    return 1;
  }

  private weekId(week: string): number {
    let id = this.weekIds.get(week);
    if (id === undefined) {
      id = this.weekList.length;
      this.weekList.push(week);
      this.weekIds.set(week, id);
    }
    return id;
  }

  private partyId(party: Party): number {
    let id = this.partyIds.get(party.key);
    if (id === undefined) {
      id = this.partyList.length;
      if (id >= PARTY_SPACE) throw new Error('more than 2^20 parties in one import');
      this.partyList.push(party);
      this.partyIds.set(party.key, id);
    }
    return id;
  }
}
