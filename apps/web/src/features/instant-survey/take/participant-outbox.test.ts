import { describe, expect, it } from 'vitest';
import { ParticipantOutbox, type TOutboxItem } from './participant-outbox.ts';

class MemoryStore {
  readonly data = new Map<string, string>();
  getItem = (key: string) => this.data.get(key) ?? null;
  setItem = (key: string, value: string) => void this.data.set(key, value);
  removeItem = (key: string) => void this.data.delete(key);
}

const offline = new Error('offline');
const answer = (question: number, text: string, sequence: number, finished = false): TOutboxItem => ({
  kind: 'answer',
  body: { question_id: question, value: { type: 'freetext', text }, current_question_index: question, finished, sequence },
});

describe('ParticipantOutbox', () => {
  it('keeps saves while offline, the newest per question, across a reload, and sends them in order once', async () => {
    const store = new MemoryStore();
    let online = false;
    const sent: TOutboxItem[] = [];
    const send = async (item: TOutboxItem) => {
      if (!online) throw offline;
      sent.push(item);
    };
    const outbox = new ParticipantOutbox('t1', send, (error) => error === offline, store);
    outbox.add(answer(1, 'first', 10));
    outbox.add(answer(2, 'second', 11));
    outbox.add(answer(1, 'first, changed', 12, false));
    outbox.add({ kind: 'finish', currentQuestionIndex: 2 });
    expect(await outbox.flush()).toBe(false);
    expect(outbox.finishWaiting).toBe(true);

    // A reload while offline: a new outbox of the same participant finds them.
    const reloaded = new ParticipantOutbox('t1', send, (error) => error === offline, store);
    expect(reloaded.size).toBe(3);
    online = true;
    expect(await reloaded.flush()).toBe(true);
    expect(sent.map((item) => (item.kind === 'answer' ? `${item.body.question_id}:${item.body.sequence}` : 'finish'))).toEqual(['2:11', '1:12', 'finish']);
    expect(reloaded.size).toBe(0);
    expect(store.data.size).toBe(0);
    expect(await reloaded.flush()).toBe(true);
    expect(sent).toHaveLength(3);
  });

  it('drops an item the server refuses and reports it, then goes on with the others', async () => {
    const refused = new Error('409');
    const sent: number[] = [];
    const outbox = new ParticipantOutbox('t2', async (item) => {
      if (item.kind === 'answer' && item.body.question_id === 1) throw refused;
      if (item.kind === 'answer') sent.push(item.body.question_id);
    }, (error) => error === offline, new MemoryStore());
    outbox.add(answer(1, 'a', 1));
    outbox.add(answer(2, 'b', 2));
    await expect(outbox.flush()).rejects.toBe(refused);
    expect(await outbox.flush()).toBe(true);
    expect(sent).toEqual([2]);
  });
});
