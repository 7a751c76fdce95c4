import fp from 'fastify-plugin';
import type { Database, DbHandle } from '@ona/db';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    dbKind: DbHandle['kind'];
  }
}

/** The database handle is opened by the caller (server or test) and closed with the app. */
export const dbPlugin = fp<{ handle: DbHandle; closeWithApp: boolean }>(async (app, { handle, closeWithApp }) => {
  app.decorate('db', handle.db);
  app.decorate('dbKind', handle.kind);
  if (closeWithApp) app.addHook('onClose', async () => handle.close());
});
