import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createDb } from '@ona/db';
import { readSettings } from '../env.ts';
import { CREATE_ADMIN_LINK_LIFETIME_DAYS, CreateAdminRefused, createFirstAdministrator } from '../modules/setup/create-admin.ts';

/**
 * `npm run create-admin -- --email a@b.c --organization "Acme" [--name "Ann Admin"] [--language en]`:
 * the scripted twin of the set-up link. Opens the database the server would (DATABASE_URL or
 * DATA_DIR), migrates it, creates the first organisation and administrator and prints a link that
 * sets the administrator's password. Exit code 1 with a message when refused.
 */
const USAGE = 'Usage: npm run create-admin -- --email <e-mail> --organization <name> [--name <full name>] [--language hu|en|de|ru]';

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: { email: { type: 'string' }, organization: { type: 'string' }, name: { type: 'string' }, language: { type: 'string' }, help: { type: 'boolean' } },
      strict: true,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 1;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (!values.email || !values.organization) {
    console.error(`Both --email and --organization are needed.\n${USAGE}`);
    return 1;
  }
  let handle;
  let settings;
  try {
    settings = readSettings();
    handle = await createDb(settings.DATABASE_URL ? { url: settings.DATABASE_URL, poolSize: 2 } : { dataDir: resolve(settings.DATA_DIR) });
  } catch (error) {
    // Bad settings, an unreachable database, an embedded database held by a running server.
    console.error(`Cannot open the database: ${(error as Error).message}`);
    return 1;
  }
  try {
    const base = settings.PUBLIC_URL ?? `http://127.0.0.1:${settings.PORT}`;
    const created = await createFirstAdministrator(
      handle.db,
      { email: values.email, organizationName: values.organization, ...(values.language ? { language: values.language } : {}), ...(values.name ? { name: values.name } : {}) },
      base,
    );
    console.log(`Created the organisation "${created.organization.name}" and its administrator ${created.user.email}.`);
    console.log(`Password-set link (one-time, valid for ${CREATE_ADMIN_LINK_LIFETIME_DAYS} days): ${created.link}`);
    return 0;
  } catch (error) {
    if (error instanceof CreateAdminRefused) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main();
