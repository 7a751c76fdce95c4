import { createHmac } from 'node:crypto';

/** The party every address outside the organisation's domains becomes. */
export const EXTERNAL_PARTY = 'external';

/** An address as exports write it: `Name <a@b>`, `mailto:a@b`, any case. Null when it is none. */
export function normalisedAddress(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let text = raw.trim();
  const angled = /<([^<>]+)>/.exec(text);
  if (angled?.[1]) text = angled[1];
  text = text.replace(/^mailto:/i, '').trim().toLowerCase();
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text) ? text : null;
}

/** A party of a weekly count: a directory person, an address of ours not in the directory yet, or `external`. */
export interface Party {
  key: string;
  personId: number | null;
}

/**
 * Turns addresses into parties at the door (docs/collaboration-network.md, "Pseudonymised at the
 * door"): an address of the organisation's domains becomes the keyed hash (HMAC-SHA-256 with a key
 * derived from SECRETS_KEY) of itself, with the directory person of that address when there is
 * one; any other becomes `external`. The address itself is never stored; the hash lets a person
 * who joins the directory later be matched by hashing their address the same way.
 */
export class PartyResolver {
  private readonly known = new Map<string, Party>();
  readonly matched = new Set<number>();
  readonly unmatched = new Set<string>();

  constructor(
    private readonly key: Buffer,
    private readonly domains: ReadonlySet<string>,
    private readonly peopleByAddress: ReadonlyMap<string, number>,
  ) {}

  resolve(address: string): Party {
    const cached = this.known.get(address);
    if (cached) return cached;
    const domain = address.slice(address.lastIndexOf('@') + 1);
    let party: Party;
    if (!this.domains.has(domain)) {
      party = { key: EXTERNAL_PARTY, personId: null };
    } else {
      const personId = this.peopleByAddress.get(address) ?? null;
      party = { key: partyKey(this.key, address), personId };
      if (personId === null) this.unmatched.add(party.key);
      else this.matched.add(personId);
    }
    this.known.set(address, party);
    return party;
  }
}

/** The keyed hash of an address (128 bits, hex). */
export function partyKey(key: Buffer, address: string): string {
  return createHmac('sha256', key).update(address).digest('hex').slice(0, 32);
}

/** The key of the hashes: derived from SECRETS_KEY with a label of its own, so that it is no other feature's key. */
export function collaborationKeyFrom(secretsKey: string): Buffer {
  return createHmac('sha256', secretsKey).update('ona collaboration party key v1').digest();
}
