import { CONTACT_HONEYPOT_FIELD, CONTACT_MIN_FILL_MS } from '@ona/contracts';

export type TBotSignal = 'honeypot' | 'too_fast';

/**
 * What gives a program away, read from the body as it came (before validation, so that a bot's
 * bad input is dropped too, never answered with a list of what to fix).
 */
export function botSignal(body: unknown, now: number): TBotSignal | null {
  if (typeof body !== 'object' || body === null) return null;
  const fields = body as Record<string, unknown>;
  const honeypot = fields[CONTACT_HONEYPOT_FIELD];
  if (honeypot !== undefined && honeypot !== null && String(honeypot).trim() !== '') return 'honeypot';
  const startedAt = fields['form_started_at'];
  if (typeof startedAt === 'number' && Number.isFinite(startedAt)) {
    // form_started_at is the visitor's clock. One running ahead of ours gives a start "in the
    // future", which proves nothing; only a start within the last few seconds is a bot's.
    const elapsed = now - startedAt;
    if (elapsed >= 0 && elapsed < CONTACT_MIN_FILL_MS) return 'too_fast';
  }
  return null;
}
