import { ScimError } from './scim-error.ts';

/**
 * How much SCIM work one server instance does at once. An identity provider may send hundreds of
 * requests together (Entra ID's first cycle, a script's POST storm); without a gate each would take
 * a pooled connection and the rest of the product would wait behind them, and requests that wait
 * past the pool's connection timeout would fail. Here they wait their turn in order instead, and
 * once too many wait, the client is told to come back (429 with Retry-After, which Entra ID and
 * Okta honour).
 */
export class ScimGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly maxWaiting: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) throw new ScimError(429, 'Too many SCIM requests at once; retry after the time in Retry-After');
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      // The turn passes straight to the next in line, so `running` stays as it is.
      if (next) next();
      else this.running -= 1;
    }
  }
}
