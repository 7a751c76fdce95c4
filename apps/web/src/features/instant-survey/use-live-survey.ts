import type { TInstantSocketHello, TInstantSocketMessage } from '@ona/contracts';
import { useEffect, useRef, useState } from 'react';

type TLiveAuth = Omit<TInstantSocketHello, 'type'>;
const MAX_BACKOFF_MS = 10_000;

/** `surveyId`: the host's numeric id, or the public id for a participant. */
function socketUrl(surveyId: number | string): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/ws/instant-survey/${surveyId}/`;
}

/** What one frame of the socket asks of the page. */
export type TLiveFrame = { kind: 'ready' } | { kind: 'reload' } | { kind: 'message'; message: TInstantSocketMessage } | { kind: 'ignored' };

/**
 * `ready`: the socket is live (the page reloads: it may have missed messages while connecting);
 * `reload`: the server's subscription behind the socket was gone for a while (`refetch`), so what
 * it carried meanwhile is lost, as after a reconnection; anything unreadable is ignored.
 */
export function readLiveFrame(text: string, read: (data: unknown) => TInstantSocketMessage | null): TLiveFrame {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { kind: 'ignored' };
  }
  if (typeof data === 'object' && data !== null && 'type' in data && data.type === 'ready') return { kind: 'ready' };
  const message = read(data);
  if (!message) return { kind: 'ignored' };
  return message.type === 'refetch' ? { kind: 'reload' } : { kind: 'message', message };
}

/**
 * One socket per survey (spec §4). It reconnects by itself after a dropped connection, and every
 * (re)connection counts as "something may have changed" (`onMessage(null)`): messages sent while
 * the socket was down are not replayed, so the page reloads what it shows instead. So does a
 * `refetch` message: the socket stayed up, but the server's subscription behind it was gone for a
 * while (docs/instant-survey.md, "Live messages").
 */
export function useLiveSurvey(
  surveyId: number | string,
  auth: TLiveAuth | null,
  onMessage: (message: TInstantSocketMessage | null) => void,
  /** Turns a message into its shape, null for one to ignore: the host checks it with zod, the participant's small entry trusts the server (participant-api.ts). */
  read: (data: unknown) => TInstantSocketMessage | null,
): boolean {
  const [connected, setConnected] = useState(false);
  const handler = useRef(onMessage);
  handler.current = onMessage;
  const reader = useRef(read);
  reader.current = read;
  const token = auth?.token ?? null;
  const instantToken = auth?.instant_token ?? null;

  useEffect(() => {
    if (!token && !instantToken) return undefined;
    let socket: WebSocket | null = null;
    let stopped = false;
    let attempt = 0;
    let retryTimer: number | undefined;

    const connect = () => {
      socket = new WebSocket(socketUrl(surveyId));
      socket.addEventListener('open', () => {
        const hello: TInstantSocketHello = { type: 'auth', ...(token ? { token } : {}), ...(instantToken ? { instant_token: instantToken } : {}) };
        socket?.send(JSON.stringify(hello));
      });
      socket.addEventListener('message', (event: MessageEvent<string>) => {
        const frame = readLiveFrame(event.data, reader.current);
        if (frame.kind === 'ready') {
          attempt = 0;
          setConnected(true);
          handler.current(null);
        } else if (frame.kind === 'reload') handler.current(null);
        else if (frame.kind === 'message') handler.current(frame.message);
      });
      socket.addEventListener('close', (event: CloseEvent) => {
        setConnected(false);
        // 44xx: the server refused this token; trying again would not change its mind.
        if (stopped || (event.code >= 4400 && event.code < 4500)) return;
        attempt += 1;
        retryTimer = window.setTimeout(connect, Math.min(MAX_BACKOFF_MS, 500 * 2 ** attempt));
      });
    };
    connect();
    return () => {
      stopped = true;
      window.clearTimeout(retryTimer);
      socket?.close();
    };
  }, [surveyId, token, instantToken]);

  return connected;
}
