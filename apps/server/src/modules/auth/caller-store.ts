/**
 * What changed about signed-in callers: some users (logout, password, deactivation, rights,
 * current organisation), one organisation (archived, renamed, its language), the participants of
 * one instant survey (renamed, removed, the survey deleted), or anything at all (this instance
 * lost the messages of the others).
 */
export type CallerChange = { users: number[] } | { organization: number } | { instantSurvey: number } | { everything: true };

/** Whom of its kind a change concerns; built once per change (a change may name thousands of users). */
export type ChangeConcerns<T> = (change: Exclude<CallerChange, { everything: true }>) => (caller: T) => boolean;

/** The part of a cached caller that says whom a change concerns. */
export interface CallerScope {
  user: { id: number };
  organizationId: number;
  availableOrganizations: { id: number }[];
}

/** Whether a change concerns a signed-in caller (an instant survey's participants are not callers). */
const loginCallerConcerns: ChangeConcerns<CallerScope> = (change) => {
  if ('users' in change) {
    const users = new Set(change.users);
    return (caller) => users.has(caller.user.id);
  }
  if ('organization' in change) return (caller) => caller.organizationId === change.organization || caller.availableOrganizations.some((o) => o.id === change.organization);
  return () => false;
};

interface Entry<T> {
  caller: T;
  expiresAt: number;
}

export interface StoreOptions {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}

/**
 * Whoever a token stands for (a signed-in caller, an instant participant), by the hash of the
 * token, each kept `ttlMs` at most and at most `maxEntries` of them (the oldest go first). A change
 * drops what it concerns and bumps the epoch: a lookup that started before the change (it may have
 * read the old rows) is not kept, so a change is never undone by a slow lookup finishing after it.
 */
export class TokenHolderStore<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private epoch = 0;

  constructor(
    private readonly options: StoreOptions & { concerns: ChangeConcerns<T> },
  ) {}

  private now(): number {
    return this.options.now ? this.options.now() : Date.now();
  }

  get size(): number {
    return this.entries.size;
  }

  /** The epoch to hand back to `set` when the lookup that started now is done. */
  begin(): number {
    return this.epoch;
  }

  get(tokenHash: string): T | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.caller;
  }

  /** Keeps the caller unless a change came after `startedAt` (the epoch of `begin`). */
  set(tokenHash: string, caller: T, startedAt: number): void {
    if (startedAt !== this.epoch) return;
    this.entries.delete(tokenHash);
    if (this.entries.size >= this.options.maxEntries) {
      // Maps iterate in insertion order: the first key is the oldest entry.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(tokenHash, { caller, expiresAt: this.now() + this.options.ttlMs });
  }

  forget(change: CallerChange): void {
    this.epoch += 1;
    if ('everything' in change || this.entries.size === 0) {
      this.entries.clear();
      return;
    }
    const concerned = this.options.concerns(change);
    for (const [tokenHash, entry] of this.entries) if (concerned(entry.caller)) this.entries.delete(tokenHash);
  }
}

/** Signed-in callers of login tokens. */
export class CallerStore<T extends CallerScope> extends TokenHolderStore<T> {
  constructor(options: StoreOptions) {
    super({ ...options, concerns: loginCallerConcerns });
  }
}
