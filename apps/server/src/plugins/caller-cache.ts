import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { CallerStore, TokenHolderStore, type CallerChange } from '../modules/auth/caller-store.ts';
import { keptParticipantConcerns, type TKeptParticipant } from '../modules/instant-survey/kept-participant.ts';
import type { AuthContext } from './auth.ts';

/** Whoever a token stands for, kept by the token's hash while this instance can hear changes. */
export interface KeptByTokenHash<T> {
  /** The kept holder of a token hash, or undefined (also whenever this instance cannot hear changes). */
  get(tokenHash: string): T | undefined;
  /**
   * Runs `load` and keeps `keepable(found)` (nothing when it answers null), unless a change
   * arrived meanwhile; answers what `load` found.
   */
  remember<F>(tokenHash: string, load: () => Promise<F>, keepable: (found: F) => T | null): Promise<F>;
}

/**
 * The signed-in caller of a login token (token → user → memberships), kept a few seconds so that
 * a busy survey does not read the same three rows for every save (docs/request-path.md).
 */
export interface CallerCache {
  /** The cached caller of a token hash, or undefined (also whenever this instance cannot hear changes). */
  get(tokenHash: string): AuthContext | undefined;
  /** Looks the caller up with `load` and keeps it, unless a change arrived meanwhile. */
  remember(tokenHash: string, load: () => Promise<AuthContext>): Promise<AuthContext>;
  /**
   * Instant participants by the hash of their instant token (modules/instant-survey/kept-participant.ts),
   * dropped by the same changes, on every instance, as the callers are.
   */
  instantParticipants: KeptByTokenHash<TKeptParticipant>;
  /**
   * Drops what a committed change concerns, here and (with Redis) on every instance: resolves once
   * every instance that heard it has dropped it, so the caller's very next request, wherever it
   * lands, sees the change. Call it after the change's transaction committed.
   */
  forget(change: CallerChange): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    callerCache: CallerCache;
  }
}

/** Short: it bounds how long a change can go unseen when an instance misses a message. */
export const CALLER_TTL_MS = 10_000;
const MAX_CALLERS = 20_000;
/** How long a change waits for the other instances' acknowledgements before answering anyway. */
const ACK_TIMEOUT_MS = 1_000;

type Message = { id: string; change: CallerChange };

function keptByTokenHash<T>(store: TokenHolderStore<T>, isLive: () => boolean): KeptByTokenHash<T> {
  return {
    get: (tokenHash) => (isLive() ? store.get(tokenHash) : undefined),
    async remember(tokenHash, load, keepable) {
      const startedAt = store.begin();
      const found = await load();
      const kept = keepable(found);
      if (kept !== null && isLive()) store.set(tokenHash, kept, startedAt);
      return found;
    },
  };
}

function localCache(callers: CallerStore<AuthContext>, participants: TokenHolderStore<TKeptParticipant>, isLive: () => boolean): Omit<CallerCache, 'forget'> {
  const kept = keptByTokenHash(callers, isLive);
  return {
    get: kept.get,
    remember: (tokenHash, load) => kept.remember(tokenHash, load, (caller) => caller),
    instantParticipants: keptByTokenHash(participants, isLive),
  };
}

/**
 * With Redis, a change goes to every instance on `<prefix>caller-changes`; each drops what it
 * concerns and acknowledges on `<prefix>caller-changes:ack`. PUBLISH answers how many instances
 * heard it, and `forget` waits for that many acknowledgements (at most ACK_TIMEOUT_MS). An instance
 * whose subscription is down serves nothing from its cache (it could miss a change), and starts
 * again from empty once it is subscribed again.
 */
export const callerCachePlugin = fp<{ redisUrl?: string | undefined; prefix: string; now?: () => number }>(async (app, options) => {
  const clock = options.now ? { now: options.now } : {};
  const callers = new CallerStore<AuthContext>({ ttlMs: CALLER_TTL_MS, maxEntries: MAX_CALLERS, ...clock });
  const participants = new TokenHolderStore<TKeptParticipant>({ ttlMs: CALLER_TTL_MS, maxEntries: MAX_CALLERS, concerns: keptParticipantConcerns, ...clock });
  /** One change, both stores: a change message names no store, so one channel serves both. */
  const store = {
    forget(change: CallerChange) {
      callers.forget(change);
      participants.forget(change);
    },
  };
  if (!options.redisUrl) {
    app.decorate('callerCache', {
      ...localCache(callers, participants, () => true),
      async forget(change: CallerChange) {
        store.forget(change);
      },
    });
    return;
  }
  const changes = `${options.prefix}caller-changes`;
  const acks = `${changes}:ack`;
  const publisher = new Redis(options.redisUrl, { maxRetriesPerRequest: 1 });
  const subscriber = new Redis(options.redisUrl, { maxRetriesPerRequest: 1 });
  const onError = (err: unknown) => app.log.error({ err }, 'caller cache: redis error');
  publisher.on('error', onError);
  subscriber.on('error', onError);
  let live = false;
  /** Changes this instance sent: acknowledgements so far, and how many instances heard it once PUBLISH answered. */
  const waiting = new Map<string, { received: number; heard?: number; done: () => void }>();
  const settle = (wait: { received: number; heard?: number; done: () => void }) => {
    if (wait.heard !== undefined && wait.received >= wait.heard) wait.done();
  };

  subscriber.on('close', () => {
    live = false;
    store.forget({ everything: true });
  });
  subscriber.on('ready', () => {
    // Live only once both channels are surely subscribed again (a reconnect resubscribes on its own, but asynchronously).
    subscriber.subscribe(changes, acks).then(
      () => {
        store.forget({ everything: true });
        live = true;
      },
      onError,
    );
  });
  subscriber.on('message', (channel: string, payload: string) => {
    if (channel === changes) {
      const message = JSON.parse(payload) as Message;
      store.forget(message.change);
      publisher.publish(acks, message.id).catch(onError);
      return;
    }
    if (channel === acks) {
      const wait = waiting.get(payload);
      if (wait) {
        wait.received += 1;
        settle(wait);
      }
    }
  });

  app.decorate('callerCache', {
    ...localCache(callers, participants, () => live),
    async forget(change: CallerChange) {
      if ('users' in change && change.users.length === 0) return;
      store.forget(change);
      const id = randomUUID();
      let timer: NodeJS.Timeout | undefined;
      const acknowledged = new Promise<void>((resolve) => {
        waiting.set(id, { received: 0, done: resolve });
        timer = setTimeout(resolve, ACK_TIMEOUT_MS);
      });
      try {
        const heard = await publisher.publish(changes, JSON.stringify({ id, change } satisfies Message));
        const wait = waiting.get(id);
        if (wait) {
          // Acknowledgements may arrive before PUBLISH answers; they were counted already.
          wait.heard = heard;
          settle(wait);
        }
        await acknowledged;
      } catch (err) {
        // Redis is down: every instance's subscription is down too, and none serves from its cache.
        onError(err);
      } finally {
        clearTimeout(timer);
        waiting.delete(id);
      }
    },
  });
  app.addHook('onClose', async () => {
    live = false;
    for (const wait of waiting.values()) wait.done();
    await Promise.allSettled([publisher.quit(), subscriber.quit()]);
  });
});
