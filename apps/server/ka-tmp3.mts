import Fastify from 'fastify';
import compress from '@fastify/compress';
import { Readable } from 'node:stream';
const ka = Number(process.argv[2] ?? 5000), dur = Number(process.argv[3] ?? 8000);
const app = Fastify({ keepAliveTimeout: ka });
await app.register(compress, { threshold: 1024 });
app.get('/slow', async (_req, reply) => {
  const started = Date.now();
  async function* gen() { let i = 0; while (Date.now() - started < dur) { await new Promise((r) => setTimeout(r, 50)); yield `${i++},`.repeat(10000); } }
  reply.type('text/plain');
  return Readable.from(gen());
});
app.get('/fast', async () => 'ok');
await app.listen({ port: 47999, host: '127.0.0.1' });
for (let k = 0; k < 3; k++) {
const t0 = Date.now();
const a = await fetch('http://127.0.0.1:47999/slow', { headers: { 'accept-encoding': 'br' } }); console.log('slow', a.status, a.headers.get('keep-alive'), a.headers.get('connection'), a.headers.get('content-encoding'), (await a.text()).length, Date.now() - t0);
try { const b = await fetch('http://127.0.0.1:47999/fast'); console.log('fast', b.status, await b.text()); } catch (e) { console.log('fast failed', String(e), String((e as Error).cause)); }
}
await app.close();
