import { describe, expect, it } from 'vitest';
import { readSettings } from '../env.ts';
import { demoWanted, devMailboxWanted } from './demo-decision.ts';

const settings = (env: Record<string, string>) => readSettings(env);

describe('demoWanted', () => {
  it('loads the demo for npm start on the embedded database', () => {
    expect(demoWanted(settings({}))).toBe(true);
    expect(devMailboxWanted(settings({}))).toBe(true);
  });

  it('never loads it by itself in production, embedded database or PostgreSQL', () => {
    expect(demoWanted(settings({ NODE_ENV: 'production' }))).toBe(false);
    expect(demoWanted(settings({ DATABASE_URL: 'postgres://db.example/ona' }))).toBe(false);
    expect(devMailboxWanted(settings({ NODE_ENV: 'production' }))).toBe(false);
  });

  it('follows an explicit LOAD_DEMO either way', () => {
    expect(demoWanted(settings({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db.example/ona', LOAD_DEMO: 'true' }))).toBe(true);
    expect(demoWanted(settings({ LOAD_DEMO: 'false' }))).toBe(false);
  });

  it('keeps the outbox page closed when real mail goes out', () => {
    expect(devMailboxWanted(settings({ SMTP_URL: 'smtp://mail.example:587' }))).toBe(false);
  });
});
