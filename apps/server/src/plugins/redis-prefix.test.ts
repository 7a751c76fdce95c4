import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@ona/db';
import { buildApp, type App } from '../app.ts';
import { redisPrefixFor } from '../env.ts';
import { createTestDatabase } from '../testing/test-database.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Listens on a channel and collects what arrives, in order; `again` makes the subscription anew, into the same list. */
async function listen(app: App, channel: string): Promise<{ heard: string[]; again: () => Promise<void> }> {
  const heard: string[] = [];
  let stop = await app.realtime.subscribe(channel, (payload) => heard.push(payload));
  return {
    heard,
    again: async () => {
      stop();
      stop = await app.realtime.subscribe(channel, (payload) => heard.push(payload));
    },
  };
}

describe('REDIS_PREFIX: deployments on one Redis stay apart, instances of one deployment share', () => {
  const run = randomBytes(4).toString('hex');
  const prefixOne = `h8test:${run}:one:`;
  const prefixTwo = `h8test:${run}:two:`;
  let db: DbHandle;
  let oneA: App;
  let oneB: App;
  let two: App;
  beforeAll(async () => {
    db = await createTestDatabase();
    const build = (prefix: string) =>
      buildApp({ db, settings: { SMTP_URL: undefined, MAIL_FROM: 'test@ona.example', PUBLIC_URL: 'http://app.test', REDIS_URL, REDIS_PREFIX: prefix }, webDistDir: '/nonexistent', pollJobs: false });
    oneA = await build(prefixOne);
    oneB = await build(prefixOne);
    two = await build(prefixTwo);
    await Promise.all([oneA.ready(), oneB.ready(), two.ready()]);
  });
  afterAll(async () => {
    await Promise.all([oneA.close(), oneB.close(), two.close()]);
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`h8test:${run}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await db.close();
  });

  it('a live message reaches the other instance of the same deployment and never the other deployment', async () => {
    const channel = 'instant-survey:1:host';
    const [oneBListens, twoListens] = await Promise.all([listen(oneB, channel), listen(two, channel)]);
    const heardByOneB = oneBListens.heard;
    const heardByTwo = twoListens.heard;
    // Redis pub/sub delivers at most once: a message published while a subscriber's connection is
    // being re-established (a busy machine) is gone, and the host's page reloads on reconnect for
    // that reason. So each deployment publishes until it is heard once; a prefix that leaks fails
    // either way.
    //
    // Under CI's load a subscription that had carried its probe was, three times, gone from Redis
    // afterwards (NUMSUB 0) for the 20 s the test waited, for a cause not found yet (the closing
    // note of the session of 2026-11-29 says what was ruled out). A live host socket would meet it
    // as a reconnect; here the listener subscribes anew once, and says so, after 5 s unheard.
    const publishUntilHeard = async (app: App, from: string, listening: { heard: string[]; again: () => Promise<void> }, prefix: string) => {
      let sent = 0;
      const publishAndCount = async () => {
        if (listening.heard.length === 0) await app.realtime.publish(channel, { from, sent: sent++ });
        return listening.heard.length;
      };
      try {
        await expect.poll(publishAndCount, { timeout: 5_000 }).toBeGreaterThan(0);
        return;
      } catch {
        const redis = new Redis(REDIS_URL);
        console.warn(`${from}: ${sent} messages published, none heard; Redis's subscribers: ${JSON.stringify(await redis.pubsub('NUMSUB', prefix + channel))}; subscribing anew`);
        await redis.quit();
      }
      await listening.again();
      await expect.poll(publishAndCount).toBeGreaterThan(0);
    };
    await publishUntilHeard(oneA, 'one', oneBListens, prefixOne);
    await publishUntilHeard(two, 'two', twoListens, prefixTwo);
    // Redis runs PUBLISHes one after another and delivers to each subscriber in that order: had
    // either deployment heard the other's last message, it would have come before its own last one.
    await two.realtime.publish(channel, { from: 'two', last: true });
    await oneA.realtime.publish(channel, { from: 'one', last: true });
    await two.realtime.publish(channel, { from: 'two', last: true });
    await expect.poll(() => heardByOneB.filter((m) => m.includes('"last":true')).length).toBe(1);
    await expect.poll(() => heardByTwo.filter((m) => m.includes('"last":true')).length).toBe(2);
    expect(heardByOneB.every((m) => JSON.parse(m).from === 'one')).toBe(true);
    expect(heardByTwo.every((m) => JSON.parse(m).from === 'two')).toBe(true);
  });

  it('rate-limit counters are shared by the instances of a deployment and not across deployments', async () => {
    // 20 attempts per 15 minutes and address; the limit counts before the body is checked.
    const confirm = (app: App) => app.inject({ method: 'POST', url: '/api/auth/password/reset/confirm/', payload: {} });
    for (let i = 0; i < 20; i++) expect((await confirm(i % 2 === 0 ? oneA : oneB)).statusCode).toBe(400);
    expect((await confirm(oneA)).statusCode).toBe(429);
    expect((await confirm(oneB)).statusCode).toBe(429);
    expect((await confirm(two)).statusCode).toBe(400);
  });

  it('derives the prefix from the database when REDIS_PREFIX is unset', () => {
    expect(redisPrefixFor({ REDIS_PREFIX: undefined, DATABASE_URL: 'postgres://ona:secret@db.internal:5432/ona_customer_a', DATA_DIR: './data' })).toBe('ona:ona_customer_a:');
    expect(redisPrefixFor({ REDIS_PREFIX: 'acme:', DATABASE_URL: 'postgres://db/ona', DATA_DIR: './data' })).toBe('acme:');
    const embedded = redisPrefixFor({ REDIS_PREFIX: undefined, DATABASE_URL: undefined, DATA_DIR: '/srv/ona/data' });
    expect(embedded).toMatch(/^ona:data-[0-9a-f]{16}:$/);
    expect(redisPrefixFor({ REDIS_PREFIX: undefined, DATABASE_URL: undefined, DATA_DIR: '/srv/other/data' })).not.toBe(embedded);
  });
});
