import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createDb } from '@ona/db';
import { readSettings } from '../env.ts';
import { auditKeyFrom, auditSecretOf } from '../modules/audit/audit-chain.ts';
import { chainedOrganizations } from '../modules/audit/audit-repository.ts';
import { pruneAuditLog } from '../modules/audit/audit-retention.ts';
import { verifyAuditChain } from '../modules/audit/audit-verify.ts';

/**
 * `npm run audit:verify [-- --organization <id>]`: says for each organisation whether its audit
 * chain is whole; exit code 1 when one is not. `npm run audit:prune`: removes entries older than
 * AUDIT_RETENTION_DAYS (default 730) in whole segments with a signed checkpoint (the server also
 * does so once a day). Both open the database the server would (DATABASE_URL or DATA_DIR; the
 * embedded database only while no server holds it) and key the chain as the server does.
 */
const USAGE = 'Usage: npm run audit:verify [-- --organization <id>] | npm run audit:prune';

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ allowPositionals: true, options: { organization: { type: 'string' }, help: { type: 'boolean' } }, strict: true });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 1;
  }
  const command = parsed.positionals[0];
  if (parsed.values.help || (command !== 'verify' && command !== 'prune')) {
    console.log(USAGE);
    return parsed.values.help ? 0 : 1;
  }
  let handle;
  let settings;
  try {
    settings = readSettings();
    handle = await createDb(settings.DATABASE_URL ? { url: settings.DATABASE_URL, poolSize: 2 } : { dataDir: resolve(settings.DATA_DIR) });
  } catch (error) {
    console.error(`Cannot open the database: ${(error as Error).message}`);
    return 1;
  }
  const key = auditKeyFrom(auditSecretOf(settings));
  try {
    if (command === 'prune') {
      for (const outcome of await pruneAuditLog(handle.db, key, settings.AUDIT_RETENTION_DAYS, new Date())) {
        console.log(`organisation ${outcome.organizationId}: ${outcome.removed} entries removed${outcome.throughSeq ? ` (through #${outcome.throughSeq})` : ''}`);
      }
      return 0;
    }
    const only = parsed.values.organization ? Number(parsed.values.organization) : undefined;
    const organizations = only !== undefined ? [only] : await chainedOrganizations(handle.db);
    let broken = 0;
    for (const organizationId of organizations) {
      const result = await verifyAuditChain(handle.db, key, organizationId);
      const span = result.first_seq === null ? 'no entries' : `#${result.first_seq}–#${result.last_seq}`;
      const since = result.checkpoint_seq === null ? '' : ` after the retention checkpoint at #${result.checkpoint_seq}`;
      if (result.whole) console.log(`organisation ${organizationId}: whole, ${result.checked_entries} entries (${span})${since}`);
      else {
        broken += 1;
        console.log(`organisation ${organizationId}: BROKEN (${span})${since}`);
        for (const problem of result.problems) console.log(`  #${problem.seq}: ${problem.kind}`);
      }
    }
    console.log(broken === 0 ? `All ${organizations.length} chains are whole.` : `${broken} of ${organizations.length} chains are broken.`);
    return broken === 0 ? 0 : 1;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main();
