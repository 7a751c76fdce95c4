import { Readable } from 'node:stream';
import type { Database } from '@ona/db';
import type { TAuditEntry, TAuditLogFilters } from '@ona/contracts';
import { neutraliseFormulaText } from '../analytics-shared/formula-cells.ts';
import { auditEntriesAfter, type AuditEntryRow } from './audit-repository.ts';

const EXPORT_PAGE = 2000;

export function auditEntryOf(row: AuditEntryRow): TAuditEntry {
  return {
    seq: row.seq,
    occurred_at: row.occurredAt.toISOString(),
    action: row.action as TAuditEntry['action'],
    outcome: row.outcome === 'failure' ? 'failure' : 'success',
    actor_user_id: row.actorUserId,
    api_key_id: row.apiKeyId,
    scim_token_id: row.scimTokenId,
    session_id: row.sessionId,
    route: row.route,
    engagement_id: row.engagementId,
    subject_employee_id: row.subjectEmployeeId,
    subject_user_id: row.subjectUserId,
    target_ids: row.targetIds,
    ip_address: row.ipAddress,
    user_agent: row.userAgent,
    prev_hash: row.prevHash,
    hash: row.hash,
  };
}

export const CSV_COLUMNS = ['seq', 'occurred_at', 'action', 'outcome', 'actor_user_id', 'api_key_id', 'scim_token_id', 'session_id', 'route', 'engagement_id', 'subject_employee_id', 'subject_user_id', 'target_ids', 'ip_address', 'user_agent', 'prev_hash', 'hash'] as const;

/**
 * RFC 4180 quoting; a text that a spreadsheet would run as a formula (a user agent or route is the
 * caller's to choose) gets a leading apostrophe from the one function every export uses.
 */
function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? neutraliseFormulaText(value) : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvLine(entry: TAuditEntry): string {
  return `${CSV_COLUMNS.map((column) => csvCell(entry[column])).join(',')}\r\n`;
}

/**
 * The filtered log, oldest first, as JSON lines (one entry per line, what a SIEM ingests) or CSV.
 * It streams a page at a time, so a million entries never sit in memory at once.
 */
export function auditExportStream(db: Database, organizationId: number, filters: TAuditLogFilters, format: 'jsonl' | 'csv'): Readable {
  async function* lines(): AsyncGenerator<string> {
    if (format === 'csv') yield `${CSV_COLUMNS.join(',')}\r\n`;
    let after = 0;
    for (;;) {
      const page = await auditEntriesAfter(db, organizationId, after, EXPORT_PAGE, filters);
      let chunk = '';
      for (const row of page) {
        const entry = auditEntryOf(row);
        chunk += format === 'csv' ? csvLine(entry) : `${JSON.stringify(entry)}\n`;
      }
      if (chunk) yield chunk;
      const last = page.at(-1);
      if (!last || page.length < EXPORT_PAGE) return;
      after = last.seq;
    }
  }
  return Readable.from(lines());
}
