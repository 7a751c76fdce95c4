/**
 * The `sequence` of answer saves (employee survey and instant survey): a number that only grows,
 * so that the server can keep the newest answer when an older save arrives late (a request that
 * timed out on its way and then arrived, a replay). It is the clock in milliseconds, but never
 * below the last number given out plus one — also across reloads, because the last one is kept in
 * localStorage — nor below a sequence the server reports as stored (another device's save).
 * One counter for every question: growing overall, it grows per question too.
 */
const STORAGE_KEY = 'ona.save-sequence';

type TStore = Pick<Storage, 'getItem' | 'setItem'>;

export class SaveSequence {
  private last: number;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly store: TStore | null = typeof localStorage === 'undefined' ? null : localStorage,
  ) {
    const kept = Number(this.read());
    this.last = Number.isSafeInteger(kept) && kept > 0 ? kept : 0;
  }

  next(): number {
    this.last = Math.max(this.now(), this.last + 1);
    this.write();
    return this.last;
  }

  /** A sequence the server has stored (from another device): later saves go above it. */
  observe(sequence: number | null | undefined): void {
    if (typeof sequence !== 'number' || sequence <= this.last) return;
    this.last = sequence;
    this.write();
  }

  private read(): string | null {
    try {
      return this.store?.getItem(STORAGE_KEY) ?? null;
    } catch {
      return null;
    }
  }

  private write(): void {
    try {
      this.store?.setItem(STORAGE_KEY, String(this.last));
    } catch {
      // Private mode or a full storage: the clock alone still orders the saves of this page.
    }
  }
}

export const saveSequence = new SaveSequence();
