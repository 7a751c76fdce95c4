import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realtimePlugin, redisHub, type RealtimeHub } from './realtime.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function instance(): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(realtimePlugin, { redisUrl: REDIS_URL });
  await app.ready();
  return app;
}

describe('live messages through Redis between two instances', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    [a, b] = await Promise.all([instance(), instance()]);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  it('gives every listener of a channel, also the second one subscribing at the same moment, what is published right after', async () => {
    for (let round = 0; round < 20; round++) {
      const channel = `test:race:${process.pid}:${Date.now()}:${round}`;
      const heard: string[] = [];
      // Two sockets of one survey connect together on instance B; neither may be told it is live too early.
      const first = b.realtime.subscribe(channel, (payload) => heard.push(`first ${payload}`));
      // The second socket's handler goes on as soon as its own subscription says it is live.
      const stopSecond = await b.realtime.subscribe(channel, (payload) => heard.push(`second ${payload}`));
      await a.realtime.publish(channel, { round });
      const stopFirst = await first;
      await expect.poll(() => heard.length).toBe(2);
      expect(heard.sort()).toEqual([`first {"round":${round}}`, `second {"round":${round}}`]);
      stopFirst();
      stopSecond();
    }
  });

  it('subscribes again when a listener arrives just after the last one left', async () => {
    const channel = `test:again:${process.pid}:${Date.now()}`;
    const stop = await b.realtime.subscribe(channel, () => undefined);
    stop();
    const heard: string[] = [];
    await b.realtime.subscribe(channel, (payload) => heard.push(payload));
    await a.realtime.publish(channel, { again: true });
    await expect.poll(() => heard).toEqual(['{"again":true}']);
  });
});

