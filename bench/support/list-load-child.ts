import autocannon from 'autocannon';
import { PerformanceObserver } from 'node:perf_hooks';

/**
 * The load generator of bench/scale-load.bench.ts in a process of its own (forked with an IPC
 * channel): windows of the journeys list at a steady rate, each answered to the parent as one
 * message, then the next window when the parent says `next`, or the end when it says `stop`.
 *
 * Why a process of its own: the bench process holds the generated organisation and reads the
 * database's activity between windows; a long garbage collection there stopped autocannon's clock
 * with requests in flight, and a window's p99 counted the pause as the server's (the brief: the
 * load generator in its own process). Measured 2026-12-04 (autocannon at 100 a second on a trivial
 * server, 10 s windows): with the 100,000-person organisation held, one window's p99 was 841 ms
 * over a 720 ms collection; without it, every window under 25 ms. This process holds nothing but
 * autocannon, and says its own longest collection per window, so that a pause here would show.
 */
export type ListLoadOrder = {
  url: string;
  headers: Record<string, string>;
  /** Requests a second over all connections. */
  rate: number;
  connections: number;
  seconds: number;
  /** The first client address of this process's requests (a number, turned into 10.x.y.z). */
  firstAddress: number;
};
export type ListLoadWindow = { p99: number; rps: number; non2xx: number; errors: number; longestGcMs: number };
export type ListLoadReply = 'next' | 'stop';

let address = 0;
/** A different client address for every request: each states its own (the server trusts the proxy header in the bench), so the per-address limit of 600 a minute does not answer for the server. */
function nextAddress(): string {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
}

let longestGc = 0;
new PerformanceObserver((entries) => {
  for (const entry of entries.getEntries()) longestGc = Math.max(longestGc, entry.duration);
}).observe({ entryTypes: ['gc'] });

async function window(order: ListLoadOrder): Promise<ListLoadWindow> {
  longestGc = 0;
  const result = await autocannon({
    url: order.url,
    connections: order.connections,
    overallRate: order.rate,
    duration: order.seconds,
    setupClient: (client) => client.setRequests([{ method: 'GET', setupRequest: (request) => ({ ...request, headers: { ...order.headers, 'x-forwarded-for': nextAddress() } }) }]),
  });
  return { p99: result.latency.p99, rps: result.requests.average, non2xx: result.non2xx, errors: result.errors, longestGcMs: Math.round(longestGc) };
}

const nextMessage = () => new Promise<unknown>((resolve) => process.once('message', resolve));

const order = (await nextMessage()) as ListLoadOrder;
address = order.firstAddress;
for (;;) {
  process.send?.(await window(order));
  if (((await nextMessage()) as ListLoadReply) === 'stop') break;
}
process.disconnect?.();
