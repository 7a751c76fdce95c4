/** `offline`: the save waits for the connection to return (it is kept and sent then, never given up). */
export type TSaveStatus = 'saved' | 'saving' | 'offline' | 'failed';

type TQueueOptions = {
  send: (questionId: number, selectedUsers: number[]) => Promise<void>;
  /** Attempts after the first one for an error worth repeating (network, 5xx). */
  retries?: number;
  retryDelayMs?: (attempt: number) => number;
  isRetryable?: (error: unknown) => boolean;
  /** An error meaning "no connection": the save waits for `connectionBack` and is sent again, without limit. */
  isOffline?: (error: unknown) => boolean;
  /** Resolves when the connection may be back (the browser's `online` event, or a while later). */
  connectionBack?: () => Promise<void>;
  wait?: (ms: number) => Promise<void>;
  onStatus?: (questionId: number, status: TSaveStatus) => void;
  onFailure?: (questionId: number, error: unknown) => void;
};

type TQuestionState = { next: number[] | null; running: boolean; status: TSaveStatus };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Saves every change of an answer at once, one request per question at a time: a newer selection
 * made while one is on its way is sent after it (only the newest), so requests never overtake each
 * other and the server ends with the last choice. A failed save is retried, then reported and kept
 * to be retried by hand. Without a connection a save is not given up: it waits (status `offline`)
 * until the connection returns and is sent then, the newest choice only, so nothing is lost or
 * sent twice over (each attempt carries a larger sequence; the server keeps the newest).
 */
export class AnswerSaveQueue {
  private readonly questions = new Map<number, TQuestionState>();
  private idleWaiters: ((allSaved: boolean) => void)[] = [];
  private readonly options: Required<Omit<TQueueOptions, 'onStatus' | 'onFailure'>> & Pick<TQueueOptions, 'onStatus' | 'onFailure'>;

  constructor(options: TQueueOptions) {
    this.options = {
      retries: 2,
      retryDelayMs: (attempt) => 800 * 2 ** attempt,
      isRetryable: () => true,
      isOffline: () => false,
      connectionBack: () => sleep(5000),
      wait: sleep,
      ...options,
    };
  }

  save(questionId: number, selectedUsers: readonly number[]): Promise<void> {
    const state = this.state(questionId);
    state.next = [...selectedUsers];
    // Still offline: the new choice waits with the one before it.
    if (state.status !== 'offline') this.setStatus(questionId, state, 'saving');
    return state.running ? Promise.resolve() : this.drain(questionId, state);
  }

  /** Sends again the selection whose save failed. */
  retry(questionId: number): Promise<void> {
    const state = this.questions.get(questionId);
    if (!state || state.running || state.next === null) return Promise.resolve();
    this.setStatus(questionId, state, 'saving');
    return this.drain(questionId, state);
  }

  status(questionId: number): TSaveStatus {
    return this.questions.get(questionId)?.status ?? 'saved';
  }

  /** Resolves once nothing is on its way: true when every answer is stored, false when one failed. */
  whenIdle(): Promise<boolean> {
    if (!this.isBusy()) return Promise.resolve(!this.hasUnsaved());
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private isBusy(): boolean {
    for (const state of this.questions.values()) if (state.status === 'saving' || state.status === 'offline') return true;
    return false;
  }

  /** True while a change is not yet stored (the page warns before it is closed). */
  hasUnsaved(): boolean {
    for (const state of this.questions.values()) if (state.status !== 'saved') return true;
    return false;
  }

  private state(questionId: number): TQuestionState {
    let state = this.questions.get(questionId);
    if (!state) {
      state = { next: null, running: false, status: 'saved' };
      this.questions.set(questionId, state);
    }
    return state;
  }

  private setStatus(questionId: number, state: TQuestionState, status: TSaveStatus): void {
    if (state.status === status) return;
    state.status = status;
    this.options.onStatus?.(questionId, status);
    if (status !== 'saving' && status !== 'offline' && !this.isBusy()) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      const allSaved = !this.hasUnsaved();
      for (const resolve of waiters) resolve(allSaved);
    }
  }

  private async drain(questionId: number, state: TQuestionState): Promise<void> {
    state.running = true;
    try {
      while (state.next !== null) {
        const selection = state.next;
        state.next = null;
        const error = await this.sendWithRetries(questionId, selection, state);
        if (error !== undefined) {
          // Keep the failed choice unless a newer one arrived meanwhile; that one is tried next time.
          state.next ??= selection;
          this.setStatus(questionId, state, 'failed');
          this.options.onFailure?.(questionId, error);
          return;
        }
      }
      this.setStatus(questionId, state, 'saved');
    } finally {
      state.running = false;
    }
  }

  /** Resolves undefined when stored or superseded by a newer selection, the last error otherwise. */
  private async sendWithRetries(questionId: number, selection: number[], state: TQuestionState): Promise<unknown> {
    const { send, retries, retryDelayMs, isRetryable, isOffline, connectionBack, wait } = this.options;
    for (let attempt = 0; ; attempt += 1) {
      try {
        await send(questionId, selection);
        return undefined;
      } catch (error) {
        if (isOffline(error)) {
          this.setStatus(questionId, state, 'offline');
          await connectionBack();
          this.setStatus(questionId, state, 'saving');
          // A newer selection made while offline replaces this one; the drain loop sends it.
          if (state.next !== null) return undefined;
          attempt = -1;
          continue;
        }
        // A newer selection arrived meanwhile: it replaces this one, so repeating the old is pointless.
        if (state.next !== null && isRetryable(error)) return undefined;
        if (attempt >= retries || !isRetryable(error)) return error ?? new Error('save failed');
        await wait(retryDelayMs(attempt));
      }
    }
  }
}
