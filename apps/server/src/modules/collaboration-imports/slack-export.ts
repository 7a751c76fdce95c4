import { z } from 'zod';
import { invalidFile, unpackedTooLarge } from './collaboration-errors.ts';
import type { CollaborationTally } from './collaboration-tally.ts';
import { normalisedAddress } from './party-keys.ts';
import { ZipFile, ZipRefused, type ZipFileEntry, type ZipLimits } from './zip-file.ts';

/**
 * A Slack workspace export (docs/collaboration-network.md, "Slack export"; Slack's "How to read
 * Slack data exports"): `users.json`, `channels.json` (and `groups.json`, `dms.json`,
 * `mpims.json` when the export holds private conversations), and a folder per conversation with a
 * JSON file per day, each an array of messages. Only the fields read below are looked at; unknown
 * fields are ignored (Slack adds fields over time). `text` is read only for `<@U…>` mentions and
 * dropped with the message; file names, attachments and reactions are never read.
 */
const ZUser = z.object({ id: z.string(), is_bot: z.boolean().optional(), profile: z.object({ email: z.string().optional() }).optional() });
const ZChannel = z.object({ id: z.string(), name: z.string() });
const ZDirect = z.object({ id: z.string(), name: z.string().optional(), members: z.array(z.string()).optional() });
const ZMessage = z.object({
  type: z.string().optional(),
  subtype: z.string().optional(),
  user: z.string().optional(),
  ts: z.string(),
  thread_ts: z.string().optional(),
  parent_user_id: z.string().optional(),
  text: z.string().optional(),
});

/** Messages Slack writes itself (joins, topic changes) or a bot posts: not one person addressing another. */
const NOT_A_PERSON_WRITING = new Set(['channel_join', 'channel_leave', 'channel_topic', 'channel_purpose', 'channel_name', 'channel_archive', 'channel_unarchive', 'group_join', 'group_leave', 'bot_message', 'pinned_item', 'tombstone']);
const MENTION = /<@([UW][A-Z0-9]+)(?:\|[^>]*)?>/g;
const DAY_FILE = /^(.+)\/(\d{4}-\d{2}-\d{2})\.json$/;

export const SLACK_ZIP_LIMITS: ZipLimits = { entries: 200_000, entryBytes: 64 * 1024 * 1024, unpackedBytes: 4 * 1024 * 1024 * 1024 - 1 };

async function readJson(zip: ZipFile, entry: ZipFileEntry): Promise<unknown> {
  try {
    return JSON.parse((await zip.read(entry)).toString('utf8'));
  } catch (error) {
    if (error instanceof ZipRefused) throw error;
    throw invalidFile('collaboration.errors.slack_file_unreadable', { file: entry.name.slice(0, 200) });
  }
}

async function listIn<T>(zip: ZipFile, entries: Map<string, ZipFileEntry>, name: string, schema: z.ZodType<T>): Promise<T[]> {
  const entry = entries.get(name);
  if (!entry) return [];
  const parsed = z.array(z.unknown()).safeParse(await readJson(zip, entry));
  if (!parsed.success) throw invalidFile('collaboration.errors.slack_file_unreadable', { file: name });
  return parsed.data.flatMap((item) => {
    const one = schema.safeParse(item);
    return one.success ? [one.data] : [];
  });
}

interface Conversation {
  /** The other members a message here addresses: null in a channel, where only replies and mentions do. */
  members: string[] | null;
}

export async function readSlackExport(path: string, tally: CollaborationTally): Promise<void> {
  let zip: ZipFile;
  try {
    zip = await ZipFile.open(path, SLACK_ZIP_LIMITS);
  } catch (error) {
    throw refusal(error);
  }
  try {
    const entries = new Map(zip.entries.map((e) => [e.name, e]));
    if (!entries.has('users.json')) throw invalidFile('collaboration.errors.not_a_slack_export');
    const emails = new Map<string, string>();
    const bots = new Set<string>();
    for (const user of await listIn(zip, entries, 'users.json', ZUser)) {
      if (user.is_bot) bots.add(user.id);
      const email = normalisedAddress(user.profile?.email);
      if (email) emails.set(user.id, email);
    }
    const conversations = new Map<string, Conversation>();
    for (const file of ['channels.json', 'groups.json']) for (const channel of await listIn(zip, entries, file, ZChannel)) conversations.set(channel.name, { members: null });
    for (const direct of await listIn(zip, entries, 'dms.json', ZDirect)) conversations.set(direct.id, { members: direct.members ?? [] });
    for (const group of await listIn(zip, entries, 'mpims.json', ZDirect)) conversations.set(group.name ?? group.id, { members: group.members ?? [] });

    // Day files in name order: a conversation's days in date order, so a thread's parent comes before its replies.
    const days = zip.entries.filter((e) => DAY_FILE.test(e.name)).sort((a, b) => (a.name < b.name ? -1 : 1));
    let folder = '';
    let authors = new Map<string, string>();
    for (const entry of days) {
      const [, name = ''] = DAY_FILE.exec(entry.name) ?? [];
      if (name !== folder) {
        folder = name;
        authors = new Map();
      }
      const conversation = conversations.get(name) ?? { members: null };
      const messages = z.array(z.unknown()).safeParse(await readJson(zip, entry));
      if (!messages.success) throw invalidFile('collaboration.errors.slack_file_unreadable', { file: entry.name.slice(0, 200) });
      for (const item of messages.data) {
        const parsed = ZMessage.safeParse(item);
        if (!parsed.success) {
          tally.unreadable();
          continue;
        }
        const message = parsed.data;
        if ((message.type && message.type !== 'message') || (message.subtype && NOT_A_PERSON_WRITING.has(message.subtype))) continue;
        if (!message.user || bots.has(message.user)) continue;
        authors.set(message.ts, message.user);
        const at = Math.round(Number(message.ts) * 1000);
        if (!Number.isFinite(at) || at <= 0) {
          tally.unreadable();
          continue;
        }
        const addressed = new Set<string>();
        if (conversation.members) {
          for (const member of conversation.members) addressed.add(member);
        } else {
          if (message.thread_ts && message.thread_ts !== message.ts) {
            const parent = message.parent_user_id ?? authors.get(message.thread_ts);
            if (parent) addressed.add(parent);
          }
          for (const mention of (message.text ?? '').matchAll(MENTION)) if (mention[1]) addressed.add(mention[1]);
        }
        addressed.delete(message.user);
        if (addressed.size === 0) {
          tally.broadcast();
          continue;
        }
        const from = emails.get(message.user);
        const to = [...addressed].map((id) => emails.get(id)).filter((a): a is string => a !== undefined);
        // Someone users.json does not list (or lists without an address): who they are cannot be known.
        if (!from || to.length === 0) {
          tally.unknownUser();
          continue;
        }
        tally.chat({ messageId: `${name}|${message.ts}`, at, from, to });
      }
    }
  } catch (error) {
    throw refusal(error);
  } finally {
    await zip.close();
  }
}

function refusal(error: unknown): unknown {
  if (!(error instanceof ZipRefused)) return error;
  if (error.problem === 'too_large') return unpackedTooLarge();
  return invalidFile(error.problem === 'truncated' ? 'collaboration.errors.truncated_zip' : 'collaboration.errors.not_a_zip');
}
