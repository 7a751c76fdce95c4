import { performance } from 'node:perf_hooks';
import { LiveSocketClient } from '../../apps/server/src/modules/instant-survey/live-socket-client.ts';
import type { InstantSeed } from './survey-saves.ts';

export interface InstantFigures {
  savesPerSecond: number;
  p50: number;
  p99: number;
  /** From sending a save to the host's `answer` message about it. */
  hostP50: number;
  hostP99: number;
  failed: number;
  /** Acknowledged saves whose `answer` message never reached the host. */
  unheard: number;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A room of participants saving while the host's socket watches: `inFlight` workers, each with its
 * own share of the participants (so one answer is never in flight twice), save freetext answers
 * with a growing sequence for `seconds` (after a 2-second warm-up). Every participant's socket is
 * open too, as in a real room, unless `connectParticipants` is false.
 */
export async function runInstantLoad(options: {
  base: string;
  survey: InstantSeed;
  hostToken: string;
  seconds: number;
  inFlight: number;
  connectParticipants: boolean;
  nextAddress: () => string;
}): Promise<InstantFigures> {
  const { base, survey, inFlight, nextAddress } = options;
  const ws = base.replace(/^http/, 'ws');
  const sentAt = new Map<string, number>();
  let hostTimes: number[] = [];
  const host = new WebSocket(`${ws}/ws/instant-survey/${survey.survey.id}/`);
  await new Promise<void>((resolve, reject) => {
    host.addEventListener('open', () => host.send(JSON.stringify({ type: 'auth', token: options.hostToken })));
    host.addEventListener('error', () => reject(new Error('host socket error')));
    host.addEventListener('message', (event: MessageEvent) => {
      const message = JSON.parse(String(event.data)) as { type: string; participant?: number; question?: number };
      if (message.type === 'ready') resolve();
      if (message.type !== 'answer') return;
      const key = `${message.participant}:${message.question}`;
      const t = sentAt.get(key);
      if (t === undefined) return;
      hostTimes.push(performance.now() - t);
      sentAt.delete(key);
    });
  });

  const sockets: LiveSocketClient[] = [];
  if (options.connectParticipants) {
    let next = 0;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        for (let i = next++; i < survey.participants.length; i = next++) {
          const socket = new LiveSocketClient({ keep: false });
          await socket.connect(ws, survey.survey.public_id, { instant_token: survey.participants[i]!.token }, { 'x-forwarded-for': nextAddress() });
          sockets.push(socket);
        }
      }),
    );
  }

  let sequence = Date.now() * 10;
  const run = async (seconds: number) => {
    const saveTimes: number[] = [];
    let failed = 0;
    hostTimes = [];
    const deadline = performance.now() + seconds * 1000;
    const workers = Math.min(inFlight, survey.participants.length);
    await Promise.all(
      Array.from({ length: workers }, async (_, worker) => {
        const mine = survey.participants.filter((_, i) => i % workers === worker);
        for (let round = 0; performance.now() < deadline; round++) {
          const participant = mine[round % mine.length]!;
          const question = survey.survey.questions[Math.floor(round / mine.length) % survey.survey.questions.length]!.id;
          const key = `${participant.id}:${question}`;
          sequence += 1;
          const t0 = performance.now();
          sentAt.set(key, t0);
          const res = await fetch(`${base}/api/instant-survey/surveys/${survey.survey.public_id}/save-answer/`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `InstantToken ${participant.token}`, 'x-forwarded-for': nextAddress() },
            body: JSON.stringify({ question_id: question, value: { type: 'freetext', text: `answer ${sequence}` }, sequence }),
          });
          await res.arrayBuffer();
          saveTimes.push(performance.now() - t0);
          if (res.status !== 200) {
            failed += 1;
            sentAt.delete(key);
          }
        }
      }),
    );
    // The last messages may still be on their way.
    for (let i = 0; i < 40 && sentAt.size > 0; i++) await pause(50);
    const unheard = sentAt.size;
    sentAt.clear();
    return {
      savesPerSecond: saveTimes.length / seconds,
      p50: percentile(saveTimes, 50),
      p99: percentile(saveTimes, 99),
      hostP50: percentile(hostTimes, 50),
      hostP99: percentile(hostTimes, 99),
      failed,
      unheard,
    };
  };
  await run(2);
  const figures = await run(options.seconds);
  host.close();
  for (const socket of sockets) socket.close();
  return figures;
}