describe('a Redis subscription that carries nothing', () => {
  it('is made again before the listener is told it is live, and the probe that found out reaches no listener', async () => {
    const prefix = `test:proven:${process.pid}:${Date.now()}:`;
    const [publisher, subscriber, otherPublisher, otherSubscriber] = [new Redis(REDIS_URL), new Redis(REDIS_URL), new Redis(REDIS_URL), new Redis(REDIS_URL)];
    // The first SUBSCRIBE is acknowledged without reaching Redis, as one was once on a busy machine.
    let swallowed = false;
    const forgetful = new Proxy(subscriber, {
      get(target, property, receiver) {
        if (property === 'subscribe' && !swallowed) {
          swallowed = true;
          return async () => 1;
        }
        const value: unknown = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const errors: unknown[] = [];
    const hub = redisHub(publisher, forgetful, prefix, (err) => errors.push(err));
    const other = redisHub(otherPublisher, otherSubscriber, prefix, () => undefined);
    try {
      const heard: string[] = [];
      await hub.subscribe('host', (payload) => heard.push(payload));
      expect(swallowed).toBe(true);
      expect(errors.map(String)).toEqual([expect.stringContaining('carried no message (attempt 1)')]);
      await other.publish('host', { answer: 1 });
      await expect.poll(() => heard).toEqual(['{"answer":1}']);
    } finally {
      hub.close();
      other.close();
      await Promise.allSettled([publisher, subscriber, otherPublisher, otherSubscriber].map((client) => client.quit()));
    }
  });
});

describe('a Redis subscription that vanishes after it was proven', () => {
  /** Two hubs of one deployment on their own connections; `subscribe` of the first may be made to reach nothing. */
  async function twoHubs(name: string, swallowSubscribes: () => boolean) {
    const prefix = `test:${name}:${process.pid}:${Date.now()}:`;
    const clients = [new Redis(REDIS_URL), new Redis(REDIS_URL), new Redis(REDIS_URL), new Redis(REDIS_URL)] as const;
    const [publisher, subscriber, otherPublisher, otherSubscriber] = clients;
    // A SUBSCRIBE that is acknowledged without reaching Redis, as one was once on a busy machine.
    const forgetful = new Proxy(subscriber, {
      get(target, property, receiver) {
        if (property === 'subscribe' && swallowSubscribes()) return async () => 1;
        const value: unknown = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const errors: unknown[] = [];
    // The check every 100 ms, a probe given 400 ms: short for the test, the settings' defaults are 30 s and 3 s.
    const hub = redisHub(publisher, forgetful, prefix, (err) => errors.push(err), { checkEveryMs: 100, probeTimeoutMs: 400 });
    const other = redisHub(otherPublisher, otherSubscriber, prefix, () => undefined, { checkEveryMs: 0 });
    return {
      prefix,
      subscriber,
      hub,
      other,
      errors,
      close: async () => {
        hub.close();
        other.close();
        await Promise.allSettled(clients.map((client) => client.quit()));
      },
    };
  }

  /**
   * Checks this frequent may, on a busy machine, take a slow probe for a vanished subscription and
   * make it again, which loses what is published meanwhile (at most once, as Redis pub/sub is):
   * a later message is published until heard rather than once.
   */
  const publishUntilHeard = async (hub: RealtimeHub, heard: string[], message: unknown) => {
    const text = JSON.stringify(message);
    await expect
      .poll(async () => {
        if (!heard.includes(text)) await hub.publish('host', message);
        return heard.includes(text);
      })
      .toBe(true);
  };

  it('is found by the periodic check and made again: its listeners are told to reload, later messages reach them, the probes reach none', async () => {
    const set = await twoHubs('vanished', () => false);
    try {
      const heard: string[] = [];
      let resumed = 0;
      await set.hub.subscribe('host', (payload) => heard.push(payload), { resumed: () => (resumed += 1) });
      await publishUntilHeard(set.other, heard, { answer: 1 });
      const resumedBefore = resumed;
      // Gone from Redis while the connection stays up, as CI once saw (NUMSUB 0 after it was proven).
      await set.subscriber.unsubscribe(`${set.prefix}host`);
      await expect.poll(() => resumed).toBeGreaterThan(resumedBefore);
      expect(set.errors.map(String)).toContainEqual(expect.stringContaining('no longer carries messages; subscribing anew'));
      await publishUntilHeard(set.other, heard, { answer: 2 });
      // What the listener heard are the messages, never the checks' probes.
      expect(new Set(heard)).toEqual(new Set(['{"answer":1}', '{"answer":2}']));
    } finally {
      await set.close();
    }
  });

  it('that cannot be made again is reported lost to its listeners, and the next listener subscribes afresh', async () => {
    let swallow = false;
    const set = await twoHubs('lost', () => swallow);
    try {
      const lost: unknown[] = [];
      const stop = await set.hub.subscribe('host', () => undefined, { lost: (err) => lost.push(err) });
      swallow = true;
      await set.subscriber.unsubscribe(`${set.prefix}host`);
      await expect.poll(() => lost.map(String)).toEqual([expect.stringContaining('carries no message')]);
      stop();
      swallow = false;
      const heard: string[] = [];
      await set.hub.subscribe('host', (payload) => heard.push(payload));
      await publishUntilHeard(set.other, heard, { again: true });
      expect(new Set(heard)).toEqual(new Set(['{"again":true}']));
    } finally {
      await set.close();
    }
  });
});

describe('live messages when Redis cannot be reached', () => {
  it('refuses a subscription that Redis never took instead of reporting it live', async () => {
    // Nothing listens on port 1: every connection attempt is refused at once.
    const app = Fastify({ logger: false });
    await app.register(realtimePlugin, { redisUrl: 'redis://127.0.0.1:1' });
    await app.ready();
    try {
      const heard: string[] = [];
      await expect(app.realtime.subscribe('test:unreachable', (payload) => heard.push(payload))).rejects.toThrow();
      // The refused listener is gone: a later attempt subscribes afresh (and is refused again here).
      await expect(app.realtime.subscribe('test:unreachable', (payload) => heard.push(payload))).rejects.toThrow();
      expect(heard).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
