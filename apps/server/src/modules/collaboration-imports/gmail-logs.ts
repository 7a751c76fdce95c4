import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { invalidFile } from './collaboration-errors.ts';
import type { CollaborationTally } from './collaboration-tally.ts';
import { delimitedRows, firstLineOf } from './delimited-rows.ts';
import { columnOf } from './header-names.ts';
import { normalisedAddress } from './party-keys.ts';

/**
 * Google Workspace Gmail logs as exported from BigQuery (docs/collaboration-network.md, "Gmail
 * logs"): the `activity` table's `event_info.timestamp_usec`, `message_info.rfc2822_message_id`,
 * `message_info.source.address` and `message_info.destination[].address`. BigQuery exports nested
 * rows as JSON lines; CSV holds only flat rows, so a CSV is a query's result with those fields as
 * columns (any of `.`/`_` spellings), one destination per row. One message appears in several log
 * events (sent, received, delivered): they share the message id and count once. Only these fields
 * are read: `message_info.subject` and the rest are skipped unread.
 */
const ZGmailEvent = z.object({
  event_info: z.object({ timestamp_usec: z.union([z.string(), z.number()]) }),
  message_info: z.object({
    rfc2822_message_id: z.string().nullish(),
    source: z.object({ address: z.string().nullish() }).nullish(),
    destination: z.array(z.object({ address: z.string().nullish() })).nullish(),
  }),
});

const TIME = ['event_info.timestamp_usec', 'timestamp_usec'];
const MESSAGE_ID = ['message_info.rfc2822_message_id', 'rfc2822_message_id'];
const SOURCE = ['message_info.source.address', 'source_address', 'source.address'];
const DESTINATION = ['message_info.destination.address', 'destination_address', 'destination.address'];

const instantOfUsec = (usec: string | number | undefined) => {
  const value = Number(usec);
  return Number.isFinite(value) && value > 0 ? Math.floor(value / 1000) : null;
};

function addEvent(tally: CollaborationTally, at: number | null, messageId: string | null | undefined, source: string | null | undefined, destinations: (string | null | undefined)[]): void {
  const from = normalisedAddress(source);
  const to = destinations.map(normalisedAddress).filter((a): a is string => a !== null);
  if (at === null || from === null || to.length === 0) return tally.unreadable();
  tally.mail({ messageId: messageId?.trim().toLowerCase() || null, at, from, to });
}

async function readJsonLines(path: string, tally: CollaborationTally): Promise<void> {
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    let parsed: z.infer<typeof ZGmailEvent> | null = null;
    try {
      const result = ZGmailEvent.safeParse(JSON.parse(line));
      parsed = result.success ? result.data : null;
    } catch {
      parsed = null;
    }
    if (!parsed) {
      tally.unreadable();
      continue;
    }
    const info = parsed.message_info;
    addEvent(tally, instantOfUsec(parsed.event_info.timestamp_usec), info.rfc2822_message_id, info.source?.address, (info.destination ?? []).map((d) => d.address));
  }
}

async function readCsv(path: string, tally: CollaborationTally): Promise<void> {
  let columns: { time: number; id: number; source: number; destination: number } | null = null;
  for await (const row of delimitedRows(path)) {
    if (columns === null) {
      columns = { time: columnOf(row, TIME), id: columnOf(row, MESSAGE_ID), source: columnOf(row, SOURCE), destination: columnOf(row, DESTINATION) };
      if (columns.time < 0 || columns.source < 0 || columns.destination < 0) {
        throw invalidFile('collaboration.errors.columns_missing', { columns: TIME[0] + ', ' + SOURCE[0] + ', ' + DESTINATION[0] + ', ' + MESSAGE_ID[0], found: row.slice(0, 12).join(', ').slice(0, 300) });
      }
      continue;
    }
    addEvent(tally, instantOfUsec(row[columns.time]), columns.id >= 0 ? row[columns.id] : null, row[columns.source], [row[columns.destination]]);
  }
  if (columns === null) throw invalidFile('collaboration.errors.empty_file');
}

/** JSON lines when the file's first character is `{`, else CSV. */
export async function readGmailLogs(path: string, tally: CollaborationTally): Promise<void> {
  const first = (await firstLineOf(path)).trimStart();
  if (first === '') throw invalidFile('collaboration.errors.empty_file');
  if (first.startsWith('{')) await readJsonLines(path, tally);
  else await readCsv(path, tally);
}
