import { ZInstantSocketMessage, type TInstantSocketMessage } from '@ona/contracts';
import { describe, expect, it } from 'vitest';
import { readLiveFrame } from './use-live-survey.ts';

/** The host page's reader: each message checked against its contracts schema. */
const readHostMessage = (data: unknown): TInstantSocketMessage | null => {
  const parsed = ZInstantSocketMessage.safeParse(data);
  return parsed.success ? parsed.data : null;
};

describe('what a frame of the live socket asks of the page', () => {
  it('refetch (the server’s subscription was gone for a while) reloads the page as a reconnection does', () => {
    expect(readLiveFrame('{"type":"refetch","survey":7}', readHostMessage)).toEqual({ kind: 'reload' });
    expect(readLiveFrame('{"type":"ready","role":"host"}', readHostMessage)).toEqual({ kind: 'ready' });
  });

  it('passes the survey’s messages on and ignores what it cannot read', () => {
    const answer = { type: 'answer', survey: 7, participant: 3, question: 4, sent_at: 1 };
    expect(readLiveFrame(JSON.stringify(answer), readHostMessage)).toEqual({ kind: 'message', message: answer });
    expect(readLiveFrame('not json', readHostMessage)).toEqual({ kind: 'ignored' });
    expect(readLiveFrame('{"type":"unknown"}', readHostMessage)).toEqual({ kind: 'ignored' });
  });
});
