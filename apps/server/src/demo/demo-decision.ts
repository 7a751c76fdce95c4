import type { Settings } from '../env.ts';

/**
 * Whether this start loads the demo (DECISIONS.md, Demo data): `LOAD_DEMO=true` always, `false`
 * never, `auto` only for the newcomer's `npm start` on the embedded database. `npm run serve`
 * (NODE_ENV=production) never loads logins with a published password by itself, even on the
 * embedded database.
 */
export function demoWanted(settings: Pick<Settings, 'LOAD_DEMO' | 'DATABASE_URL' | 'NODE_ENV'>): boolean {
  if (settings.LOAD_DEMO !== 'auto') return settings.LOAD_DEMO === 'true';
  return settings.DATABASE_URL === undefined && settings.NODE_ENV !== 'production';
}

/** The outbox page shows every e-mail, reset links included: only for a demo that sends no real mail. */
export function devMailboxWanted(settings: Pick<Settings, 'LOAD_DEMO' | 'DATABASE_URL' | 'NODE_ENV' | 'SMTP_URL'>): boolean {
  return demoWanted(settings) && !settings.SMTP_URL;
}
