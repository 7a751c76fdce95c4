import { invalidFile } from './collaboration-errors.ts';
import type { CollaborationTally } from './collaboration-tally.ts';
import { delimitedRows } from './delimited-rows.ts';
import { columnOf } from './header-names.ts';
import { normalisedAddress } from './party-keys.ts';
import { instantOf } from './timestamps.ts';

/**
 * The column names of an Exchange Online message trace as Microsoft publishes them, in its two
 * exports (docs/collaboration-network.md, "Message trace"): `Get-MessageTrace | Export-Csv`
 * (Received, SenderAddress, RecipientAddress, MessageId: one row per recipient) and the
 * downloadable historical search report (origin_timestamp_utc, sender_address, recipient_status
 * `a@x##Receive, Deliver;b@x##…`, message_id). Columns are found by name, in any order.
 */
const TIME = ['Received', 'origin_timestamp_utc', 'receivedDateTime', 'date_time_utc', 'Date'];
const SENDER = ['SenderAddress', 'sender_address', 'Sender'];
const RECIPIENT = ['RecipientAddress', 'recipient_address', 'Recipient'];
const RECIPIENT_STATUS = ['recipient_status'];
const MESSAGE_ID = ['MessageId', 'message_id', 'internet_message_id', 'network_message_id', 'MessageTraceId'];

/** The recipients of a historical search report's `recipient_status` cell. */
const recipientsOfStatus = (cell: string) => cell.split(';').map((part) => part.split('##')[0] ?? '');

/** Reads a message trace CSV into the tally, a row at a time; the subject and every other column are never looked at. */
export async function readMessageTrace(path: string, tally: CollaborationTally): Promise<void> {
  let columns: { time: number; sender: number; recipient: number; status: number; id: number } | null = null;
  for await (const row of delimitedRows(path)) {
    if (columns === null) {
      columns = { time: columnOf(row, TIME), sender: columnOf(row, SENDER), recipient: columnOf(row, RECIPIENT), status: columnOf(row, RECIPIENT_STATUS), id: columnOf(row, MESSAGE_ID) };
      if (columns.time < 0 || columns.sender < 0 || (columns.recipient < 0 && columns.status < 0)) {
        // Another language's headers, or another file: say which columns are needed, guess nothing.
        throw invalidFile('collaboration.errors.columns_missing', { columns: 'Received, SenderAddress, RecipientAddress, MessageId', found: row.slice(0, 12).join(', ').slice(0, 300) });
      }
      continue;
    }
    const at = instantOf(row[columns.time]);
    const from = normalisedAddress(row[columns.sender]);
    const to = (columns.recipient >= 0 ? [row[columns.recipient] ?? ''] : recipientsOfStatus(row[columns.status] ?? '')).map(normalisedAddress).filter((a): a is string => a !== null);
    if (at === null || from === null || to.length === 0) {
      tally.unreadable();
      continue;
    }
    tally.mail({ messageId: columns.id >= 0 ? row[columns.id]?.trim().toLowerCase() || null : null, at, from, to });
  }
  if (columns === null) throw invalidFile('collaboration.errors.empty_file');
}
