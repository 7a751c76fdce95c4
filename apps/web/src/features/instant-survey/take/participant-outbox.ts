import type { TInstantSaveAnswer } from '@ona/contracts';

/** A save that could not be sent: an answer (its sequence fixed when it was made) or the finish. */
export type TOutboxItem = { kind: 'answer'; body: TInstantSaveAnswer & { sequence: number } } | { kind: 'finish'; currentQuestionIndex: number };

type TStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const storageKey = (token: string) => `ona.instant-outbox.${token}`;

/**
 * The participant's saves made without a connection, kept in order (and in local storage, so a
 * reload while offline loses nothing) until they can be sent. A newer answer to a question
 * replaces the waiting one; each answer keeps the sequence it was made with, so sending it twice
 * (a request that got through while its answer was lost) stores it once (the server keeps one
 * answer per question and ignores a sequence it already has).
 */
export class ParticipantOutbox {
  private items: TOutboxItem[];
  private flushing: Promise<boolean> | null = null;

  constructor(
    private readonly token: string,
    /** Sends one item (also used directly while online, so both paths send alike). */
    readonly send: (item: TOutboxItem) => Promise<void>,
    /** True for an error that means "no connection": the item stays and is tried later. */
    private readonly isConnectionLost: (error: unknown) => boolean,
    private readonly store: TStore | null = typeof localStorage === 'undefined' ? null : localStorage,
  ) {
    this.items = this.read();
  }

  get size(): number {
    return this.items.length;
  }

  /** True when the finish waits among the items (the thank-you page comes once it is sent). */
  get finishWaiting(): boolean {
    return this.items.some((item) => item.kind === 'finish' || (item.kind === 'answer' && item.body.finished === true));
  }

  add(item: TOutboxItem): void {
    this.items = this.items.filter((kept) => !(item.kind === 'answer' && kept.kind === 'answer' && kept.body.question_id === item.body.question_id) && !(item.kind === 'finish' && kept.kind === 'finish'));
    this.items.push(item);
    this.write();
  }

  /**
   * Sends the waiting items in order. True when none is left; false when the connection is still
   * down. Any other error (the survey closed meanwhile) drops that item and is thrown: sending it
   * again would only be refused again.
   */
  flush(): Promise<boolean> {
    this.flushing ??= this.sendAll().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async sendAll(): Promise<boolean> {
    while (this.items.length > 0) {
      const item = this.items[0]!;
      try {
        await this.send(item);
      } catch (error) {
        if (this.isConnectionLost(error)) return false;
        this.items.shift();
        this.write();
        throw error;
      }
      this.items.shift();
      this.write();
    }
    return true;
  }

  private read(): TOutboxItem[] {
    try {
      const kept: unknown = JSON.parse(this.store?.getItem(storageKey(this.token)) ?? '[]');
      return Array.isArray(kept) ? (kept as TOutboxItem[]) : [];
    } catch {
      return [];
    }
  }

  private write(): void {
    try {
      if (this.items.length === 0) this.store?.removeItem(storageKey(this.token));
      else this.store?.setItem(storageKey(this.token), JSON.stringify(this.items));
    } catch {
      // Storage full or refused (private mode): the items still wait in memory.
    }
  }
}
