import { ZInstantSocketMessage, type TInstantSocketMessage } from '@ona/contracts';

/**
 * Node's WebSocket (undici) takes an init with headers. Its type is lost once any package's types
 * pull in lib.dom (@xmldom/xmldom's do, for SAML), whose constructor knows only protocols; this
 * names the constructor Node actually has.
 */
const NodeWebSocket = WebSocket as unknown as new (url: string, init: { headers?: Record<string, string> }) => WebSocket;

/**
 * A test and benchmark client of /ws/instant-survey/{id}/ on Node's built-in WebSocket: connects,
 * authenticates with the first message, and collects what arrives.
 */
export class LiveSocketClient {
  readonly messages: TInstantSocketMessage[] = [];
  /** How many live messages arrived (also when they are not kept). */
  received = 0;
  closeCode: number | null = null;
  private readonly waiters = new Set<() => void>();
  private socket: WebSocket | null = null;

  private notify(): void {
    for (const waiter of [...this.waiters]) waiter();
  }

  /** Resolves once the server answered `ready` (the subscription is live), rejects if it closes first. */
  /** `keep: false` only counts messages (a benchmark's thousand sockets need not hold them all). */
  constructor(private readonly options: { keep?: boolean } = {}) {}

  async connect(baseWsUrl: string, surveyId: number | string, auth: { token?: string; instant_token?: string }, headers: Record<string, string> = {}): Promise<void> {
    const socket = new NodeWebSocket(`${baseWsUrl}/ws/instant-survey/${surveyId}/`, { headers });
    this.socket = socket;
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => socket.send(JSON.stringify({ type: 'auth', ...auth })));
      socket.addEventListener('message', (event: MessageEvent) => {
        const data: unknown = JSON.parse(String(event.data));
        if (typeof data === 'object' && data !== null && 'type' in data && data.type === 'ready') resolve();
        else this.received += 1;
        if (this.options.keep === false) return;
        const parsed = ZInstantSocketMessage.safeParse(data);
        if (parsed.success) this.messages.push(parsed.data);
        this.notify();
      });
      socket.addEventListener('close', (event: CloseEvent) => {
        this.closeCode = event.code;
        reject(new Error(`socket closed with ${event.code}`));
        this.notify();
      });
      socket.addEventListener('error', () => reject(new Error('socket error')));
    });
  }

  /** Waits for a message matching `predicate` (the test's own timeout bounds the wait). */
  waitFor(predicate: (message: TInstantSocketMessage) => boolean): Promise<TInstantSocketMessage> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.messages.find(predicate);
        if (found) {
          this.waiters.delete(check);
          resolve(found);
        } else if (this.closeCode !== null) {
          this.waiters.delete(check);
          reject(new Error(`socket closed with ${this.closeCode}`));
        }
      };
      this.waiters.add(check);
      check();
    });
  }

  /** Resolves with the close code once the server has closed the socket. */
  closed(): Promise<number> {
    return new Promise((resolve) => {
      const check = () => {
        if (this.closeCode !== null) {
          this.waiters.delete(check);
          resolve(this.closeCode);
        }
      };
      this.waiters.add(check);
      check();
    });
  }

  close(): void {
    this.socket?.close();
  }
}
