import { createDb } from '@ona/db';
import { buildApp } from './apps/server/src/app.ts';
const db = await createDb({ memory: true });
const app = await buildApp({ db, closeDbWithApp: true, settings: { SMTP_URL: undefined, MAIL_FROM: 'x@ona.example', PUBLIC_URL: undefined, REDIS_URL: undefined }, demoMode: true, pollJobs: false });
await app.listen({ port: Number(process.env.PORT ?? 9311), host: '127.0.0.1' });
console.log('listening');
