import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

export type AnswerEncoding = 'br' | 'gzip';

/** One serialised answer: the JSON as sent, its strong ETag, and compressed copies made on demand. */
export interface KeptAnswer {
  etag: string;
  body: Buffer;
  encoded: Partial<Record<AnswerEncoding, Promise<Buffer>>>;
  /** Bytes held, the compressed copies included once made. */
  bytes: number;
}

/** Memory kept per instance for answers unless ANSWER_MEMORY_MB says otherwise; the least recently used go first. */
export const DEFAULT_ANSWER_MEMORY_BYTES = 256 * 1024 * 1024;
/**
 * How long the shared tier keeps an answer. Keys carry every version the answer depends on, so a
 * stale answer is never asked for again; the expiry only returns the memory.
 */
const SHARED_SECONDS = 60 * 60;

const compressors: Record<AnswerEncoding, (body: Buffer) => Promise<Buffer>> = {
  // Compressed once per answer, so a better ratio than the per-request default pays off.
  br: (body) => promisify(brotliCompress)(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body) => promisify(gzip)(body, { level: 9 }),
};

/**
 * Analysis answers serialised once and kept: in this instance's memory (bounded), and in Redis
 * when REDIS_URL is set, so that every instance behind a load balancer serves what one built.
 * Keys are opaque hashes of everything the answer depends on (see kept-answer-reply.ts).
 */
export class KeptAnswers {
  private readonly memory: LRUCache<string, KeptAnswer>;
  private readonly building = new Map<string, Promise<KeptAnswer>>();

  constructor(
    private readonly redis: Redis | null,
    private readonly prefix: string,
    private readonly onSharedTierError: (err: unknown) => void,
    memoryBytes = DEFAULT_ANSWER_MEMORY_BYTES,
  ) {
    this.memory = new LRUCache<string, KeptAnswer>({ maxSize: memoryBytes, sizeCalculation: (answer) => Math.max(1, answer.bytes) });
  }

  private sharedKey(key: string): string {
    return `${this.prefix}analysis-answer:${key}`;
  }

  /** The ETag of a kept answer, without fetching its body from the shared tier. */
  async etagOf(key: string): Promise<string | undefined> {
    const local = this.memory.get(key);
    if (local || !this.redis) return local?.etag;
    try {
      return (await this.redis.hget(this.sharedKey(key), 'etag')) ?? undefined;
    } catch (err) {
      this.onSharedTierError(err);
      return undefined;
    }
  }

  /** The kept answer, else the one `build` makes (once, however many requests ask at the same time). */
  async getOrBuild(key: string, build: () => Promise<{ etag: string; body: Buffer }>): Promise<KeptAnswer> {
    const local = this.memory.get(key);
    if (local) return local;
    const pending = this.building.get(key);
    if (pending) return pending;
    const work = this.fetchOrBuild(key, build).finally(() => this.building.delete(key));
    this.building.set(key, work);
    return work;
  }

  /** The answer compressed for `encoding`, made once per kept answer. */
  encoded(answer: KeptAnswer, key: string, encoding: AnswerEncoding): Promise<Buffer> {
    const made = answer.encoded[encoding];
    if (made) return made;
    const making = compressors[encoding](answer.body);
    answer.encoded[encoding] = making;
    void making.then(
      (buffer) => {
        answer.bytes += buffer.length;
        // Stored again so that the memory bound counts the copy.
        if (this.memory.get(key) === answer) this.memory.set(key, answer);
      },
      () => delete answer.encoded[encoding],
    );
    return making;
  }

  private async fetchOrBuild(key: string, build: () => Promise<{ etag: string; body: Buffer }>): Promise<KeptAnswer> {
    const shared = await this.fromSharedTier(key);
    if (shared) return this.keepLocally(key, shared);
    const built = await build();
    const answer = this.keepLocally(key, built);
    if (this.redis) {
      try {
        await this.redis.multi().hset(this.sharedKey(key), { etag: built.etag, body: built.body }).expire(this.sharedKey(key), SHARED_SECONDS).exec();
      } catch (err) {
        this.onSharedTierError(err);
      }
    }
    return answer;
  }

  private async fromSharedTier(key: string): Promise<{ etag: string; body: Buffer } | undefined> {
    if (!this.redis) return undefined;
    try {
      const [etag, body] = await this.redis.hmgetBuffer(this.sharedKey(key), 'etag', 'body');
      return etag && body ? { etag: etag.toString(), body } : undefined;
    } catch (err) {
      this.onSharedTierError(err);
      return undefined;
    }
  }

  private keepLocally(key: string, answer: { etag: string; body: Buffer }): KeptAnswer {
    const kept: KeptAnswer = { etag: answer.etag, body: answer.body, encoded: {}, bytes: answer.body.length };
    this.memory.set(key, kept);
    return kept;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    keptAnswers: KeptAnswers;
  }
}

/** Owns the kept answers of this instance and, with REDIS_URL, its connection to the shared tier. */
export const keptAnswersPlugin = fp<{ redisUrl?: string | undefined; prefix: string; memoryBytes?: number | undefined }>(async (app, options) => {
  const redis = options.redisUrl ? new Redis(options.redisUrl, { maxRetriesPerRequest: 1 }) : null;
  if (redis) {
    // A Redis that is away costs a rebuild, never an error: the answers are built here as well.
    redis.on('error', (err) => app.log.warn({ err }, 'kept analysis answers: Redis unavailable'));
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  }
  app.decorate('keptAnswers', new KeptAnswers(redis, options.prefix, (err) => app.log.warn({ err }, 'kept analysis answers: shared tier skipped'), options.memoryBytes));
});
