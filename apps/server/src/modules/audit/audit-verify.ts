import type { Database } from '@ona/db';
import type { TAuditVerifyResult } from '@ona/contracts';
import { checkpointSignature, entryHash, GENESIS_HASH, sameHex } from './audit-chain.ts';
import { auditEntriesAfter, chainHead, latestCheckpoint } from './audit-repository.ts';

/** Entries read per statement: memory stays flat over a chain of millions. */
const VERIFY_PAGE = 5000;
/** More problems than this are not listed (the chain is broken either way). */
const MAX_PROBLEMS = 100;

/**
 * Walks an organisation's chain from its latest checkpoint (or its start) to its head: each entry's
 * hash must be the keyed hash of its fields (else it was changed), its prev_hash the hash of the
 * entry before and its seq the next one (else one was removed or slipped in), the checkpoint's
 * signature this server's, and the head the last entry (else entries at the end were removed).
 */
export async function verifyAuditChain(db: Database, key: Buffer, organizationId: number): Promise<TAuditVerifyResult> {
  const problems: TAuditVerifyResult['problems'] = [];
  const note = (seq: number, kind: TAuditVerifyResult['problems'][number]['kind']) => {
    if (problems.length < MAX_PROBLEMS) problems.push({ seq, kind });
  };
  const checkpoint = await latestCheckpoint(db, organizationId);
  let expectedSeq = 1;
  let expectedPrev = GENESIS_HASH;
  if (checkpoint) {
    const signature = checkpointSignature(key, checkpoint);
    if (!sameHex(signature, checkpoint.signature)) note(checkpoint.throughSeq, 'checkpoint_signature');
    expectedSeq = checkpoint.throughSeq + 1;
    expectedPrev = checkpoint.throughHash;
  }
  let checked = 0;
  let firstSeq: number | null = null;
  let lastSeq: number | null = null;
  let after = expectedSeq - 1;
  for (;;) {
    const page = await auditEntriesAfter(db, organizationId, after, VERIFY_PAGE);
    for (const entry of page) {
      firstSeq ??= entry.seq;
      if (entry.seq !== expectedSeq) note(entry.seq, 'gap');
      else if (entry.prevHash !== expectedPrev) note(entry.seq, 'link_mismatch');
      if (!sameHex(entryHash(key, entry), entry.hash)) note(entry.seq, 'hash_mismatch');
      expectedSeq = entry.seq + 1;
      expectedPrev = entry.hash;
      lastSeq = entry.seq;
      checked += 1;
    }
    const last = page.at(-1);
    if (!last || page.length < VERIFY_PAGE) break;
    after = last.seq;
  }
  const head = await chainHead(db, organizationId);
  const endSeq = expectedSeq - 1;
  if (head && (head.lastSeq !== endSeq || head.lastHash !== expectedPrev)) note(head.lastSeq, 'head_mismatch');
  if (!head && checked > 0) note(endSeq, 'head_mismatch');
  return { whole: problems.length === 0, checked_entries: checked, first_seq: firstSeq, last_seq: lastSeq, checkpoint_seq: checkpoint?.throughSeq ?? null, problems };
}
