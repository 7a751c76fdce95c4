import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import { Redis } from 'ioredis';

type Listener = (payload: string) => void;

/** What a listener hears of its subscription besides the messages. */
export interface SubscriptionGaps {
  /**
   * The subscription was gone for a while (its connection dropped, or a check found it missing)
   * and is live again. Redis pub/sub keeps nothing for an absent subscriber, so whatever was
   * published meanwhile is lost: whoever shows what the messages carry reloads it.
   */
  resumed?: () => void;
  /** The subscription was gone and could not be made again: nothing more will arrive. */
  lost?: (err: unknown) => void;
}

/**
 * Live messages by channel. In-process by default; with Redis every instance subscribes to the
 * channels its sockets need and every publish goes through Redis, so a host connected to
 * instance B hears what a participant saved on instance A (DECISIONS.md, "Running it").
 */
export interface RealtimeHub {
  readonly mode: 'memory' | 'redis';
  /** Sends a JSON message to every subscriber of the channel on every instance. */
  publish(channel: string, message: unknown): Promise<void>;
  /** Resolves once the subscription is live (so nothing published afterwards is missed). */
  subscribe(channel: string, listener: Listener, gaps?: SubscriptionGaps): Promise<() => void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
}

/** One subscribe call: the same function may listen twice and leave once. */
interface Subscriber {
  readonly listener: Listener;
  readonly gaps: SubscriptionGaps;
}

class ListenerRegistry {
  private readonly byChannel = new Map<string, Set<Subscriber>>();

  add(channel: string, subscriber: Subscriber): void {
    let set = this.byChannel.get(channel);
    if (!set) {
      set = new Set();
      this.byChannel.set(channel, set);
    }
    set.add(subscriber);
  }

  /** True when the channel has no listener left. */
  remove(channel: string, subscriber: Subscriber): boolean {
    const set = this.byChannel.get(channel);
    if (!set?.delete(subscriber)) return false;
    if (set.size > 0) return false;
    this.byChannel.delete(channel);
    return true;
  }

  deliver(channel: string, payload: string): void {
    this.each(channel, (subscriber) => subscriber.listener(payload));
  }

  resumed(channel: string): void {
    this.each(channel, (subscriber) => subscriber.gaps.resumed?.());
  }

  lost(channel: string, err: unknown): void {
    this.each(channel, (subscriber) => subscriber.gaps.lost?.(err));
  }

  private each(channel: string, tell: (subscriber: Subscriber) => void): void {
    for (const subscriber of [...(this.byChannel.get(channel) ?? [])]) {
      try {
        tell(subscriber);
      } catch {
        // One broken socket must not keep the message from the others.
      }
    }
  }
}

function memoryHub(): RealtimeHub {
  const registry = new ListenerRegistry();
  return {
    mode: 'memory',
    async publish(channel, message) {
      registry.deliver(channel, JSON.stringify(message));
    },
    async subscribe(channel, listener, gaps = {}) {
      const subscriber = { listener, gaps };
      registry.add(channel, subscriber);
      return () => void registry.remove(channel, subscriber);
    },
  };
}

/** A message the hub publishes to itself to prove a subscription (never given to a listener). */
const PROBE_START = '{"realtime_probe":"';
/** A probe is sent again every PROBE_EVERY_MS until heard or its time is up; then the SUBSCRIBE is made again. */
const PROBE_EVERY_MS = 200;
const SUBSCRIBE_ATTEMPTS = 3;

/** How the Redis hub watches its subscriptions (settings REDIS_SUBSCRIPTION_CHECK_MS, REDIS_PROBE_TIMEOUT_MS). */
export interface RedisHubTiming {
  /** Every subscription is proven again by a probe this often; 0: only after a reconnect. */
  checkEveryMs: number;
  /** How long a probe may take to come back through the subscriber before the subscription counts as gone. */
  probeTimeoutMs: number;
}
export const REDIS_HUB_TIMING: RedisHubTiming = { checkEveryMs: 30_000, probeTimeoutMs: 3_000 };

export interface RedisHub extends RealtimeHub {
  /** Stops the periodic check (the connections are the caller's to close). */
  close(): void;
}

