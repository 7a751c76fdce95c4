import { describe, expect, it } from 'vitest';
import { AnswerSaveQueue, type TSaveStatus } from './answer-save-queue.ts';

type TCall = { questionId: number; selection: number[]; resolve: () => void; reject: (error: unknown) => void };

/** A send whose requests stay open until the test settles them, like a slow network. */
function controllableSend() {
  const calls: TCall[] = [];
  const send = (questionId: number, selection: number[]) =>
    new Promise<void>((resolve, reject) => calls.push({ questionId, selection, resolve, reject }));
  return { calls, send };
}

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('AnswerSaveQueue', () => {
  it('sends a change at once and reports it saved', async () => {
    const { calls, send } = controllableSend();
    const statuses: TSaveStatus[] = [];
    const queue = new AnswerSaveQueue({ send, onStatus: (_, status) => statuses.push(status) });
    const done = queue.save(7, [1, 2]);
    expect(calls.map((call) => call.selection)).toEqual([[1, 2]]);
    expect(queue.hasUnsaved()).toBe(true);
    calls[0]?.resolve();
    await done;
    expect(statuses).toEqual(['saving', 'saved']);
    expect(queue.hasUnsaved()).toBe(false);
  });

  it('never has two requests of one question in flight and sends only the newest waiting choice', async () => {
    const { calls, send } = controllableSend();
    const queue = new AnswerSaveQueue({ send });
    const done = queue.save(7, [1]);
    void queue.save(7, [1, 2]);
    void queue.save(7, [1, 2, 3]);
    expect(calls).toHaveLength(1);
    calls[0]?.resolve();
    await flush();
    expect(calls.map((call) => call.selection)).toEqual([[1], [1, 2, 3]]);
    calls[1]?.resolve();
    await done;
    expect(queue.status(7)).toBe('saved');
  });

  it('saves different questions independently', () => {
    const { calls, send } = controllableSend();
    const queue = new AnswerSaveQueue({ send });
    void queue.save(1, [5]);
    void queue.save(2, [6]);
    expect(calls.map((call) => call.questionId)).toEqual([1, 2]);
  });

  it('retries a failed save and succeeds', async () => {
    let attempts = 0;
    const waits: number[] = [];
    const queue = new AnswerSaveQueue({
      send: async () => {
        attempts += 1;
        if (attempts < 3) throw new Error('offline');
      },
      wait: async (ms) => void waits.push(ms),
      retryDelayMs: (attempt) => (attempt + 1) * 100,
    });
    await queue.save(3, [9]);
    expect(attempts).toBe(3);
    expect(waits).toEqual([100, 200]);
    expect(queue.status(3)).toBe('saved');
  });

  it('reports a save that keeps failing and sends it again on retry', async () => {
    let online = false;
    const sent: number[][] = [];
    const failures: unknown[] = [];
    const queue = new AnswerSaveQueue({
      send: async (_, selection) => {
        if (!online) throw new Error('offline');
        sent.push(selection);
      },
      wait: async () => undefined,
      onFailure: (_, error) => failures.push(error),
    });
    await queue.save(3, [4, 5]);
    expect(queue.status(3)).toBe('failed');
    expect(failures).toHaveLength(1);
    expect(queue.hasUnsaved()).toBe(true);
    online = true;
    await queue.retry(3);
    expect(sent).toEqual([[4, 5]]);
    expect(queue.status(3)).toBe('saved');
  });

  it('does not repeat a refusal that is not worth retrying', async () => {
    let attempts = 0;
    const queue = new AnswerSaveQueue({
      send: async () => {
        attempts += 1;
        throw new Error('survey closed');
      },
      isRetryable: () => false,
      wait: async () => undefined,
    });
    await queue.save(1, [2]);
    expect(attempts).toBe(1);
    expect(queue.status(1)).toBe('failed');
  });
});

describe('AnswerSaveQueue.whenIdle', () => {
  it('resolves true at once when nothing is pending', async () => {
    const queue = new AnswerSaveQueue({ send: async () => undefined });
    await expect(queue.whenIdle()).resolves.toBe(true);
  });

  it('waits for saves in flight and tells whether all of them were stored', async () => {
    const { calls, send } = controllableSend();
    const queue = new AnswerSaveQueue({ send, isRetryable: () => false });
    void queue.save(1, [1]);
    void queue.save(2, [2]);
    const idle = queue.whenIdle();
    calls[0]?.resolve();
    calls[1]?.reject(new Error('refused'));
    await expect(idle).resolves.toBe(false);
  });

  it('keeps a save through a dropped connection, without limit, and sends only the newest choice when it returns', async () => {
    const { calls, send } = controllableSend();
    const statuses: TSaveStatus[] = [];
    let connectionBack: () => void = () => undefined;
    const offline = new Error('offline');
    const queue = new AnswerSaveQueue({
      send,
      retries: 0,
      isOffline: (error) => error === offline,
      connectionBack: () => new Promise<void>((resolve) => (connectionBack = resolve)),
      onStatus: (_, status) => statuses.push(status),
    });
    let idle: boolean | null = null;
    void queue.save(7, [1]);
    calls[0]?.reject(offline);
    await flush();
    expect(queue.status(7)).toBe('offline');
    void queue.whenIdle().then((allSaved) => (idle = allSaved));
    // Five tries while offline: still waiting, never failed.
    for (let i = 0; i < 4; i += 1) {
      connectionBack();
      await flush();
      calls.at(-1)?.reject(offline);
      await flush();
    }
    expect(queue.status(7)).toBe('offline');
    void queue.save(7, [1, 2]);
    expect(queue.status(7)).toBe('offline');
    connectionBack();
    await flush();
    calls.at(-1)?.resolve();
    await flush();
    expect(calls.at(-1)?.selection).toEqual([1, 2]);
    expect(queue.status(7)).toBe('saved');
    expect(idle).toBe(true);
    expect(statuses).not.toContain('failed');
  });
});
