import { ApiError } from '../../errors/api-error.ts';

/**
 * A small counting semaphore: at most `size` holders at once, at most `queue` waiting; beyond that
 * the caller is refused at once with 503 `uploads_busy` (the error handler adds nothing; the route
 * answers with Retry-After through the error's status).
 */
export class UploadSlots {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly size: number,
    private readonly queue: number,
  ) {}

  get inUse(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiting.length;
  }

  async acquire(): Promise<() => void> {
    if (this.active < this.size) {
      this.active++;
    } else {
      if (this.waiting.length >= this.queue) throw new ApiError(503, 'uploads_busy', 'uploads.errors.busy');
      // The releasing holder hands its slot straight to the first waiter (active stays the same).
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    };
  }
}