/**
 * Channels are named without the deployment; on Redis they carry its prefix, so that two
 * deployments on one Redis never hear each other (participant names travel in these messages).
 */
export function redisHub(
  publisher: Redis,
  subscriber: Redis,
  prefix: string,
  onError: (err: unknown) => void,
  timing: Partial<RedisHubTiming> = {},
): RedisHub {
  const { checkEveryMs, probeTimeoutMs } = { ...REDIS_HUB_TIMING, ...timing };
  const probesPerAttempt = Math.max(1, Math.ceil(probeTimeoutMs / PROBE_EVERY_MS));
  const registry = new ListenerRegistry();
  /** The probes this instance waits for, by their text (every instance on the channel hears them and drops them). */
  const probes = new Map<string, () => void>();
  subscriber.on('message', (channel: string, payload: string) => {
    if (!channel.startsWith(prefix)) return;
    if (payload.startsWith(PROBE_START)) {
      probes.get(payload)?.();
      return;
    }
    registry.deliver(channel.slice(prefix.length), payload);
  });
  /**
   * Whether a probe published on the channel comes back through this instance's subscriber: a
   * SUBSCRIBE that Redis acknowledged has, on a busy machine, once carried nothing afterwards
   * (issue 20's CI runs); a host told it is live must really hear what is published.
   */
  const carriesMessages = async (channel: string): Promise<boolean> => {
    const probe = `${PROBE_START}${randomUUID()}"}`;
    let heard = false;
    const arrived = new Promise<void>((resolve) => {
      probes.set(probe, () => {
        heard = true;
        resolve();
      });
    });
    try {
      for (let sent = 0; !heard && sent < probesPerAttempt; sent++) {
        await publisher.publish(prefix + channel, probe);
        await Promise.race([arrived, delay(PROBE_EVERY_MS)]);
      }
      return heard;
    } finally {
      probes.delete(probe);
    }
  };
  /** SUBSCRIBE, proven by a probe; a subscription that carries nothing is made again, a few times at most. */
  const subscribeProven = async (channel: string): Promise<void> => {
    for (let attempt = 1; ; attempt++) {
      await subscriber.subscribe(prefix + channel);
      if (await carriesMessages(channel)) return;
      onError(new Error(`Redis subscription of ${prefix + channel} carried no message (attempt ${attempt})`));
      if (attempt >= SUBSCRIBE_ATTEMPTS) throw new Error(`Redis subscription of ${prefix + channel} carries no message`);
      await subscriber.unsubscribe(prefix + channel);
    }
  };
  /**
   * Redis SUBSCRIBE, UNSUBSCRIBE and checks of one channel, in the order they were asked for.
   * Every listener waits for its channel's SUBSCRIBE: a second socket of a survey must not be told
   * it is live while the first socket's SUBSCRIBE is still on its way (it would miss what is
   * published meanwhile), and a socket arriving just after the last one left must not be
   * overtaken by that UNSUBSCRIBE. A SUBSCRIBE that failed is never reported as live: its
   * listeners are dropped and told (the socket then asks its client to come back later), and the
   * next listener tries again.
   */
  const tail = new Map<string, Promise<unknown>>();
  const enqueue = <T>(channel: string, step: () => Promise<T>): Promise<T> => {
    const run = (tail.get(channel) ?? Promise.resolve()).then(step);
    const settled = run.catch(() => undefined);
    tail.set(channel, settled);
    void settled.then(() => {
      if (tail.get(channel) === settled) tail.delete(channel);
    });
    return run;
  };
  /** The channels this instance subscribes to, each with what a new listener waits for before it is live. */
  const subscriptions = new Map<string, { ready: Promise<void> }>();
  const subscribeOnce = (channel: string): Promise<void> => {
    const known = subscriptions.get(channel);
    if (known) return known.ready;
    // ioredis keeps the SUBSCRIBE through `maxRetriesPerRequest` reconnects and then fails it; a
    // subscription that failed is not one it restores later, so it must not count as live.
    const subscription = { ready: enqueue(channel, () => subscribeProven(channel)) };
    subscriptions.set(channel, subscription);
    subscription.ready.catch((err: unknown) => {
      if (subscriptions.get(channel) === subscription) subscriptions.delete(channel);
      onError(err);
    });
    return subscription.ready;
  };

  /**
   * A subscription can vanish after it was proven: CI saw Redis count no subscriber on a channel
   * whose probe had come back, with the connection up (cause not found), and a dropped connection
   * loses whatever is published until ioredis has subscribed again. So every subscription is
   * proven again now and then and after every reconnect; one that no longer carries its probe is
   * made again. Its listeners are then told that they may have missed messages (always after a
   * reconnect), or, when it cannot be made again, that it is lost.
   */
  const checking = new Set<string>();
  const check = (channel: string, afterReconnect: boolean): void => {
    const subscription = subscriptions.get(channel);
    if (!subscription || (checking.has(channel) && !afterReconnect)) return;
    checking.add(channel);
    const outcome = enqueue(channel, async (): Promise<'carries' | 'resumed' | 'left'> => {
      if (subscriptions.get(channel) !== subscription) return 'left';
      if (await carriesMessages(channel)) return afterReconnect ? 'resumed' : 'carries';
      onError(new Error(`Redis subscription of ${prefix + channel} no longer carries messages; subscribing anew`));
      // ioredis may still count it as subscribed; forgetting it there too makes the SUBSCRIBE real.
      await subscriber.unsubscribe(prefix + channel);
      await subscribeProven(channel);
      return 'resumed';
    });
    // A socket arriving meanwhile is told it is live only once the subscription is proven again.
    subscription.ready = outcome.then(() => undefined);
    subscription.ready.catch(() => undefined);
    outcome.then(
      (result) => {
        checking.delete(channel);
        if (result === 'resumed' && subscriptions.get(channel) === subscription) registry.resumed(channel);
      },
      (err: unknown) => {
        checking.delete(channel);
        if (subscriptions.get(channel) !== subscription) return;
        subscriptions.delete(channel);
        onError(err);
        registry.lost(channel, err);
      },
    );
  };
  const checkAll = (afterReconnect: boolean) => {
    for (const channel of [...subscriptions.keys()]) check(channel, afterReconnect);
  };
  // ioredis subscribes again by itself on reconnect, before 'ready'; whether that took is proven here.
  let dropped = false;
  subscriber.on('close', () => {
    dropped = true;
  });
  subscriber.on('ready', () => {
    if (!dropped) return;
    dropped = false;
    checkAll(true);
  });
  const timer = checkEveryMs > 0 ? setInterval(() => checkAll(false), checkEveryMs) : undefined;
  timer?.unref();

  return {
    mode: 'redis',
    async publish(channel, message) {
      await publisher.publish(prefix + channel, JSON.stringify(message));
    },
    async subscribe(channel, listener, gaps = {}) {
      const entry = { listener, gaps };
      registry.add(channel, entry);
      try {
        await subscribeOnce(channel);
      } catch (err) {
        registry.remove(channel, entry);
        throw err;
      }
      return () => {
        if (!registry.remove(channel, entry)) return;
        subscriptions.delete(channel);
        enqueue(channel, () => subscriber.unsubscribe(prefix + channel)).catch(onError);
      };
    },
    close() {
      clearInterval(timer);
    },
  };
}

export const realtimePlugin = fp<{ redisUrl?: string | undefined; prefix?: string; timing?: Partial<RedisHubTiming> }>(async (app, options) => {
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  if (!options.redisUrl) {
    app.decorate('realtime', memoryHub());
    return;
  }
  const prefix = options.prefix ?? 'ona:';
  // A connection in subscriber mode can do nothing else, hence two; named so that CLIENT LIST
  // tells which deployment and which role a connection has.
  const publisher = new Redis(options.redisUrl, { maxRetriesPerRequest: 2, connectionName: `${prefix}live-publisher` });
  const subscriber = new Redis(options.redisUrl, { maxRetriesPerRequest: 2, connectionName: `${prefix}live-subscriber` });
  const onError = (err: unknown) => app.log.error({ err }, 'redis pub/sub error');
  publisher.on('error', onError);
  subscriber.on('error', onError);
  const hub = redisHub(publisher, subscriber, prefix, onError, options.timing);
  app.decorate('realtime', hub);
  app.addHook('onClose', async () => {
    hub.close();
    await Promise.allSettled([publisher.quit(), subscriber.quit()]);
  });
});
