import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import { Redis } from 'ioredis';

type Listener = (payload: string) => void;

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
  subscribe(channel: string, listener: Listener): Promise<() => void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
}

class ListenerRegistry {
  private readonly byChannel = new Map<string, Set<Listener>>();

  add(channel: string, listener: Listener): void {
    let set = this.byChannel.get(channel);
    if (!set) {
      set = new Set();
      this.byChannel.set(channel, set);
    }
    set.add(listener);
  }

  /** True when the channel has no listener left. */
  remove(channel: string, listener: Listener): boolean {
    const set = this.byChannel.get(channel);
    if (!set) return false;
    set.delete(listener);
    if (set.size > 0) return false;
    this.byChannel.delete(channel);
    return true;
  }

  deliver(channel: string, payload: string): void {
    for (const listener of this.byChannel.get(channel) ?? []) {
      try {
        listener(payload);
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
    async subscribe(channel, listener) {
      registry.add(channel, listener);
      return () => void registry.remove(channel, listener);
    },
  };
}

/** A message the hub publishes to itself to prove a subscription (never given to a listener). */
const PROBE_START = '{"realtime_probe":"';
/** A probe is sent again every PROBE_EVERY_MS until heard, PROBES_PER_ATTEMPT times; then the SUBSCRIBE is made again. */
const PROBE_EVERY_MS = 200;
const PROBES_PER_ATTEMPT = 15;
const SUBSCRIBE_ATTEMPTS = 3;

/**
 * Channels are named without the deployment; on Redis they carry its prefix, so that two
 * deployments on one Redis never hear each other (participant names travel in these messages).
 */
export function redisHub(publisher: Redis, subscriber: Redis, prefix: string, onError: (err: unknown) => void): RealtimeHub {
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
      for (let sent = 0; !heard && sent < PROBES_PER_ATTEMPT; sent++) {
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
   * Redis SUBSCRIBE and UNSUBSCRIBE of one channel, in the order they were asked for. Every
   * listener waits for its channel's SUBSCRIBE: a second socket of a survey must not be told it is
   * live while the first socket's SUBSCRIBE is still on its way (it would miss what is published
   * meanwhile), and a socket arriving just after the last one left must not be overtaken by that
   * UNSUBSCRIBE. A SUBSCRIBE that failed is never reported as live: its listeners are dropped and
   * told (the socket then asks its client to come back later), and the next listener tries again.
   */
  const tail = new Map<string, Promise<unknown>>();
  const enqueue = (channel: string, step: () => Promise<unknown>): Promise<void> => {
    const run = (tail.get(channel) ?? Promise.resolve()).then(step).then(() => undefined);
    const settled = run.catch(() => undefined);
    tail.set(channel, settled);
    void settled.then(() => {
      if (tail.get(channel) === settled) tail.delete(channel);
    });
    return run;
  };
  /** The SUBSCRIBE each channel's current listeners wait for. */
  const live = new Map<string, Promise<void>>();
  const subscribeOnce = (channel: string): Promise<void> => {
    const known = live.get(channel);
    if (known) return known;
    // ioredis keeps the SUBSCRIBE through `maxRetriesPerRequest` reconnects and then fails it; a
    // subscription that failed is not one it restores later, so it must not count as live.
    const subscribing = enqueue(channel, () => subscribeProven(channel));
    live.set(channel, subscribing);
    subscribing.catch((err: unknown) => {
      if (live.get(channel) === subscribing) live.delete(channel);
      onError(err);
    });
    return subscribing;
  };
  return {
    mode: 'redis',
    async publish(channel, message) {
      await publisher.publish(prefix + channel, JSON.stringify(message));
    },
    async subscribe(channel, listener) {
      registry.add(channel, listener);
      try {
        await subscribeOnce(channel);
      } catch (err) {
        registry.remove(channel, listener);
        throw err;
      }
      return () => {
        if (!registry.remove(channel, listener)) return;
        live.delete(channel);
        enqueue(channel, () => subscriber.unsubscribe(prefix + channel)).catch(onError);
      };
    },
  };
}

export const realtimePlugin = fp<{ redisUrl?: string | undefined; prefix?: string }>(async (app, options) => {
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  if (!options.redisUrl) {
    app.decorate('realtime', memoryHub());
    return;
  }
  // A connection in subscriber mode can do nothing else, hence two.
  const publisher = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
  const subscriber = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
  const onError = (err: unknown) => app.log.error({ err }, 'redis pub/sub error');
  publisher.on('error', onError);
  subscriber.on('error', onError);
  app.decorate('realtime', redisHub(publisher, subscriber, options.prefix ?? 'ona:', onError));
  app.addHook('onClose', async () => {
    await Promise.allSettled([publisher.quit(), subscriber.quit()]);
  });
});
